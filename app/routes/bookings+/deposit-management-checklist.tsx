import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingChooser } from "~/components/bookings/booking-chooser";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { bookingsToChoose } from "~/screens/booking-chooser.server";
import { pageMeta } from "~/utils/meta";
import { depositChecklistPath } from "~/utils/site-paths";

/**
 * /bookings/deposit-management-checklist (docs/product.md, Screens and routes), which names no booking: the checklist
 * of the caller's only booking that has one, or the bookings to choose from. Each booking's own is
 * /bookings/{id}/deposit-management-checklist.
 */
export const meta: MetaFunction = () =>
  pageMeta("Move-in and move-out checklist", "Choose the booking whose checklist and deposit to open.");

export const loader = ({ request }: LoaderFunctionArgs) => bookingsToChoose(request, depositChecklistPath);

export default function ChooseChecklist() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <BookingChooser
      title="Move-in and move-out checklist"
      intro="Choose the booking whose checklist and deposit to open."
      cards={cards}
      pathOf={depositChecklistPath}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
