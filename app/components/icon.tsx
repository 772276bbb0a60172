/**
 * Small inline icons (no icon font or sprite request on slow networks). The shell's icons are on every page; the
 * account menu's own are in ./account-icons, so a visitor's first page does not download them.
 */
export const SHELL_ICON_PATHS = {
  home: "M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  blog: "M4 4h16v16H4zM8 8h8M8 12h8M8 16h5",
  list: "M12 5v14M5 12h14",
  help: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14M12 17h.01",
  login: "M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3",
  find: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3",
  bookings: "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
  bills: "M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4",
  bell: "M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0",
  inbox: "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z",
  menu: "M4 6h16M4 12h16M4 18h16",
};

/** An icon of the header and the bottom menu. */
export type ShellIconName = keyof typeof SHELL_ICON_PATHS;

export function Icon({ name, className }: { name: ShellIconName; className?: string }) {
  return <IconPath d={SHELL_ICON_PATHS[name]} className={className} />;
}

/** A 24×24 stroked icon drawn from an SVG path. */
export function IconPath({ d, className = "h-5 w-5" }: { d: string; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

/** The red dot for unread notifications or messages; its text is for screen readers. */
export function UnreadDot({ label }: { label: string }) {
  return (
    <span className="absolute -right-0.5 -top-0.5 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white">
      <span className="sr-only">{label}</span>
    </span>
  );
}
