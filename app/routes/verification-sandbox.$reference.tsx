import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireProfile } from "~/services/auth.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * The built-in identity provider ("sandbox", IDENTITY_PROVIDER): the page POST /user/persona { action: "start" }
 * sends the browser to. It plays a third-party provider: it decides nothing through the API, it only sends the
 * browser back to profile-persona-verification with the reference and the result chosen here, and that screen
 * records it. It works only for a pending check of the logged-in user (read with GET /user/persona).
 */
export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Identity check (test provider)", "The built-in test provider of identity checks.");

const RETURN_TO = "/user-profile/profile-persona-verification";

type Check = { reference: string; provider: string; status: "pending" | "passed" | "failed" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const answer = await client.get<Check>("/user/persona", { reference: params.reference ?? "" });
  // Not a check of this user, none at all, or one another provider runs: the sandbox knows nothing about it.
  if (!answer.ok || answer.result.provider !== "sandbox") throw new Response("Not found", { status: 404 });
  const { reference, status } = answer.result;
  return data({ reference, status }, { status: status === "pending" ? 200 : 409, headers: client.headers });
}

export default function VerificationSandbox() {
  const { reference, status } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      <div className="rounded-xl border-2 border-dashed border-amber-500 bg-white p-6 shadow-sm md:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">Test provider</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Identity check (sandbox)</h1>
        <p className="mt-3 text-slate-700">
          This is Space Solution's built-in test provider of identity checks. A real provider would ask for a
          photo of an ID and a selfie here. In the sandbox you choose the outcome, and you are sent back to
          Space Solution with it.
        </p>
        <p className="mt-3 text-sm text-slate-600">
          Reference: <code className="break-all">{reference}</code>
        </p>
        {status === "pending" ? (
          <Form method="get" action={RETURN_TO} className="mt-6 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="reference" value={reference} />
            <button
              type="submit"
              name="result"
              value="passed"
              className="rounded-md bg-green-700 px-5 py-3 font-semibold text-white hover:bg-green-800"
            >
              Pass the check
            </button>
            <button
              type="submit"
              name="result"
              value="failed"
              className="rounded-md bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800"
            >
              Fail the check
            </button>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <p role="status" className="rounded-md bg-slate-100 p-4 text-slate-800">
              This check is already complete ({status}); it cannot be decided again.
            </p>
            <Link to={RETURN_TO} className="font-semibold text-brand-700 underline">
              Back to Space Solution
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
