import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { consoleAudit } from "~/api/operations/queues.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { buttonClass, ConsoleFilters, Field, inputClass } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";

/** The audit log (docs/operations.md): every console action, newest first, filtered by action, record, operator, days. */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Audit log");

const FILTERS = ["action", "recordId", "operator", "from", "to", "before"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  ) as Partial<Record<(typeof FILTERS)[number], string>>;
  const answer = await client.call(consoleAudit, {
    query: { ...filters, before: filters.before ? Number(filters.before) : undefined },
  });
  if (!answer.ok && answer.status === 400) {
    return data({ state, filters, rows: [], problem: answer.message });
  }
  return data({ state, filters, rows: resultOrNotFound(answer), problem: null });
}

export default function AuditLog() {
  const { state, filters, rows, problem } = useLoaderData<typeof loader>();
  const last = rows.at(-1);
  return (
    <ConsoleShell state={state} title="Audit log">
      <ConsoleFilters submit="Filter">
        {(
          [
            ["action", "Action (e.g. listing.hide)", "text"],
            ["recordId", "Record id", "text"],
            ["operator", "Operator e-mail", "text"],
            ["from", "From", "date"],
            ["to", "To", "date"],
          ] as const
        ).map(([name, label, type]) => (
          <Field key={name} label={label}>
            <input name={name} type={type} defaultValue={filters[name] ?? ""} className={inputClass} />
          </Field>
        ))}
      </ConsoleFilters>
      {problem ? (
        <p role="alert" className="mt-3 text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="py-2 pr-3">When</th>
              <th className="py-2 pr-3">Operator</th>
              <th className="py-2 pr-3">Action</th>
              <th className="py-2 pr-3">Record</th>
              <th className="py-2 pr-3">Before → after</th>
              <th className="py-2 pr-3">Note</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">{formatMoment(row.at)}</td>
                <td className="py-2 pr-3">{row.operator}</td>
                <td className="py-2 pr-3 font-mono">{row.action}</td>
                <td className="py-2 pr-3 font-mono break-all">
                  {row.recordType} {row.recordId}
                </td>
                <td className="py-2 pr-3 font-mono break-all">
                  {JSON.stringify(row.before)} → {JSON.stringify(row.after)}
                </td>
                <td className="py-2 pr-3">{row.note ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="mt-3 text-slate-700">No rows.</p> : null}
      {last && rows.length >= 50 ? (
        <Form method="get" className="mt-3">
          {FILTERS.filter((name) => name !== "before").map((name) =>
            filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null,
          )}
          <input type="hidden" name="before" value={last.id} />
          <button type="submit" className={buttonClass}>
            Older
          </button>
        </Form>
      ) : null}
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
