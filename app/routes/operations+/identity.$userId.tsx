import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { consoleDecideIdentity, consoleIdentityCheck } from "~/api/operations/trust.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, Field, inputClass, NoteField } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { REASON_MAX_LENGTH } from "~/domain/operators";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * One user's identity checks (docs/operations.md): what the provider said of each, and, while the latest waits for
 * review, the trust team's decision — approve (the user is verified) or refuse with the reason the user reads — with
 * a note for the audit log. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Identity check");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const answer = await client.call(consoleIdentityCheck, { query: { userId: params.userId ?? "" } });
  if (!answer.ok && answer.status === 400) throw new Response("Not found", { status: 404 });
  return data({ state, detail: resultOrNotFound(answer) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  const userId = params.userId ?? "";
  const decision = text(form, "decision") === "failed" ? "failed" : "passed";
  const reason = text(form, "reason");
  return actionAnswer(
    await client.call(consoleDecideIdentity, {
      body: { userId, decision, note: text(form, "note"), ...(reason ? { reason } : {}) },
    }),
    `/operations/identity/${userId}`,
  );
}

const STATUS_WORDS: Record<string, string> = {
  none: "Not checked",
  pending: "Pending",
  passed: "Verified",
  failed: "Refused",
  review: "Waiting for review",
};

export default function IdentityDetail() {
  const { state, detail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell state={state} title={`Identity of ${detail.name}`}>
      <p className="text-sm">
        <Link to={`/operations/users/${detail.userId}`} className="underline">
          {detail.email}
        </Link>{" "}
        · {STATUS_WORDS[detail.identityStatus] ?? detail.identityStatus}
      </p>
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      {detail.check ? (
        <div className="mt-4 flex flex-wrap gap-6">
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="decision" value="passed" />
            <NoteField label="Note (why you approve)" />
            <button type="submit" className={buttonClass}>
              Approve the identity check
            </button>
          </Form>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="decision" value="failed" />
            <Field label="Reason the user reads">
              <input name="reason" required maxLength={REASON_MAX_LENGTH} className={inputClass} />
            </Field>
            <NoteField label="Note (for the audit log)" />
            <button type="submit" className={buttonClass}>
              Refuse the identity check
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-4 text-slate-700">No identity check of this user waits for review.</p>
      )}
      <h2 className="mt-6 text-lg font-bold">Checks</h2>
      {detail.checks.length === 0 ? <p className="text-sm text-slate-700">None.</p> : null}
      <ul className="space-y-2 text-sm">
        {detail.checks.map((check) => (
          <li key={check.id} className="rounded-md border border-slate-300 p-3">
            <p className="font-semibold">
              {check.provider} {check.providerCheckId ?? "(no provider id yet)"} ·{" "}
              {STATUS_WORDS[check.status] ?? check.status}
            </p>
            <p className="text-slate-700">
              Started {formatMoment(check.createdAt)}
              {check.providerEventAt ? ` · provider's last word ${formatMoment(check.providerEventAt)}` : ""}
              {check.teamDecidedAt ? ` · decided by the trust team ${formatMoment(check.teamDecidedAt)}` : ""}
            </p>
            {check.reason ? <p>Reason: {check.reason}</p> : null}
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
