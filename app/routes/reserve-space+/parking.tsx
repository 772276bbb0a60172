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
import { ErrorList, SubmitButton } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { todayInManila } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { choiceOnUrl, loadReservation, saveReservationStep } from "~/screens/reservation.server";
import { pageMeta } from "~/utils/meta";
import { reservationPath } from "~/utils/reservation-paths";
import type { ShellHandle } from "~/utils/shell";

/**
 * reserve-space/parking: the start date, how long, and every day of the month or chosen days of the week
 * (parking-selected-days), priced by the days counted (docs/product.md, Parking month). The price shows as soon
 * as the dates are chosen (live with JavaScript, "See the price" without), priced without saving; for chosen days it
 * waits for the days, on the next step, rather than showing the every-day price.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Reserve parking", "Choose your dates for this parking space.");

export async function loader({ request }: LoaderFunctionArgs) {
  const choice = choiceOnUrl(new URL(request.url));
  const { draft } = await loadReservation(request, choice);
  if (draft.space.type !== "parking") throw redirect(reservationPath("storage", draft.space.spaceId));
  return data({ draft, choice, today: todayInManila() });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveReservationStep(
    request,
    await request.formData(),
    (form) => ({
      startDate: String(form.startDate ?? ""),
      duration: String(form.duration ?? ""),
      parkingMode: form.parkingMode === "selected_days" ? "selected_days" : "full_month",
    }),
    (draft) =>
      draft.values.parkingMode === "selected_days" ? "parking-selected-days" : "message-for-keeper",
  );
}

export default function ReserveParking() {
  const { draft, choice, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const price = usePriceWhileChoosing(draft);
  const { space, values } = draft;
  const [form, fields] = useForm<{ startDate: string; duration: string; parkingMode: string }>({
    id: "reserve-parking",
    lastResult: actionData?.result,
    defaultValue: {
      startDate: choice?.startDate ?? values.startDate ?? "",
      duration: choice?.duration ?? values.duration ?? "",
    },
  });
  const mode = choice?.parkingMode ?? values.parkingMode ?? "full_month";
  return (
    <ReservationLayout
      space={space}
      title="When do you need the parking?"
      quote={price.quote}
      quoteMessage={price.quoteMessage}
    >
      <Form method="post" {...getFormProps(form)} onChange={price.onChange} className="space-y-5">
        <input type="hidden" name="spaceId" value={space.spaceId} />
        <DatesFields
          startDate={fields.startDate}
          duration={fields.duration}
          dateLabel="Start date"
          today={today}
          rentalDurations={space.rentalDurations}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Which days</legend>
          <div className="mt-2 space-y-2">
            <label className="flex items-start gap-3 rounded-md border border-slate-300 p-3">
              <input
                type="radio"
                name="parkingMode"
                value="full_month"
                defaultChecked={mode === "full_month"}
              />
              <span>
                Every day{space.monthlyPrice !== null ? ` · ${formatPeso(space.monthlyPrice)} a month` : ""}
              </span>
            </label>
            {space.dailyPrice !== null ? (
              <label className="flex items-start gap-3 rounded-md border border-slate-300 p-3">
                <input
                  type="radio"
                  name="parkingMode"
                  value="selected_days"
                  defaultChecked={mode === "selected_days"}
                />
                <span>Chosen days of the week · {formatPeso(space.dailyPrice)} a day</span>
              </label>
            ) : null}
          </div>
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SeeThePrice />
        <SubmitButton pending={pending}>Continue</SubmitButton>
      </Form>
    </ReservationLayout>
  );
}
