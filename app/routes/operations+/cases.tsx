import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { consoleCases, consoleDecideCase } from "~/api/operations/cases.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, Field, inputClass, NoteField } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * The resolution cases queue (docs/operations.md): cases waiting for a decision, and deciding one with an award in
 * pesos and a note — the same service as `npm run ops -- resolution:decide`. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Resolution cases");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  return data({ state, cases: resultOrNotFound(await client.call(consoleCases)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  const pesos = text(form, "awardPesos").replace(/[₱,\s]/g, "");
  // Pesos typed with at most two decimals become whole centavos; anything else is refused by the call's rule.
  const award = /^\d+(\.\d{1,2})?$/.test(pesos) ? Math.round(Number(pesos) * 100) : Number.NaN;
  return actionAnswer(
    await client.call(consoleDecideCase, {
      body: { resolutionId: text(form, "resolutionId"), award, note: text(form, "note") },
    }),
    "/operations/cases",
  );
}

export default function CasesQueue() {
  const { state, cases } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell state={state} title="Resolution cases">
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      {cases.length === 0 ? <p className="text-slate-700">No case waits for a decision.</p> : null}
      <ul className="space-y-4">
        {cases.map((item) => (
          <li key={item.id} className="rounded-md border border-slate-300 p-4">
            <h2 className="font-semibold text-slate-900">
              {item.reason} · {item.state} · asked {formatPeso(item.amountAsked)}
            </h2>
            <p className="text-sm text-slate-700">
              Opened {formatMoment(item.createdAt)} · case {item.id} · booking {item.bookingId}
            </p>
            <p className="mt-2 text-sm">{item.description}</p>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="resolutionId" value={item.id} />
              <Field label="Award (₱)">
                <input name="awardPesos" inputMode="decimal" required className={inputClass} />
              </Field>
              <NoteField label="Note (both sides read it)" />
              <button type="submit" className={buttonClass}>
                Decide
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
