import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { consoleActOnReport, consoleReport } from "~/api/operations/trust.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, Field, inputClass, NoteField } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { mayDo, REASON_MAX_LENGTH } from "~/domain/operators";
import { REPORT_REASON_LABELS } from "~/domain/reports";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";
import { aboutLine } from "~/screens/report-about";

/**
 * One report (docs/operations.md): who reported what and why, and — for trust — hiding the reported listing with the
 * reason its host sees, suspending the owner, or dismissing the report, each with a note. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Report");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const answer = await client.call(consoleReport, { query: { reportId: params.id ?? "" } });
  if (!answer.ok && answer.status === 400) throw new Response("Not found", { status: 404 });
  return data({ state, report: resultOrNotFound(answer), mayAct: mayDo(state.role, "moderate") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  const reportId = params.id ?? "";
  const intent = text(form, "intent");
  const act = intent === "hideListing" || intent === "suspendOwner" ? intent : "dismiss";
  const reason = text(form, "reason");
  return actionAnswer(
    await client.call(consoleActOnReport, {
      body: { reportId, action: act, note: text(form, "note"), ...(reason ? { reason } : {}) },
    }),
    `/operations/reports/${reportId}`,
  );
}

export default function ReportDetail() {
  const { state, report, mayAct } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell state={state} title={`Report: ${REPORT_REASON_LABELS[report.reason]}`}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Status</dt>
        <dd>
          {report.status}
          {report.closedAt ? ` (${formatMoment(report.closedAt)})` : ""}
        </dd>
        <dt className="font-semibold">Reported by</dt>
        <dd>
          <Link to={`/operations/users/${report.reporter.id}`} className="underline">
            {report.reporter.name}
          </Link>{" "}
          ({report.reporter.email}), {formatMoment(report.createdAt)}
        </dd>
        <dt className="font-semibold">About</dt>
        <dd>{aboutLine(report.context)}</dd>
        <dt className="font-semibold">Owner</dt>
        <dd>
          {report.ownerId ? (
            <Link to={`/operations/users/${report.ownerId}`} className="underline">
              Their account
            </Link>
          ) : (
            "—"
          )}
        </dd>
        <dt className="font-semibold">Their note</dt>
        <dd className="whitespace-pre-wrap">{report.note || "—"}</dd>
      </dl>
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      {mayAct ? (
        <div className="mt-4 flex flex-col gap-4">
          {report.context.kind === "listing" ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <Field label="Reason the host and renters see">
                <input name="reason" required maxLength={REASON_MAX_LENGTH} className={inputClass} />
              </Field>
              <NoteField />
              <button type="submit" name="intent" value="hideListing" className={buttonClass}>
                Hide the listing
              </button>
            </Form>
          ) : null}
          {report.ownerId ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <NoteField label="Note (why the owner is suspended)" />
              <button type="submit" name="intent" value="suspendOwner" className={buttonClass}>
                Suspend the owner
              </button>
            </Form>
          ) : null}
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <NoteField label="Note (why nothing is done)" />
            <button type="submit" name="intent" value="dismiss" className={buttonClass}>
              Dismiss the report
            </button>
          </Form>
        </div>
      ) : null}
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
