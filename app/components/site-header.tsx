import { Link, NavLink } from "@remix-run/react";
import { headerItems, type MenuItem, PATHS, type ShellUser, type UnreadFlags } from "~/utils/menu";
import { Icon, UnreadDot } from "./icon";

type Props = {
  user: ShellUser | null;
  unread?: UnreadFlags;
  blogUrl: string;
  variant: "default" | "home";
};

/** The top header on wide screens (docs/product.md, Shell). Small screens get the bottom menu instead. */
export function SiteHeader({ user, unread, blogUrl, variant }: Props) {
  const home = variant === "home";
  return (
    <header
      className={
        home
          ? "absolute inset-x-0 top-0 z-30 hidden bg-gradient-to-b from-brand-900/80 to-transparent text-white md:block"
          : "sticky top-0 z-30 hidden border-b border-slate-200 bg-white text-slate-800 md:block"
      }
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-6">
        <Link to="/" className="flex items-center gap-2 rounded font-bold" aria-label="Space Solution home">
          <img
            src={home ? "/images/logo-light.svg" : "/images/logo.svg"}
            alt=""
            width={36}
            height={36}
            className="h-9 w-9"
          />
          <span className="text-lg tracking-tight">Space Solution</span>
        </Link>
        <nav aria-label="Main menu">
          <ul className="flex items-center gap-1">
            {headerItems(Boolean(user), blogUrl).map((item) => (
              <li key={item.label}>
                <HeaderLink item={item} home={home} />
              </li>
            ))}
            {user ? (
              <>
                <li>
                  <Link
                    to={PATHS.notifications}
                    className={iconLinkClass(home)}
                    aria-label="Notifications"
                    title="Notifications"
                  >
                    <span className="relative">
                      <Icon name="bell" />
                      {unread?.notifications ? <UnreadDot label="You have unread notifications" /> : null}
                    </span>
                  </Link>
                </li>
                <li>
                  <Link
                    to={PATHS.messages}
                    className={iconLinkClass(home)}
                    aria-label="Messages"
                    title="Messages"
                  >
                    <span className="relative">
                      <Icon name="inbox" />
                      {unread?.messages ? <UnreadDot label="You have unread messages" /> : null}
                    </span>
                  </Link>
                </li>
                <li>
                  <Link
                    to={PATHS.profileMenu}
                    className={`ml-2 flex items-center gap-2 rounded-full py-1 pl-1 pr-3 ${home ? "hover:bg-white/10" : "hover:bg-slate-100"}`}
                  >
                    <img
                      src={user.photoUrl}
                      alt=""
                      width={32}
                      height={32}
                      className="h-8 w-8 rounded-full object-cover"
                    />
                    <span className="text-sm font-medium" data-testid="header-user-name">
                      {user.displayName}
                    </span>
                  </Link>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function iconLinkClass(home: boolean) {
  return `flex h-10 w-10 items-center justify-center rounded-full ${home ? "hover:bg-white/10" : "hover:bg-slate-100"}`;
}

function HeaderLink({ item, home }: { item: MenuItem; home: boolean }) {
  const base = `rounded-md px-3 py-2 text-sm font-medium ${home ? "hover:bg-white/10" : "hover:bg-slate-100"}`;
  if (item.external) {
    return (
      <a href={item.to} className={base} target="_blank" rel="noopener noreferrer">
        {item.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (item.icon === "login") {
    return (
      <Link
        to={item.to}
        className="ml-2 rounded-md bg-accent px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-400"
      >
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to}
      end
      className={({ isActive }) =>
        `${base} ${isActive && !home && !item.to.includes("#") ? "text-brand-700 underline underline-offset-4" : ""}`
      }
    >
      {item.label}
    </NavLink>
  );
}
