import { NavLink } from "@remix-run/react";
import { bottomMenuItems, type UnreadFlags } from "~/utils/menu";
import { Icon, UnreadDot } from "./icon";

/** The bottom menu on small screens (docs/product.md, Shell). */
export function BottomMenu({ loggedIn, unread }: { loggedIn: boolean; unread?: UnreadFlags }) {
  return (
    <nav
      aria-label="Bottom menu"
      className="fixed inset-x-0 bottom-0 z-30 h-menu border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="mx-auto flex h-full max-w-md justify-around">
        {bottomMenuItems(loggedIn).map((item) => (
          <li key={item.label} className="flex-1">
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium ${
                  // "How it works" is a section of the home page, not a page of its own.
                  isActive && !item.to.includes("#") ? "text-brand-700" : "text-slate-700"
                }`
              }
            >
              <span className="relative">
                <Icon name={item.icon} className="h-6 w-6" />
                {item.icon === "inbox" && unread?.messages ? (
                  <UnreadDot label="You have unread messages" />
                ) : null}
              </span>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
