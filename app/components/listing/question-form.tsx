import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Card } from "~/components/ui/card";
import { useIsPending } from "~/components/ui/use-is-pending";

/** What the action answers: conform's submission reply (errors and typed values), read without conform's client. */
export type QuestionReply = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
} | null;

type Field = "message" | "name" | "email" | "phoneNumber";

/**
 * "Ask a question" on a listing: a POST form to the listing page's action (intent "ask"), which sends it with
 * POST /enquiry/aboutSpace; the host gets it by e-mail, and a logged-in renter's question opens their conversation with
 * the host. Visitors give their name and e-mail; a logged-in user's
 * come from their account. Errors come back from the server next to their fields. Plain inputs, not conform's
 * client: the listing page must stay light (≤ 100 KB of JavaScript, ADR 0019).
 */
export function QuestionForm({
  spaceId,
  conversationId,
  loggedIn,
  lastResult,
  sentId,
}: {
  spaceId: string;
  /** The conversation the question went to (a logged-in renter's), once sent. */
  conversationId?: string | null;
  loggedIn: boolean;
  lastResult?: QuestionReply;
  /** Changes after each question sent, so the form starts empty again. */
  sentId?: string | null;
}) {
  const sending = useIsPending({ intent: "ask" });
  // What the action answered is forgotten when live updates reload the page's data (the question itself is such an
  // update): the way to the conversation stays until the renter leaves the page.
  const [conversation, setConversation] = useState(conversationId ?? null);
  useEffect(() => {
    if (conversationId) setConversation(conversationId);
  }, [conversationId]);
  const value = (field: Field) => {
    const typed = lastResult?.initialValue?.[field];
    return typeof typed === "string" ? typed : "";
  };
  const errors = (field: Field) => lastResult?.error?.[field] ?? [];
  const field = (name: Field, label: string, props: Record<string, unknown> = {}) => {
    const id = `question-${name}`;
    const fieldErrors = errors(name);
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        {name === "message" ? (
          <textarea
            id={id}
            name={name}
            rows={4}
            maxLength={2000}
            required
            defaultValue={value(name)}
            aria-invalid={fieldErrors.length ? true : undefined}
            aria-describedby={fieldErrors.length ? `${id}-error` : undefined}
            className={INPUT}
          />
        ) : (
          <input
            id={id}
            name={name}
            defaultValue={value(name)}
            aria-invalid={fieldErrors.length ? true : undefined}
            aria-describedby={fieldErrors.length ? `${id}-error` : undefined}
            className={INPUT}
            {...props}
          />
        )}
        {fieldErrors.length ? (
          <ul id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {fieldErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  };
  const formErrors = lastResult?.error?.[""] ?? [];
  return (
    <Card as="section" aria-labelledby="question-title">
      <h2 id="question-title" className="text-lg font-semibold text-slate-900">
        Ask the host a question
      </h2>
      <Form key={sentId ?? "question"} method="post" preventScrollReset className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="ask" />
        {field("message", "Your question")}
        {loggedIn ? null : (
          <>
            {field("name", "Your name", { autoComplete: "name", required: true })}
            {field("email", "Your e-mail", { type: "email", autoComplete: "email", required: true })}
          </>
        )}
        {field("phoneNumber", "Your phone number (optional)", { type: "tel", autoComplete: "tel" })}
        {formErrors.length ? <p className="text-sm text-red-700">{formErrors.join(" ")}</p> : null}
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {sending ? "Sending…" : "Send question"}
        </button>
      </Form>
      {conversation ? (
        <p className="mt-3 text-sm text-slate-700">
          The host answers in your messages.{" "}
          <Link to={`/messages/${conversation}`} className="font-semibold text-brand-700 underline">
            Open the conversation
          </Link>
        </p>
      ) : null}
      <p className="mt-3 border-t border-slate-200 pt-3 text-sm text-slate-700">
        Want to see it first?{" "}
        <Link
          to={`/reserve-space/ask-for-visit?spaceId=${spaceId}`}
          className="font-semibold text-brand-700 underline"
        >
          Ask for a visit
        </Link>
      </p>
    </Card>
  );
}

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600";
