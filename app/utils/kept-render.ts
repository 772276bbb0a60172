/**
 * A route's `handle` may say `keepRendered: true`: the page it renders for a visitor without a session depends on
 * nothing but its loaders' data and its address, so the server may reuse the markup it rendered for the very same
 * data (app/services/kept-pages.server.ts).
 */
export type KeptRenderHandle = { keepRendered?: boolean };

/**
 * The handle of a page visitors arrive at from search engines and shared links (the city and landing pages) whose
 * own handle says nothing else.
 */
export const KEEP_RENDERED: KeptRenderHandle = { keepRendered: true };
