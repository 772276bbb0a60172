import { Link } from "@remix-run/react";
import type { ChatSummary } from "~/api/conversations/conversations.server";
import { EmptyState } from "~/components/ui/empty-state";
import { TabLinks } from "~/components/ui/tab-links";
import { formatMomentNear } from "~/domain/dates-near";
import { PATHS } from "~/utils/menu";

/**
 * The inbox: one row per conversation, two lines — the other person and when, then their latest line and the space —
 * with the unread ones tinted, barred and bold, and their count. `now` is the loader's, for the dates' years.
 */
export function ConversationList({ conversations, now }: { conversations: ChatSummary[]; now: string }) {
  if (conversations.length === 0)
    return (
      <EmptyState
        testId="conversations-empty"
        message="No messages yet — ask a host about a space from its page."
        action={{ to: PATHS.search, label: "Find a space" }}
      />
    );
  return (
    <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm">
      {conversations.map((conversation) => (
        <li key={conversation.conversationId}>
          {/* Two lines, the news first (docs/design.md, Inbox): who and when, then their latest line and the space. */}
          <Link
            to={`/messages/${conversation.conversationId}`}
            className={`flex items-center gap-3 border-l-4 p-4 hover:bg-slate-50 ${conversation.unread ? "border-brand-600 bg-brand-50" : "border-transparent"}`}
            data-testid="conversation-row"
          >
            <img
              src={conversation.other.profilePic}
              alt=""
              width={44}
              height={44}
              className="h-11 w-11 shrink-0 rounded-full bg-slate-200 object-cover"
            />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span
                  className={`truncate text-slate-900 ${conversation.unread ? "font-bold" : "font-semibold"}`}
                  data-testid="conversation-who"
                >
                  {conversation.unread ? <span className="sr-only">Unread: </span> : null}
                  {conversation.other.name}
                </span>
                {conversation.lastMessage ? (
                  <time
                    dateTime={conversation.lastMessage.createdAt}
                    className="shrink-0 text-xs text-slate-600"
                  >
                    {formatMomentNear(conversation.lastMessage.createdAt, now)}
                  </time>
                ) : null}
              </span>
              <span className="mt-0.5 flex items-center justify-between gap-2">
                <span className="truncate text-sm" data-testid="conversation-news">
                  <span className={conversation.unread ? "font-semibold text-slate-900" : "text-slate-700"}>
                    {conversation.lastMessage?.mine ? "You: " : ""}
                    {conversation.lastMessage?.text}
                  </span>
                  <span className="text-slate-600">
                    {conversation.lastMessage ? " · " : ""}
                    {conversation.spaceTitle}, {conversation.role === "host" ? "you host" : "you rent"}
                  </span>
                </span>
                {conversation.unread ? (
                  <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
                    {conversation.unread}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The messages pages' tabs (docs/product.md, Screens and routes: check-list `tab`): my viewings, notifications,
 * messages.
 */
export function MessagesTabs({ current }: { current: "my" | "notifications" | "messages" }) {
  const tabs = [
    { id: "my", label: "My viewings" },
    { id: "notifications", label: "Notifications" },
    { id: "messages", label: "Messages" },
  ] as const;
  return (
    <TabLinks
      label="Messages and notifications"
      tabs={tabs.map((tab) => ({
        key: tab.id,
        to: tab.id === "messages" ? PATHS.messages : `/messages/check-list?tab=${tab.id}`,
        label: tab.label,
        current: tab.id === current,
      }))}
    />
  );
}
