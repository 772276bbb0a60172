import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  consoleReplySupport,
  consoleSetSupportStatus,
  consoleSupportMessage,
} from "~/api/operations/trust.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, Field, inputClass } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { SUPPORT_KINDS, SUPPORT_REPLY_MAX_LENGTH } from "~/domain/support";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";
import { SUPPORT_KIND_WORDS } from "~/screens/report-about";

/**
 * One message of the support inbox (docs/operations.md): what the sender wrote, the reply e-mailed to them (which
 * marks it answered), and closing it or opening it again. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Support message");

function kindOf(value: string | undefined) {
  const kind = SUPPORT_KINDS.find((item) => item === value);
  if (!kind) throw new Response("Not found", { status: 404 });
  return kind;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const answer = await client.call(consoleSupportMessage, {
    query: { kind: kindOf(params.kind), id: params.id ?? "" },
  });
  if (!answer.ok && answer.status === 400) throw new Response("Not found", { status: 404 });
  return data({ state, message: resultOrNotFound(answer) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  const kind = kindOf(params.kind);
  const id = params.id ?? "";
  const here = `/operations/support/${kind}/${id}`;
  if (text(form, "intent") === "reply")
    return actionAnswer(
      await client.call(consoleReplySupport, { body: { kind, id, text: text(form, "text") } }),
      here,
    );
  const status = text(form, "status") === "closed" ? "closed" : "new";
  return actionAnswer(await client.call(consoleSetSupportStatus, { body: { kind, id, status } }), here);
}

export default function SupportMessageDetail() {
  const { state, message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell
      state={state}
      title={`${SUPPORT_KIND_WORDS[message.kind]} from ${message.name ?? "someone"}`}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">E-mail</dt>
        <dd>{message.email ?? "—"}</dd>
        <dt className="font-semibold">Sent</dt>
        <dd>{formatMoment(message.createdAt)}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{message.status}</dd>
        {Object.entries(message.details).map(([key, value]) =>
          value === null || value === undefined || value === "" ? null : (
            <div key={key} className="contents">
              <dt className="font-semibold">{key}</dt>
              <dd>{typeof value === "object" ? JSON.stringify(value) : String(value)}</dd>
            </div>
          ),
        )}
      </dl>
      <h2 className="mt-4 text-lg font-bold">Their message</h2>
      <p className="whitespace-pre-wrap text-sm">{message.message || "—"}</p>
      {message.reply ? (
        <>
          <h2 className="mt-4 text-lg font-bold">
            Our reply{message.answeredAt ? ` (${formatMoment(message.answeredAt)})` : ""}
          </h2>
          <p className="whitespace-pre-wrap text-sm">{message.reply}</p>
        </>
      ) : null}
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      {message.status !== "closed" && message.email ? (
        <Form method="post" className="mt-4 flex flex-col gap-2">
          <Field label={`Reply (e-mailed to ${message.email})`}>
            <textarea
              name="text"
              required
              rows={6}
              maxLength={SUPPORT_REPLY_MAX_LENGTH}
              className={inputClass}
            />
          </Field>
          <button type="submit" name="intent" value="reply" className={`${buttonClass} self-start`}>
            Send the reply
          </button>
        </Form>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="status" value={message.status === "closed" ? "new" : "closed"} />
        <button type="submit" name="intent" value="status" className={buttonClass}>
          {message.status === "closed" ? "Open it again" : "Close the message"}
        </button>
      </Form>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
