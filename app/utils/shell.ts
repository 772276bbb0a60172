/**
 * The app shell's per-route switches, set in a route's `handle` (docs/product.md, Shell): the header is hidden on the
 * search pages and many auth, profile and payment pages; the bottom menu on flow pages (signup, listing,
 * reservation, payment summary, ...); the home page has its own header style.
 */
export type ShellHandle = {
  hideHeader?: boolean;
  hideBottomMenu?: boolean;
  headerStyle?: "default" | "home";
};

export type ShellFlags = Required<ShellHandle>;

/** The deepest route that says something wins, so a layout can set a default for its pages. */
export function shellFlags(matches: readonly { handle?: unknown }[]): ShellFlags {
  const flags: ShellFlags = { hideHeader: false, hideBottomMenu: false, headerStyle: "default" };
  for (const match of matches) {
    const handle = (match.handle ?? {}) as ShellHandle;
    if (handle.hideHeader !== undefined) flags.hideHeader = handle.hideHeader;
    if (handle.hideBottomMenu !== undefined) flags.hideBottomMenu = handle.hideBottomMenu;
    if (handle.headerStyle !== undefined) flags.headerStyle = handle.headerStyle;
  }
  return flags;
}
