import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { userChatList } from "~/api/conversations/conversations.server";
import {
  deleteNotification,
  getMyAllNotification,
  readAllNotification,
  readNotification,
} from "~/api/conversations/notifications.server";
import { myViewings } from "~/api/conversations/viewings.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConversationList, MessagesTabs } from "~/components/messages/conversation-list";
import { groupByDay } from "~/components/messages/notification-days";
import { ViewingCard } from "~/components/messages/viewing-card";
import { EmptyState } from "~/components/ui/empty-state";
import { formatMomentNear } from "~/domain/dates-near";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import { makeToast } from "~/utils/toast";

/**
 * The check-list (docs/product.md, Screens and routes: messages check-list, `tab` = my, notifications, messages): my
 * viewings as renter and host, the notifications behind the bell (open one, mark all read, delete), and the
 * conversations. Every action is a plain form, so it all works without JavaScript.
 */
type Tab = "my" | "notifications" | "messages";

export const meta: MetaFunction = () =>
  pageMeta("Notifications and viewings", "Your notifications and viewings.");

function tabOf(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab === "my" || tab === "messages" ? tab : "notifications";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const tab = tabOf(request);
  if (tab === "my") {
    const answer = await client.call(myViewings);
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    return data({ tab, viewings: answer.result, notifications: null, conversations: null, now: "" });
  }
  if (tab === "messages") {
    const answer = await client.call(userChatList, { query: { userId: profile.userId } });
    if (!answer.ok) throw await redirectWithToast("/", answer.toast);
    return data({
      tab,
      viewings: null,
      notifications: null,
      conversations: answer.result,
      now: new Date().toISOString(),
    });
  }
  const answer = await client.call(getMyAllNotification);
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  // The day groups ("Today", "Yesterday") are counted from the server's clock, so the browser draws the same ones.
  return data({
    tab,
    viewings: null,
    notifications: answer.result,
    conversations: null,
    now: new Date().toISOString(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const form = await request.formData();
  const notificationId = String(form.get("notificationId") ?? "");
  const back = PATHS.notifications;
  switch (form.get("intent")) {
    case "open": {
      const answer = await client.call(readNotification, { query: { notificationId } });
      if (!answer.ok) return redirectWithToast(back, answer.toast);
      // A notice's link is a page of this site; the one rule for redirects keeps it so.
      return redirect(safeRedirect(answer.result.link, back));
    }
    case "delete": {
      const answer = await client.call(deleteNotification, { query: { notificationId } });
      return redirectWithToast(back, answer.ok ? makeToast("success", answer.message) : answer.toast);
    }
    case "read-all": {
      const answer = await client.call(readAllNotification, { query: { userId: profile.userId } });
      return answer.ok ? redirect(back) : redirectWithToast(back, answer.toast);
    }
    default:
      return redirect(back);
  }
}

export default function CheckList() {
  const { tab, viewings, notifications, conversations, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">
        {tab === "my" ? "My viewings" : tab === "messages" ? "Messages" : "Notifications"}
      </h1>
      <MessagesTabs current={tab} />
      {conversations ? <ConversationList conversations={conversations} now={now} /> : null}
      {viewings ? (
        viewings.length === 0 ? (
          <EmptyState
            testId="viewings-empty"
            message="No viewings yet — ask for a visit from a listing before you book."
            action={{ to: PATHS.search, label: "Find a space" }}
          />
        ) : (
          <ul className="mt-4 space-y-3">
            {viewings.map((viewing) => (
              <ViewingCard key={viewing.viewingId} viewing={viewing} />
            ))}
          </ul>
        )
      ) : null}
      {notifications ? (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700">
              {notifications.notificationCount
                ? `${notifications.notificationCount} unread`
                : "You are all caught up."}
            </p>
            {notifications.notificationCount ? (
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="read-all"
                  className="text-sm font-semibold text-brand-700 underline"
                >
                  Mark all as read
                </button>
              </Form>
            ) : null}
          </div>
          {notifications.notifications.length === 0 ? (
            <EmptyState
              className="mt-3"
              testId="notifications-empty"
              message="No notifications yet — messages, viewings and booking news will show here."
              action={{ to: "/bookings", label: "See your bookings" }}
            />
          ) : (
            <div className="mt-3 space-y-4" data-testid="notification-days">
              {groupByDay(notifications.notifications, new Date(now)).map((group) => (
                <section key={group.day} aria-labelledby={`day-${group.day}`}>
                  <h2
                    id={`day-${group.day}`}
                    className="text-sm font-semibold uppercase tracking-wide text-slate-600"
                  >
                    {group.label}
                  </h2>
                  <ul
                    className="mt-1 divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm"
                    aria-label={`Notifications, ${group.label}`}
                  >
                    {group.items.map((notification) => (
                      <li
                        key={notification.notificationId}
                        className={`flex items-start gap-3 border-l-4 p-4 ${notification.read ? "border-transparent" : "border-brand-600 bg-brand-50"}`}
                        data-testid="notification"
                      >
                        <Form method="post" className="min-w-0 flex-1">
                          <input type="hidden" name="notificationId" value={notification.notificationId} />
                          {/* Two lines (docs/design.md, Notifications): the news and when, then the space and its details. */}
                          <button type="submit" name="intent" value="open" className="block w-full text-left">
                            <span className="flex items-baseline justify-between gap-2">
                              <span
                                className={`min-w-0 text-slate-900 [overflow-wrap:anywhere] ${notification.read ? "font-medium" : "font-bold"}`}
                                data-testid="notification-news"
                              >
                                {notification.read ? null : <span className="sr-only">Unread: </span>}
                                {notification.title}
                              </span>
                              <time
                                dateTime={notification.createdAt}
                                className="shrink-0 text-xs text-slate-600"
                              >
                                {formatMomentNear(notification.createdAt, now)}
                              </time>
                            </span>
                            {/* Wrapped, at most two rows: the space's title comes first and would hide the news in one. */}
                            <span
                              className="mt-0.5 line-clamp-2 text-sm text-slate-700 [overflow-wrap:anywhere]"
                              data-testid="notification-body"
                            >
                              {notification.body}
                            </span>
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="notificationId" value={notification.notificationId} />
                          <button
                            type="submit"
                            name="intent"
                            value="delete"
                            className="text-sm font-semibold text-red-700 underline"
                            aria-label={`Delete: ${notification.title}`}
                          >
                            Delete
                          </button>
                        </Form>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
