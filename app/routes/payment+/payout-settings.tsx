import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { editPayoutSettings, type PayoutMethodView, payoutSettings } from "~/api/payment/payouts.server";
import { Card, ProfilePage } from "~/components/profile-form";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { type PayoutMethodInput, PayoutMethodSchema } from "~/domain/payout-rules.server";
import { PAYOUT_METHOD_LABELS, PAYOUT_METHODS } from "~/domain/payouts";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * payment/payout-settings (docs/product.md, Screens and routes and Payouts): where a host says where their earnings go
 * — a bank account, GCash or Paymaya. The saved method is shown again with its number masked. A plain form posted to
 * the action, so it works without JavaScript; the server's rules (docs/product.md, Validation texts) answer next to
 * each field and as a toast.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Payout settings", "Where your earnings from hosting are paid: a bank account, GCash or Paymaya.");

const METHOD_HINTS = {
  bank: "Account number of 10 to 16 digits, and the bank's name.",
  gcash: "Your GCash mobile number, 11 digits (09…).",
  paymaya: "Your Paymaya mobile number, 11 digits (09…).",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const answer = await client.call(payoutSettings);
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  return answer.result;
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const submission = parseWithZod(await request.formData(), { schema: PayoutMethodSchema });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(editPayoutSettings, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast("/payment/payout-settings", makeToast("success", answer.message));
}

export default function PayoutSettingsPage() {
  const { payoutMethod } = useLoaderData<typeof loader>();
  return (
    <ProfilePage
      title="Payout settings"
      intro="Your earnings from hosting are paid out every Monday to this account, 48 hours after each paid month starts."
    >
      <Card labelledBy="payout-current">
        <h2 id="payout-current" className="text-lg font-semibold text-slate-900">
          Your payout method
        </h2>
        {payoutMethod ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="payout-method">
            <dt className="text-slate-600">Method</dt>
            <dd className="font-medium text-slate-900">{payoutMethod.methodLabel}</dd>
            <dt className="text-slate-600">Account name</dt>
            <dd className="font-medium text-slate-900">{payoutMethod.accountName}</dd>
            <dt className="text-slate-600">Number</dt>
            <dd className="font-medium text-slate-900" data-testid="payout-number">
              {payoutMethod.accountNumber}
            </dd>
            {payoutMethod.bankName ? (
              <>
                <dt className="text-slate-600">Bank</dt>
                <dd className="font-medium text-slate-900">{payoutMethod.bankName}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-700" data-testid="payout-method-none">
            None yet. Rent you earn waits here until you add one.
          </p>
        )}
        <p className="mt-3 text-sm">
          <Link to="/payment/bills?tab=earnings" className="font-semibold text-brand-700 underline">
            See your earnings and payouts
          </Link>
        </p>
      </Card>
      {/* Started again after each save: the number typed is never shown back. */}
      <MethodForm key={payoutMethod?.updatedAt ?? "none"} payoutMethod={payoutMethod} />
    </ProfilePage>
  );
}

function MethodForm({ payoutMethod }: { payoutMethod: PayoutMethodView | null }) {
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<PayoutMethodInput>({
    id: "payout-settings",
    lastResult: actionData?.result,
    // The number is never sent back to the page: a change is typed in full.
    defaultValue: payoutMethod
      ? {
          method: payoutMethod.method,
          accountName: payoutMethod.accountName,
          bankName: payoutMethod.bankName ?? "",
        }
      : undefined,
  });
  return (
    <Card>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <fieldset
          className="space-y-3"
          aria-describedby={fields.method.errors ? fields.method.errorId : undefined}
        >
          <legend className="text-lg font-semibold text-slate-900">
            {payoutMethod ? "Change your payout method" : "Add a payout method"}
          </legend>
          {PAYOUT_METHODS.map((method) => {
            const { key: _key, ...props } = getInputProps(fields.method, { type: "radio", value: method });
            const id = `${fields.method.id}-${method}`;
            return (
              <div key={method} className="flex items-start gap-3">
                <input {...props} id={id} className="mt-1 h-5 w-5 border-slate-400" />
                <label htmlFor={id} className="text-sm text-slate-800">
                  <span className="font-medium">{PAYOUT_METHOD_LABELS[method]}</span>
                  <span className="block text-slate-600">{METHOD_HINTS[method]}</span>
                </label>
              </div>
            );
          })}
          <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
        </fieldset>
        <TextField field={fields.accountName} label="Account name" autoComplete="name" />
        <TextField
          field={fields.accountNumber}
          label="Account or mobile number"
          hint="Digits only: 10 to 16 for a bank account, 11 for GCash or Paymaya."
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField field={fields.bankName} label="Bank name" hint="Bank transfers only." />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isPending}>Save payout method</SubmitButton>
      </Form>
    </Card>
  );
}
