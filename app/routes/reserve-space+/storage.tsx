import { getFormProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SeeThePrice, usePriceWhileChoosing } from "~/components/reservation/price-while-choosing";
import { DatesFields, ReservationLayout } from "~/components/reservation/reservation-layout";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { todayInManila } from "~/domain/dates";
import { choiceOnUrl, loadReservation, saveReservationStep } from "~/screens/reservation.server";
import { pageMeta } from "~/utils/meta";
import { afterDates, reservationPath } from "~/utils/reservation-paths";
import type { ShellHandle } from "~/utils/shell";

/**
 * reserve-space/storage: when the renter moves in, for how long, and how many units of a unit rental. The price
 * shows as soon as the dates are chosen (live with JavaScript, "See the price" without), priced without saving;
 * Continue saves the step.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Reserve storage", "Choose your dates for this storage space.");

export async function loader({ request }: LoaderFunctionArgs) {
  const choice = choiceOnUrl(new URL(request.url));
  const { draft } = await loadReservation(request, choice);
  if (draft.space.type !== "storage") throw redirect(reservationPath("parking", draft.space.spaceId));
  return data({ draft, choice, today: todayInManila() });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveReservationStep(
    request,
    await request.formData(),
    (form) => ({
      startDate: String(form.startDate ?? ""),
      duration: String(form.duration ?? ""),
      ...(form.quantity !== undefined ? { quantity: Number(form.quantity) } : {}),
    }),
    (draft) => afterDates(draft.space.type),
  );
}

export default function ReserveStorage() {
  const { draft, choice, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const price = usePriceWhileChoosing(draft);
  const { space, values } = draft;
  const [form, fields] = useForm<{ startDate: string; duration: string; quantity: string }>({
    id: "reserve-storage",
    lastResult: actionData?.result,
    defaultValue: {
      startDate: choice?.startDate ?? values.startDate ?? "",
      duration: choice?.duration ?? values.duration ?? "",
      quantity: String(choice?.quantity ?? values.quantity ?? 1),
    },
  });
  return (
    <ReservationLayout
      space={space}
      title="When do you need the space?"
      quote={price.quote}
      quoteMessage={price.quoteMessage}
    >
      <Form method="post" {...getFormProps(form)} onChange={price.onChange} className="space-y-5">
        <input type="hidden" name="spaceId" value={space.spaceId} />
        <DatesFields
          startDate={fields.startDate}
          duration={fields.duration}
          dateLabel="Move-in date"
          today={today}
          rentalDurations={space.rentalDurations}
        />
        {space.unitRental ? (
          <TextField
            field={fields.quantity}
            label={`How many ${space.unitName ?? "units"}`}
            inputMode="numeric"
            hint={`Up to ${space.capacity} ${space.unitName ?? "units"}.`}
          />
        ) : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <SeeThePrice />
        <SubmitButton pending={pending}>Continue</SubmitButton>
      </Form>
    </ReservationLayout>
  );
}
