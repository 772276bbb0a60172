import { data, redirect } from "@remix-run/node";
import { getUnreadMessageCount } from "~/api/conversations/conversations.server";
import { getAllUnreadNotification } from "~/api/conversations/notifications.server";
import { logout } from "~/api/user/auth.server";
import { viewUserProfile } from "~/api/user/user.server";
import { getEnv, publicEnv, publicOrigin } from "~/env.server";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { entryCookieHeader } from "~/screens/entry-url.server";
import { readToast } from "~/screens/toast.server";
import { shellUser, type UnreadFlags } from "~/utils/menu";

/**
 * The shell's data on every page: the logged-in user and their red dots, the toast to show, and the settings the
 * browser needs. It lives here rather than in root.tsx so that the browser's bundle of every page carries none of
 * the server modules it imports.
 */
export async function loadRoot(request: Request) {
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
    // docs/product.md, Session end and redirects: when the unread-notification call fails, the session is no good: log
    // out and go to the login page (once: logged out, the call is not made again).
    if (!notices.ok) {
      await client.call(logout);
      throw redirect("/auth/login", { headers: client.headers });
    }
    // docs/product.md, Toasts: a failed unread-message count clears the flag, silently.
    unread = {
      notifications: notices.result.notificationCount > 0,
      messages: chats.ok && chats.result.totalUnread > 0,
    };
  }
  // Absolute links (canonical URLs, and later share links and e-mails) use PUBLIC_URL when it is set.
  const origin = publicOrigin(request);
  // A visitor's entry URL (docs/product.md, Stored data): kept in a sealed cookie, refreshed when absent, invalid or a
  // day old.
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
