import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { consoleCoupons, consoleCreateCoupon, consoleEndCoupon } from "~/api/operations/money.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, Field, inputClass, NoteField } from "~/components/operations/fields";
import { describeCoupon } from "~/domain/vouchers";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * The coupons queue (docs/operations.md): the coupons made, creating one (the same service and rules as
 * `npm run ops -- coupon:create`) and ending one today, each with a note. Works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Coupons");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  return data({ state, coupons: resultOrNotFound(await client.call(consoleCoupons)) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  if (text(form, "intent") === "end")
    return actionAnswer(
      await client.call(consoleEndCoupon, {
        body: { couponId: text(form, "couponId"), note: text(form, "note") },
      }),
      "/operations/coupons",
    );
  const amount = text(form, "value");
  const byPercent = text(form, "kind") === "percent";
  return actionAnswer(
    await client.call(consoleCreateCoupon, {
      body: {
        code: text(form, "code"),
        ...(byPercent ? { percent: amount } : { amount }),
        from: text(form, "from"),
        until: text(form, "until"),
        limit: text(form, "limit"),
        note: text(form, "note"),
      },
    }),
    "/operations/coupons",
  );
}

export default function CouponsQueue() {
  const { state, coupons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConsoleShell state={state} title="Coupons">
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      <h2 className="text-lg font-semibold text-slate-900">New coupon</h2>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="create" />
        <Field label="Code">
          <input name="code" required maxLength={40} className={inputClass} />
        </Field>
        <Field label="Kind">
          <select name="kind" className={inputClass}>
            <option value="fixed">Pesos off</option>
            <option value="percent">Percent off the first month</option>
          </select>
        </Field>
        <Field label="Value (₱ or %)">
          <input name="value" required inputMode="decimal" className={inputClass} />
        </Field>
        <Field label="From (empty: today)">
          <input name="from" type="date" className={inputClass} />
        </Field>
        <Field label="Until">
          <input name="until" type="date" required className={inputClass} />
        </Field>
        <Field label="Total limit (empty: none)">
          <input name="limit" inputMode="numeric" className={inputClass} />
        </Field>
        <NoteField />
        <button type="submit" className={buttonClass}>
          Create coupon
        </button>
      </Form>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Coupons</h2>
      {coupons.length === 0 ? <p className="text-slate-700">No coupon yet.</p> : null}
      <ul className="mt-2 space-y-3">
        {coupons.map((coupon) => (
          <li key={coupon.id} className="rounded-md border border-slate-300 p-3" aria-label={coupon.code}>
            <p className="font-semibold text-slate-900">
              {coupon.code} · {describeCoupon(coupon)} · {coupon.validFrom} to {coupon.validUntil} ·{" "}
              {coupon.totalLimit === null ? "no total limit" : `at most ${coupon.totalLimit} uses`}
              {coupon.ended ? " · ended" : ""}
            </p>
            {coupon.ended ? null : (
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="couponId" value={coupon.id} />
                <NoteField />
                <button type="submit" className={buttonClass}>
                  End coupon
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
