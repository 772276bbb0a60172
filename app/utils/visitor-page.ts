/**
 * A route's `handle` may say `visitorPage: true`: the page it renders for a visitor without a session depends on
 * nothing but its address and the catalogue, so a shared cache in front of the server (a CDN, the reverse proxy) may
 * keep it for a short while (app/screens/visitor-pages.server.ts, ADR 0045).
 */
export type VisitorPageHandle = { visitorPage?: boolean };

/**
 * The handle of a page visitors arrive at from search engines and shared links (the city and landing pages) whose
 * own handle says nothing else.
 */
export const VISITOR_PAGE: VisitorPageHandle = { visitorPage: true };
