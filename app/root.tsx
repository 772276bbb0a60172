import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { BottomMenu } from "./components/bottom-menu";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { KeyFilter } from "./components/key-filter";
import { LiveUpdates } from "./components/live-updates";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { loadRoot } from "./screens/root.server";
import stylesheet from "./styles/tailwind.css";
import { pageMeta } from "./utils/meta";
import { useNonce } from "./utils/nonce";
import { shellFlags } from "./utils/shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (docs/decisions/0083-web-app-manifest-and-icons.md): the manifest and the icon iPhones put on the
  // home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => pageMeta();

export const loader = ({ request }: LoaderFunctionArgs) => loadRoot(request);

/** The footer's links: the landing pages, the help center, contact us and the policies. */
const FOOTER_LINKS = [
  ["Storage", "/storage"],
  ["Parking", "/parking"],
  ["Help", "/info/help"],
  ["Contact us", "/contact-us"],
  ["Terms and policies", "/policies"],
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const flags = shellFlags(useMatches());
  const user = rootData?.user ?? null;
  const { pathname } = useLocation();
  return (
    <html lang="en-PH" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d5fae" />
        <Meta />
        {rootData ? <link rel="canonical" href={`${rootData.publicOrigin}${pathname}`} /> : null}
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to content
        </a>
        {flags.hideHeader || !rootData ? null : (
          <SiteHeader
            user={user}
            unread={rootData.unread}
            blogUrl={rootData.blogUrl}
            variant={flags.headerStyle}
          />
        )}
        <Toaster />
        <KeyFilter />
        <main
          id="main"
          tabIndex={-1}
          className={`flex-1 focus:outline-none ${flags.hideBottomMenu ? "" : "pb-20 md:pb-0"}`}
        >
          {children}
        </main>
        <footer
          className={`border-t border-slate-200 bg-white ${flags.hideBottomMenu ? "" : "mb-16 md:mb-0"}`}
        >
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-6 py-6 text-sm text-slate-600">
            <p>
              © {new Date().getFullYear()} Space Solution · Storage and parking space across the Philippines
            </p>
            <nav aria-label="Footer">
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {FOOTER_LINKS.map(([label, to]) => (
                  <li key={to}>
                    <Link to={to} className="underline hover:text-brand-700">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <p>Version 2.1.10</p>
          </div>
        </footer>
        {flags.hideBottomMenu || !rootData ? null : (
          <BottomMenu loggedIn={Boolean(user)} unread={rootData.unread} />
        )}
        {user ? <LiveUpdates /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
