import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { consoleIdentityChecks } from "~/api/operations/trust.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ConsoleFilters, Field, inputClass } from "~/components/operations/fields";
import { formatMoment } from "~/domain/dates";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";

/**
 * The identity checks queue (docs/operations.md): users whose check the provider marked for review, waiting for the
 * trust team's decision. Each opens on its own page with what the provider said.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Identity checks");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const waiting = resultOrNotFound(await client.call(consoleIdentityChecks, { query: q ? { q } : {} }));
  return data({ state, q, waiting });
}

export default function IdentityQueue() {
  const { state, q, waiting } = useLoaderData<typeof loader>();
  return (
    <ConsoleShell state={state} title="Identity checks">
      <ConsoleFilters submit="Find">
        <Field label="Name or e-mail">
          <input name="q" defaultValue={q} className={inputClass} />
        </Field>
      </ConsoleFilters>
      {waiting.length === 0 ? (
        <p className="mt-6 text-slate-700">No identity check waits for review.</p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200">
        {waiting.map((item) => (
          <li key={item.userId} className="py-2">
            <Link
              to={`/operations/identity/${item.userId}`}
              className="font-semibold text-brand-700 underline"
            >
              {item.name}
            </Link>{" "}
            <span className="text-sm text-slate-700">
              {item.email}
              {item.check
                ? ` · ${item.check.provider} ${item.check.providerCheckId ?? ""} · started ${formatMoment(item.check.createdAt)}`
                : ""}
            </span>
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
