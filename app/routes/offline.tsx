import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { VISITOR_PAGE } from "~/utils/visitor-page";

/**
 * The offline page (docs/product.md, Installable and offline): what the service worker (public/sw.js) shows when a
 * page cannot be reached and no copy of it is kept. The worker keeps this page as a visitor sees it and fills the list
 * with the pages saved on the device (gate passes, bookings, receipts), the last saved first. Opened with signal, it
 * says what it is for.
 */
export const meta: MetaFunction = () => [
  ...pageMeta("You are offline", "Space Solution needs a connection for this page."),
  { name: "robots", content: "noindex" },
];

export const handle = VISITOR_PAGE;

export default function Offline() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 md:py-12">
      <h1 className="text-2xl font-bold text-slate-900">You are offline</h1>
      <p className="mt-2 text-slate-700">
        This page needs a connection. Your gate passes, bookings and receipts that you opened on this device
        are saved on it, and open without signal:
      </p>
      <ul id="offline-kept" className="mt-4 space-y-2" data-testid="offline-kept">
        <li className="text-slate-700">
          When you are offline, the pages saved on this device are listed here.
        </li>
      </ul>
      <p className="mt-6">
        <Link
          to={PATHS.home}
          className="inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
