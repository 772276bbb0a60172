import type { ShellIconName } from "~/components/icon";

/** The shell's menus, exactly as docs/product.md (Shell) lists them for visitors and logged-in users. */
export type MenuItem = {
  label: string;
  to: string;
  icon: ShellIconName;
  external?: boolean;
};

export const PATHS = {
  home: "/",
  login: "/auth/login",
  search: "/search-space",
  listSpace: "/list-your-space/location",
  howItWorks: "/#how-it-works",
  bookings: "/bookings",
  bills: "/payment/bills",
  notifications: "/messages/check-list?tab=notifications",
  messages: "/messages/list",
  profileMenu: "/user-profile/user-profile-menu",
} as const;

/** Wide screens, the top header. Logged in, the bell, messages and profile follow these as their own controls. */
export function headerItems(loggedIn: boolean, blogUrl: string): MenuItem[] {
  const blog: MenuItem = { label: "Blog", to: blogUrl, icon: "blog", external: true };
  return loggedIn
    ? [
        { label: "Home", to: PATHS.home, icon: "home" },
        blog,
        { label: "Bookings", to: PATHS.bookings, icon: "bookings" },
        { label: "Bills", to: PATHS.bills, icon: "bills" },
        { label: "Listing a space", to: PATHS.listSpace, icon: "list" },
      ]
    : [
        { label: "Home", to: PATHS.home, icon: "home" },
        blog,
        { label: "List a space", to: PATHS.listSpace, icon: "list" },
        { label: "How it works", to: PATHS.howItWorks, icon: "help" },
        { label: "Login", to: PATHS.login, icon: "login" },
      ];
}

/** Small screens, the bottom menu. */
export function bottomMenuItems(loggedIn: boolean): MenuItem[] {
  return loggedIn
    ? [
        { label: "Find", to: PATHS.search, icon: "find" },
        { label: "Booking", to: PATHS.bookings, icon: "bookings" },
        { label: "Bills", to: PATHS.bills, icon: "bills" },
        { label: "Inbox", to: PATHS.messages, icon: "inbox" },
        { label: "Menu", to: PATHS.profileMenu, icon: "menu" },
      ]
    : [
        { label: "Find", to: PATHS.search, icon: "find" },
        { label: "List", to: PATHS.listSpace, icon: "list" },
        { label: "How it works", to: PATHS.howItWorks, icon: "help" },
        { label: "Login/Signup", to: PATHS.login, icon: "login" },
      ];
}

/** What the shell shows of the logged-in user: nickname, else first name; photo, else the default image. */
export type ShellUser = { displayName: string; photoUrl: string };

export const DEFAULT_PROFILE_PHOTO = "/images/default-profile.svg";

export function shellUser(profile: {
  nickName: string | null;
  firstName: string;
  profilePic: string | null;
}): ShellUser {
  return {
    displayName: profile.nickName?.trim() || profile.firstName,
    photoUrl: profile.profilePic || DEFAULT_PROFILE_PHOTO,
  };
}

/**
 * The red dot on the bell and on messages, fed by the unread counts (docs/product.md, Accounts) once those calls exist.
 */
export type UnreadFlags = { notifications: boolean; messages: boolean };
