import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { consoleReports } from "~/api/operations/trust.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ConsoleFilters, Field, inputClass } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { REPORT_KINDS, REPORT_REASON_LABELS, REPORT_STATUSES } from "~/domain/reports";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";
import { aboutLine } from "~/screens/report-about";

/**
 * The reports queue (docs/operations.md): what users reported, open ones first by default, by kind. Every role sees
 * it; trust acts on a report on its own page.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Reports");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const url = new URL(request.url);
  const status = REPORT_STATUSES.find((value) => value === (url.searchParams.get("status") ?? "open"));
  const kind = REPORT_KINDS.find((value) => value === url.searchParams.get("kind"));
  const reports = resultOrNotFound(
    await client.call(consoleReports, {
      query: { ...(status ? { status } : {}), ...(kind ? { kind } : {}) },
    }),
  );
  return data({ state, status: status ?? "", kind: kind ?? "", reports });
}

export default function ReportsQueue() {
  const { state, status, kind, reports } = useLoaderData<typeof loader>();
  return (
    <ConsoleShell state={state} title="Reports">
      <ConsoleFilters submit="Show">
        <Field label="Status">
          <select name="status" defaultValue={status} className={inputClass}>
            {REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
            <option value="all">all</option>
          </select>
        </Field>
        <Field label="Kind">
          <select name="kind" defaultValue={kind} className={inputClass}>
            <option value="">all</option>
            {REPORT_KINDS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </Field>
      </ConsoleFilters>
      {reports.length === 0 ? <p className="mt-6 text-slate-700">No reports here.</p> : null}
      <ul className="mt-4 divide-y divide-slate-200">
        {reports.map((report) => (
          <li key={report.id} className="py-2">
            <Link to={`/operations/reports/${report.id}`} className="font-semibold text-brand-700 underline">
              {REPORT_REASON_LABELS[report.reason]}: {report.kind}
            </Link>{" "}
            <span className="text-sm text-slate-700">
              · {report.status} · by {report.reporter.name} · {formatMoment(report.createdAt)}
            </span>
            <p className="text-sm">{aboutLine(report.context)}</p>
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
