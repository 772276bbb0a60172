import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { consoleUsers } from "~/api/operations/queues.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ConsoleFilters, Field, inputClass } from "~/components/operations/fields";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";

/** The users queue (docs/operations.md): find an account by name, e-mail or phone; suspended ones when asked nothing. */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Users");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const users = resultOrNotFound(await client.call(consoleUsers, { query: q ? { q } : {} }));
  return data({ state, q, users });
}

export default function UsersQueue() {
  const { state, q, users } = useLoaderData<typeof loader>();
  return (
    <ConsoleShell state={state} title="Users">
      <ConsoleFilters submit="Find">
        <Field label="Name, e-mail or phone">
          <input name="q" defaultValue={q} className={inputClass} />
        </Field>
      </ConsoleFilters>
      <p className="mt-4 text-sm text-slate-700">{q ? `Accounts matching “${q}”:` : "Suspended accounts:"}</p>
      {users.length === 0 ? <p className="mt-2 text-slate-700">None.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {users.map((user) => (
          <li key={user.id} className="py-2">
            <Link to={`/operations/users/${user.id}`} className="font-semibold text-brand-700 underline">
              {user.name}
            </Link>{" "}
            <span className="text-sm text-slate-700">
              {user.email}
              {user.phoneNumber ? ` · ${user.phoneNumber}` : ""}
              {user.suspendedAt ? " · suspended" : ""}
              {user.operatorRole ? ` · operator (${user.operatorRole})` : ""}
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
