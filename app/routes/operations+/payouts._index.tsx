import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { consoleMarkBatchPaid, consolePayoutBatches } from "~/api/operations/money.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, Field, inputClass, NoteField } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * The payouts queue (docs/operations.md): the weekly batches — download one's CSV for the bank, then mark it paid with
 * the transfer's reference and a note — and the hosts owed money who have no payout method. The same services as
 * `npm run ops -- payouts:export / payouts:mark-paid`. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Payouts");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  return data({ state, ...resultOrNotFound(await client.call(consolePayoutBatches)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  return actionAnswer(
    await client.call(consoleMarkBatchPaid, {
      body: { batchId: text(form, "batchId"), reference: text(form, "reference"), note: text(form, "note") },
    }),
    "/operations/payouts",
  );
}

export default function PayoutsQueue() {
  const { state, batches, withoutMethod } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell state={state} title="Payouts">
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      <h2 className="text-lg font-semibold text-slate-900">Weekly batches</h2>
      {batches.length === 0 ? <p className="text-slate-700">No payout batch yet.</p> : null}
      <ul className="mt-2 space-y-4">
        {batches.map((batch) => (
          <li
            key={batch.id}
            className="rounded-md border border-slate-300 p-4"
            aria-label={`Week of ${batch.weekOf}`}
          >
            <h3 className="font-semibold text-slate-900">
              Week of {batch.weekOf} · {batch.state === "paid" ? "paid" : "open"} · {batch.payouts} payout(s)
              · {formatPeso(batch.amount)}
            </h3>
            {batch.state === "paid" ? (
              <p className="text-sm text-slate-700">
                Paid {batch.paidAt ? formatMoment(batch.paidAt) : ""} · reference {batch.reference}
              </p>
            ) : null}
            {batch.payouts > 0 ? (
              <a
                href={`/operations/payouts/export?batchId=${batch.id}`}
                download
                className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
              >
                Download the CSV (week of {batch.weekOf})
              </a>
            ) : null}
            {batch.state === "open" && batch.payouts > 0 ? (
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="batchId" value={batch.id} />
                <Field label="Transfer reference">
                  <input name="reference" required maxLength={40} className={inputClass} />
                </Field>
                <NoteField />
                <button type="submit" className={buttonClass}>
                  Mark paid
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Hosts owed money without a payout method</h2>
      {withoutMethod.length === 0 ? (
        <p className="text-slate-700">Every host owed money has a payout method.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {withoutMethod.map((host) => (
            <li key={host.id}>
              <a href={`/operations/users/${host.id}`} className="font-semibold text-brand-700 underline">
                {host.name}
              </a>{" "}
              · {host.email} · owed {formatPeso(host.owed)}
            </li>
          ))}
        </ul>
      )}
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
