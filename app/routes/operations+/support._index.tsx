import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { consoleSupportMessages } from "~/api/operations/trust.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ConsoleFilters, Field, inputClass } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { SUPPORT_KINDS } from "~/domain/support";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";
import { SUPPORT_KIND_WORDS } from "~/screens/report-about";

/**
 * The support inbox (docs/operations.md): contact-us messages, feedback, missing-space requests and host enquiries,
 * new ones first by default. Every role answers it; each message opens on its own page.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Support inbox");

const STATUSES = ["new", "answered", "closed"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const url = new URL(request.url);
  const status = STATUSES.find((value) => value === (url.searchParams.get("status") ?? "new"));
  const kind = SUPPORT_KINDS.find((value) => value === url.searchParams.get("kind"));
  const messages = resultOrNotFound(
    await client.call(consoleSupportMessages, {
      query: { ...(status ? { status } : {}), ...(kind ? { kind } : {}) },
    }),
  );
  return data({ state, status: status ?? "all", kind: kind ?? "", messages });
}

export default function SupportInbox() {
  const { state, status, kind, messages } = useLoaderData<typeof loader>();
  return (
    <ConsoleShell state={state} title="Support inbox">
      <ConsoleFilters submit="Show">
        <Field label="Status">
          <select name="status" defaultValue={status} className={inputClass}>
            {STATUSES.map((value) => (
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
            {SUPPORT_KINDS.map((value) => (
              <option key={value} value={value}>
                {SUPPORT_KIND_WORDS[value]}
              </option>
            ))}
          </select>
        </Field>
      </ConsoleFilters>
      {messages.length === 0 ? <p className="mt-6 text-slate-700">No messages here.</p> : null}
      <ul className="mt-4 divide-y divide-slate-200">
        {messages.map((message) => (
          <li key={`${message.kind}:${message.id}`} className="py-2">
            <Link
              to={`/operations/support/${message.kind}/${message.id}`}
              className="font-semibold text-brand-700 underline"
            >
              {SUPPORT_KIND_WORDS[message.kind]} from {message.name ?? message.email ?? "someone"}
            </Link>{" "}
            <span className="text-sm text-slate-700">
              · {message.status} · {formatMoment(message.createdAt)}
            </span>
            <p className="line-clamp-2 text-sm">{message.message}</p>
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
