import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
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
import { getUnreadMessageCount } from "~/api/conversations/conversations.server";
import { getAllUnreadNotification } from "~/api/conversations/notifications.server";
import { logout } from "~/api/user/auth.server";
import { viewUserProfile } from "~/api/user/user.server";
import { BottomMenu } from "./components/bottom-menu";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { KeyFilter } from "./components/key-filter";
import { LiveUpdates } from "./components/live-updates";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { getEnv, publicEnv, publicOrigin } from "./env.server";
import { api } from "./services/api.server";
import { entryCookieHeader } from "./services/entry-url.server";
import { hasSessionCookie } from "./services/session.server";
import { readToast } from "./services/toast.server";
import stylesheet from "./styles/tailwind.css";
import { shellUser, type UnreadFlags } from "./utils/menu";
import { pageMeta } from "./utils/meta";
import { useNonce } from "./utils/nonce";
import { shellFlags } from "./utils/shell";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => pageMeta();

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const client = api(request);
  const [profile, flash] = await Promise.all([
    hasSessionCookie(request) ? client.call(viewUserProfile) : null,
    readToast(request),
  ]);
  const headers = new Headers(flash.headers);
  let unread: UnreadFlags = { notifications: false, messages: false };
  if (profile?.ok) {
    const [notices, chats] = await Promise.all([
      client.call(getAllUnreadNotification),
      client.call(getUnreadMessageCount, {
        query: {
          userId: profile.result.userId,
          openConversationId: openConversationOf(new URL(request.url)),
        },
      }),
    ]);
    // Spec §4: when the unread-notification call fails, the session is no good: log out and go to the login page
    // (once: logged out, the call is not made again).
    if (!notices.ok) {
      await client.call(logout);
      throw redirect("/auth/login", { headers: client.headers });
    }
    // Spec §8: a failed unread-message count clears the flag, silently.
    unread = {
      notifications: notices.result.notificationCount > 0,
      messages: chats.ok && chats.result.totalUnread > 0,
    };
  }
  // Absolute links (canonical URLs, and later share links and e-mails) use PUBLIC_URL when it is set.
  const origin = publicOrigin(request);
  // A visitor's entry URL (spec §3, §4): kept in a sealed cookie, refreshed when absent, invalid or a day old.
  const entryCookie = await entryCookieHeader(request, {
    loggedIn: Boolean(profile?.ok),
    origin,
  });
  if (entryCookie) headers.append("Set-Cookie", entryCookie);
  return data(
    {
      user: profile?.ok ? shellUser(profile.result) : null,
      unread,
      toast: flash.toast ?? (profile && !profile.ok ? profile.toast : null),
      blogUrl: env.BLOG_URL,
      publicOrigin: origin,
      // Settings the browser needs (map tiles), read with useRouteLoaderData("root").
      publicEnv: publicEnv(env),
    },
    { headers },
  );
}

/**
 * The conversation on screen (/messages/<id>): its page reads it as it loads, alongside this loader, so the shell's
 * dot leaves it out rather than show it unread on the very page that reads it.
 */
function openConversationOf(url: URL): string | undefined {
  return /^\/messages\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
}

/** The footer's links: the landing pages, the help centre, contact us and the policies. */
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
