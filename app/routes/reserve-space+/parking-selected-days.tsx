import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SeeThePrice, usePriceWhileChoosing } from "~/components/reservation/price-while-choosing";
import { ReservationLayout } from "~/components/reservation/reservation-layout";
import { ErrorList, SubmitButton } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import {
  choiceOnUrl,
  loadReservation,
  requireDates,
  saveReservationStep,
} from "~/screens/reservation.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * reserve-space/parking-selected-days: the days of the week the renter parks; the month is priced by them. The price
 * shown is always that of the days ticked on the page (Monday to Friday until the renter chooses), following the
 * boxes with JavaScript and through "See the price" without — never the every-day price of the full month.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Choose your parking days", "Pick the days of the week you need the parking.");

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The days ticked before the renter has chosen any. */
const FIRST_SHOWN = ["1", "2", "3", "4", "5"];

export async function loader({ request }: LoaderFunctionArgs) {
  const onUrl = choiceOnUrl(new URL(request.url));
  // The boxes are the whole choice (the form's hidden parkingMode marks it): none ticked is no days.
  let choice = onUrl
    ? { ...onUrl, parkingMode: "selected_days" as const, weekdays: onUrl.weekdays ?? [] }
    : null;
  let { draft } = await loadReservation(request, choice);
  requireDates(draft);
  if (!choice && !draft.values.weekdays?.length) {
    choice = { parkingMode: "selected_days", weekdays: FIRST_SHOWN };
    ({ draft } = await loadReservation(request, choice));
  }
  return data({ draft });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveReservationStep(
    request,
    await request.formData(),
    (form) => ({
      parkingMode: "selected_days",
      weekdays: ([] as string[]).concat(form.weekdays ?? []).map(Number),
    }),
    () => "message-for-keeper",
  );
}

export default function ParkingSelectedDays() {
  const { draft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const price = usePriceWhileChoosing(draft);
  const [form, fields] = useForm<{ weekdays: string[] }>({
    id: "parking-days",
    lastResult: actionData?.result,
  });
  const chosen = new Set(draft.values.weekdays ?? []);
  return (
    <ReservationLayout
      space={draft.space}
      title="Which days do you park?"
      intro="You pay for the chosen days among the 30 days from your start date."
      quote={price.quote}
      quoteMessage={price.quoteMessage}
    >
      <Form method="post" {...getFormProps(form)} onChange={price.onChange} className="space-y-5">
        <input type="hidden" name="spaceId" value={draft.space.spaceId} />
        {/* Marks the boxes' GET as a choice even with no box ticked. */}
        <input type="hidden" name="parkingMode" value="selected_days" />
        <fieldset aria-describedby={fields.weekdays.errorId}>
          <legend className="text-sm font-semibold text-slate-800">Days of the week</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {WEEKDAYS.map((name, day) => (
              <label key={name} className="flex items-center gap-2 rounded-md border border-slate-300 p-3">
                <input type="checkbox" name="weekdays" value={day} defaultChecked={chosen.has(day)} />
                {name}
              </label>
            ))}
          </div>
          <ErrorList id={fields.weekdays.errorId} errors={fields.weekdays.errors} />
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SeeThePrice />
        <SubmitButton pending={pending}>Continue</SubmitButton>
      </Form>
    </ReservationLayout>
  );
}
