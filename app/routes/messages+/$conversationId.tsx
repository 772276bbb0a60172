import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import {
  deleteChatHistory,
  readMessage,
  sendMessage,
  userChatHistory,
} from "~/api/conversations/conversations.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CONTACTS_HIDDEN_NOTE } from "~/domain/contact-masking";
import { CHAT_PAGE_SIZE, MESSAGE_MAX_LENGTH } from "~/domain/conversation";
import { formatMoment } from "~/domain/dates";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { reportPath } from "~/utils/report-path";
import { makeToast } from "~/utils/toast";

/**
 * One conversation (docs/product.md, Screens and routes: messages): the renter and host's messages and the system's
 * lines (booking requests and changes, viewings), newest at the bottom, and a plain form to answer. Opening it marks it
 * read. With JavaScript a sent message shows at once, the list stays scrolled to the end and new messages arrive live;
 * without, the form posts and the page comes back at the latest message, with a refresh link.
 */
export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  pageMeta(loaded ? `${loaded.chat.other.name} · ${loaded.chat.spaceTitle}` : "Messages");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const conversationId = params.conversationId ?? "";
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const chat = await client.call(userChatHistory, {
    params: { page, pageSize: CHAT_PAGE_SIZE },
    body: { conversationId },
  });
  if (!chat.ok) throw await redirectWithToast(PATHS.messages, chat.toast);
  if (page === 1) await client.call(readMessage, { body: { conversationId } });
  return data({ chat: chat.result });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const conversationId = params.conversationId ?? "";
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    const answer = await client.call(deleteChatHistory, { body: { conversationId } });
    if (!answer.ok) return data({ toast: answer.toast, error: null }, { status: answer.status });
    return redirectWithToast(PATHS.messages, makeToast("success", answer.message));
  }
  const answer = await client.call(sendMessage, {
    body: { conversationId, message: String(form.get("message") ?? "") },
  });
  if (!answer.ok)
    return data(
      { toast: answer.toast, error: answer.errors[0]?.message ?? answer.message },
      { status: answer.status },
    );
  return redirect(`/messages/${conversationId}#latest`);
}

export default function Conversation() {
  const { chat } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending =
    navigation.formData?.get("intent") === "send" ? String(navigation.formData.get("message")) : null;
  const list = useRef<HTMLOListElement>(null);
  const count = chat.messages.length;
  // Keep the newest message in view as messages arrive or are sent.
  useEffect(() => {
    const element = list.current;
    if (element && (count || pending)) element.scrollTop = element.scrollHeight;
  }, [count, pending]);
  const pages = Math.ceil(chat.totalMessages / chat.pageSize);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 py-6 md:py-10">
      <p className="text-sm">
        <Link to={PATHS.messages} className="font-semibold text-brand-700 underline">
          ← All messages
        </Link>
      </p>
      <header className="mt-3 flex items-center gap-3">
        <img
          src={chat.other.profilePic}
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 rounded-full bg-slate-200 object-cover"
        />
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-slate-900">{chat.other.name}</h1>
          <p className="truncate text-sm text-slate-700">
            {chat.spaceTitle} · {chat.role === "host" ? "asking about your space" : "the host"}
          </p>
        </div>
      </header>
      <nav aria-label="About this conversation" className="mt-3 flex flex-wrap gap-2 text-sm">
        {chat.role === "renter" ? (
          <Link
            to={`/messages/schedule-a-visit?spaceId=${chat.spaceId}`}
            className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100"
          >
            Ask for a visit
          </Link>
        ) : null}
        <Link
          to="/messages/check-list?tab=my"
          className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Viewings
        </Link>
        <Link
          to={PATHS.bookings}
          className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Bookings
        </Link>
      </nav>
      {chat.contactsRevealed ? null : (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="contacts-hidden">
          {CONTACTS_HIDDEN_NOTE}
        </p>
      )}
      {chat.page < pages ? (
        <p className="mt-3 text-center text-sm">
          <Link to={`?page=${chat.page + 1}`} className="font-semibold text-brand-700 underline">
            Earlier messages
          </Link>
        </p>
      ) : null}
      <ol
        ref={list}
        aria-label="Messages"
        className="mt-3 max-h-[60vh] space-y-2 overflow-y-auto rounded-xl bg-white p-3 shadow-sm"
        data-testid="messages"
      >
        {chat.messages.map((message, index) => (
          <li
            key={message.messageId}
            id={index === count - 1 ? "latest" : undefined}
            className={
              message.kind === "system"
                ? "mx-auto max-w-[90%] rounded-md bg-slate-100 px-3 py-2 text-center text-sm text-slate-700"
                : `max-w-[85%] rounded-2xl px-3 py-2 ${message.mine ? "ml-auto bg-brand-600 text-white" : "bg-slate-100 text-slate-900"}`
            }
            data-testid={message.kind === "system" ? "system-line" : "message"}
          >
            <p className="whitespace-pre-wrap break-words">{message.text}</p>
            <p
              className={`mt-1 text-xs ${message.mine && message.kind === "text" ? "text-white/80" : "text-slate-600"}`}
            >
              {message.kind === "text" ? `${message.mine ? "You" : message.senderName} · ` : ""}
              <time dateTime={message.createdAt}>{formatMoment(message.createdAt)}</time>
              {message.viewingId ? (
                <>
                  {" · "}
                  <Link
                    to={`/messages/schedule-a-visit?viewingId=${message.viewingId}`}
                    className="underline"
                  >
                    See the viewing
                  </Link>
                </>
              ) : null}
              {message.bookingId ? (
                <>
                  {" · "}
                  <Link to={`/bookings/${message.bookingId}`} className="underline">
                    See the booking
                  </Link>
                </>
              ) : null}
              {message.kind === "text" && !message.mine ? (
                <>
                  {" · "}
                  <Link
                    to={reportPath("message", message.messageId, `/messages/${chat.conversationId}`)}
                    className="underline"
                    aria-label={`Report this message from ${message.senderName}`}
                  >
                    Report
                  </Link>
                </>
              ) : null}
            </p>
          </li>
        ))}
        {pending ? (
          <li
            className="ml-auto max-w-[85%] rounded-2xl bg-brand-600/70 px-3 py-2 text-white"
            aria-live="polite"
          >
            <p className="whitespace-pre-wrap break-words">{pending}</p>
            <p className="mt-1 text-xs text-white/80">Sending…</p>
          </li>
        ) : null}
      </ol>
      <Form key={chat.totalMessages} method="post" className="mt-3" aria-label="Write a message">
        <input type="hidden" name="intent" value="send" />
        <label htmlFor="message" className="block text-sm font-semibold text-slate-800">
          Your message
        </label>
        <textarea
          id="message"
          name="message"
          rows={3}
          required
          maxLength={MESSAGE_MAX_LENGTH}
          aria-invalid={failed?.error ? true : undefined}
          aria-describedby={failed?.error ? "message-error" : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600"
        />
        {failed?.error ? (
          <p id="message-error" className="mt-1 text-sm text-red-700">
            {failed.error}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <a
            href={`/messages/${chat.conversationId}`}
            className="text-sm font-semibold text-brand-700 underline"
          >
            Refresh
          </a>
          <button
            type="submit"
            disabled={Boolean(pending)}
            className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Send
          </button>
        </div>
      </Form>
      <Form method="post" className="mt-6 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="text-sm font-semibold text-red-700 underline">
          Delete this conversation for me
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
