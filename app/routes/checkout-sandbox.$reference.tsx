import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { checkoutSession } from "~/api/reserve/booking-payments.server";
import { MethodChoice } from "~/components/payments/method-choice";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatPeso } from "~/domain/money";
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from "~/domain/payment-methods";
import { paymentProvider } from "~/infra/payments/provider.server";
import { settleSandboxCheckout } from "~/infra/payments/sandbox.server";
import type { ApiClient, ResultOf } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * The built-in payment provider's hosted checkout ("sandbox", ADR 0022): where POST /reserve/payBooking sends the
 * renter while no real provider is set up. It plays the third party: the renter picks a test card, GCash or Maya and
 * whether the payment goes through; the sandbox then tells Space Solution server to server, with a signed webhook in
 * PayMongo's protocol, and sends the browser back. Nothing here marks anything paid: the webhook's job does. It
 * shows only the logged-in renter's own checkouts, and only while the sandbox is the provider in use.
 */
export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Checkout (test provider)", "The built-in test provider of payments.");

type Session = ResultOf<typeof checkoutSession>;

async function sandboxSession(client: ApiClient, reference: string | undefined): Promise<Session> {
  const notFound = () => new Response("Not found", { status: 404 });
  if (paymentProvider()?.name !== "sandbox") throw notFound();
  const answer = await client.call(checkoutSession, { query: { reference: reference ?? "" } });
  if (!answer.ok || answer.result.provider !== "sandbox") throw notFound();
  return answer.result;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const session = await sandboxSession(client, params.reference);
  return data({ session }, { status: session.state === "pending" ? 200 : 409 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const session = await sandboxSession(client, params.reference);
  const form = await request.formData();
  const outcome = form.get("outcome");
  const method = PAYMENT_METHODS.find((known) => known === form.get("method"));
  if (session.state !== "pending" || (outcome !== "paid" && outcome !== "failed") || !method) {
    throw new Response("This checkout cannot be paid.", { status: 409 });
  }
  await settleSandboxCheckout({
    paymentId: session.paymentId,
    reference: session.reference,
    amount: session.amount,
    method,
    outcome,
  });
  if (outcome === "paid") return redirect(session.successUrl);
  const back = new URL(session.cancelUrl);
  back.searchParams.set("payment", "failed");
  return redirect(back.href);
}

export default function CheckoutSandbox() {
  const { session } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  const chosen = (session.method ?? "card") as PaymentMethod;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      <div className="rounded-xl border-2 border-dashed border-amber-500 bg-white p-6 shadow-sm md:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">Test provider</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Checkout (sandbox)</h1>
        <p className="mt-3 text-slate-700">
          This is Space Solution's built-in test checkout. A real provider would take your card, GCash or Maya
          payment here. In the sandbox no money moves: you choose whether the payment goes through.
        </p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="font-semibold">For</dt>
          <dd>{session.spaceTitle}</dd>
          <dt className="font-semibold">Amount</dt>
          <dd data-testid="checkout-amount">{formatPeso(session.amount)}</dd>
        </dl>
        {session.state === "pending" ? (
          <Form method="post" className="mt-6 space-y-5">
            <fieldset>
              <legend className="font-semibold text-slate-900">Pay with</legend>
              <MethodChoice
                name="method"
                chosen={chosen}
                label={(method) => (method === "card" ? "Test card" : PAYMENT_METHOD_NAMES[method])}
              />
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <button
                type="submit"
                name="outcome"
                value="paid"
                disabled={pending}
                className="rounded-md bg-green-700 px-5 py-3 font-semibold text-white hover:bg-green-800"
              >
                Pay {formatPeso(session.amount)}
              </button>
              <button
                type="submit"
                name="outcome"
                value="failed"
                disabled={pending}
                className="rounded-md bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800"
              >
                Make the payment fail
              </button>
            </div>
            <a href={session.cancelUrl} className="inline-block font-semibold text-brand-700 underline">
              Cancel and go back to Space Solution
            </a>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <p role="status" className="rounded-md bg-slate-100 p-4 text-slate-800">
              This checkout is closed ({session.state}); it cannot be paid again.
            </p>
            <a href={session.successUrl} className="font-semibold text-brand-700 underline">
              Back to Space Solution
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
