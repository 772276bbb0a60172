import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { personaStatus } from "~/api/user/verification.server";
import { identityProvider, signSandboxResult } from "~/infra/identity.server";
import type { ApiClient, ResultOf } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * The built-in identity provider ("sandbox", IDENTITY_PROVIDER): the page POST /user/persona { action: "start" }
 * sends the browser to. It plays a third-party provider: it decides nothing through the API. The outcome chosen here
 * is signed on the server, as a provider signs its webhooks, and the browser goes back to
 * profile-persona-verification with the reference, the result and the signature; that screen records it, and the
 * API accepts the result only with a good signature (app/infra/identity.server.ts). It works only for a pending
 * check of the logged-in user (read with GET /user/persona), and only while the sandbox is the provider in use.
 */
export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Identity check (test provider)", "The built-in test provider of identity checks.");

const RETURN_TO = "/user-profile/profile-persona-verification";

type Check = NonNullable<ResultOf<typeof personaStatus>>;

/** The logged-in user's check with this reference, if the sandbox runs it; else Not found. */
async function sandboxCheck(client: ApiClient, reference: string | undefined): Promise<Check> {
  const notFound = () => new Response("Not found", { status: 404 });
  if (identityProvider()?.name !== "sandbox") throw notFound();
  const answer = await client.call(personaStatus, { query: { reference: reference ?? "" } });
  // Not a check of this user, none at all, or one another provider runs: the sandbox knows nothing about it.
  if (!answer.ok || answer.result?.provider !== "sandbox") throw notFound();
  return answer.result;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const { reference, status } = await sandboxCheck(client, params.reference);
  return data({ reference, status }, { status: status === "pending" ? 200 : 409 });
}

/** The sandbox decides: the chosen result goes back to Space Solution with the sandbox's signature. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const { reference, status } = await sandboxCheck(client, params.reference);
  const result = (await request.formData()).get("result");
  if (status !== "pending" || (result !== "passed" && result !== "failed")) {
    throw new Response("This check cannot be decided.", { status: 409 });
  }
  const signature = signSandboxResult(reference, result);
  return redirect(`${RETURN_TO}?${new URLSearchParams({ reference, result, signature })}`);
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
          <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
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
