import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingChooser } from "~/components/bookings/booking-chooser";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { bookingsToChoose } from "~/screens/booking-chooser.server";
import { pageMeta } from "~/utils/meta";
import { bookingFeedbackPath } from "~/utils/site-paths";

/**
 * /bookings/give-feedback (docs/product.md, Screens and routes), which names no booking: the feedback form of the
 * caller's only booking that has one, or the bookings to choose from. Each booking's own is
 * /bookings/{id}/give-feedback.
 */
export const meta: MetaFunction = () =>
  pageMeta("Give feedback on a booking", "Choose the booking to rate Space Solution's service for.");

export const loader = ({ request }: LoaderFunctionArgs) => bookingsToChoose(request, bookingFeedbackPath);

export default function ChooseFeedback() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <BookingChooser
      title="Give feedback"
      intro="Choose the booking to rate Space Solution's service for."
      cards={cards}
      pathOf={bookingFeedbackPath}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
