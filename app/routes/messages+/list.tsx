import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { userChatList } from "~/api/conversations/conversations.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConversationList, MessagesTabs } from "~/components/messages/conversation-list";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";

/**
 * The inbox (docs/product.md, Screens and routes: messages list; the messages icon and the bottom menu's Inbox open
 * it): every conversation of the user as renter and host, latest first, with what is unread. With JavaScript it follows
 * new messages live.
 */
export const meta: MetaFunction = () => pageMeta("Messages", "Your conversations with hosts and renters.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(userChatList, { query: { userId: profile.userId } });
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  return data({ conversations: answer.result, now: new Date().toISOString() });
}

export default function MessagesList() {
  const { conversations, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
      <MessagesTabs current="messages" />
      <ConversationList conversations={conversations} now={now} />
      <p className="mt-4 text-sm">
        <a href="/messages/list" className="font-semibold text-brand-700 underline">
          Refresh
        </a>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
