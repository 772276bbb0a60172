import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { payBooking } from "~/api/reserve/booking-payments.server";
import { bookReservationDraft, saveReservationDraft } from "~/api/reserve/reservation-drafts.server";
import { MethodChoice } from "~/components/payments/method-choice";
import { ReservationLayout } from "~/components/reservation/reservation-layout";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatPeso } from "~/domain/money";
import { PAYMENT_METHODS } from "~/domain/payment-methods";
import type { ApiClient } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { loadReservation, requireDates } from "~/screens/reservation.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * reserve-space/payment-method: card, GCash or Maya, a last look at the booking, then the request: the saved draft
 * is booked (POST /reserve/bookReservationDraft, priced on the server) and the renter goes to the payment provider's hosted checkout
 * (POST /reserve/payBooking). The request reaches the host once the provider confirms the payment. A voucher or
 * coupon code is applied to the draft by its own small form (POST /reserve/saveReservationDraft with `code`): the
 * quote then shows it as a line and the lowered due, and booking holds it.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("How will you pay?", "Choose card, GCash or Maya.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { draft } = await loadReservation(request);
  requireDates(draft);
  return data({ draft });
}

const PayForm = z.object({ paymentMethod: z.string().optional() });
const CodeForm = z.object({ intent: z.enum(["apply", "remove"]), code: z.string().optional() });

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const spaceId = new URL(request.url).searchParams.get("spaceId") ?? "";
  const formData = await request.formData();
  if (formData.has("intent")) return applyCode(request, client, spaceId, formData);
  const submission = parseWithZod(formData, { schema: PayForm });
  if (submission.status !== "success") return formFailure(submission);
  // The API books the draft as saved; an unchosen method is refused with its own message, next to the field.
  const booked = await client.call(bookReservationDraft, {
    body: { spaceId, paymentMethod: submission.value.paymentMethod as (typeof PAYMENT_METHODS)[number] },
  });
  if (!booked.ok) return formFailure(submission, { failure: booked });
  return goToCheckout(client, booked.result.bookingId);
}

/** Applies the typed code to the draft (or removes it); a refused code's message goes next to the field. */
async function applyCode(request: Request, client: ApiClient, spaceId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: CodeForm });
  if (submission.status !== "success") return formFailure(submission);
  const { intent, code } = submission.value;
  const saved = await client.call(saveReservationDraft, {
    body: { spaceId, code: intent === "remove" ? "" : (code ?? "") },
  });
  if (!saved.ok)
    return formFailure(submission, {
      failure: { ...saved, errors: [{ field: "code", message: saved.message }] },
    });
  const applied = saved.result.quote?.code;
  return redirectWithToast(
    new URL(request.url).pathname + new URL(request.url).search,
    makeToast(
      "success",
      applied
        ? `Code ${applied.code} applied: ${formatPeso(applied.amountOff)} off.`
        : "The code is removed.",
    ),
  );
}

/** From a booking waiting for payment to the provider's hosted checkout; if it cannot open, to the booking's page. */
async function goToCheckout(client: ApiClient, bookingId: string) {
  const checkout = await client.call(payBooking, { body: { bookingId } });
  if (!checkout.ok) return redirectWithToast(`/bookings/${bookingId}`, checkout.toast);
  return redirect(checkout.result.checkoutUrl);
}

export default function PaymentMethod() {
  const { draft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const codeResult = actionData?.result.initialValue?.intent ? actionData.result : undefined;
  const payResult = codeResult ? undefined : actionData?.result;
  const [form, fields] = useForm<{ paymentMethod: string }>({
    id: "payment-method",
    lastResult: payResult,
  });
  const [codeForm, codeFields] = useForm<{ code: string; intent: string }>({
    id: "voucher-code",
    lastResult: codeResult,
    defaultValue: { code: draft.values.code ?? "" },
  });
  const applied = draft.quote?.code;
  const chosen = PAYMENT_METHODS.find((known) => known === draft.values.paymentMethod) ?? "gcash";
  const items = draft.items.filter((item) => (draft.values.itemIds ?? []).includes(item.itemId));
  return (
    <ReservationLayout
      space={draft.space}
      title="How will you pay?"
      intro="You pay the due now on the payment provider's secure page; the host then has 48 hours to answer. If they decline, everything is refunded."
      quote={draft.quote}
      quoteMessage={draft.quoteMessage}
    >
      <Form method="post" {...getFormProps(codeForm)} className="mb-5 space-y-2" data-testid="voucher-form">
        <TextField
          field={codeFields.code}
          label="Voucher or coupon code"
          hint={
            applied
              ? `${applied.code} takes ${formatPeso(applied.amountOff)} off the due.`
              : (draft.codeMessage ?? "Optional. Apply it to see the lower due before you pay.")
          }
          autoComplete="off"
        />
        <div className="flex gap-3">
          <button
            type="submit"
            name="intent"
            value="apply"
            className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Apply code
          </button>
          {draft.values.code ? (
            <button
              type="submit"
              name="intent"
              value="remove"
              className="rounded-md px-4 py-2 font-semibold text-slate-700 underline"
            >
              Remove code
            </button>
          ) : null}
        </div>
      </Form>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <fieldset aria-describedby={fields.paymentMethod.errorId}>
          <legend className="text-sm font-semibold text-slate-800">Pay with</legend>
          <MethodChoice name="paymentMethod" chosen={chosen} />
          <ErrorList id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
        </fieldset>
        {items.length || draft.values.messageForKeeper ? (
          <div className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">
            {items.length ? (
              <p>
                <span className="font-semibold">Items:</span>{" "}
                {items.map((item) => `${item.name} × ${item.quantity}`).join(", ")}
              </p>
            ) : null}
            {draft.values.messageForKeeper ? (
              <p className="mt-1">
                <span className="font-semibold">Message:</span> {draft.values.messageForKeeper}
              </p>
            ) : null}
          </div>
        ) : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        {payResult && actionData && !form.errors?.length ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {actionData.toast.description}
          </p>
        ) : null}
        <SubmitButton pending={pending}>Book and pay</SubmitButton>
      </Form>
    </ReservationLayout>
  );
}
