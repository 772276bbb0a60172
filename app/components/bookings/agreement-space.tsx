import { Link } from "@remix-run/react";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { didNotGoAhead, pinLink } from "~/components/bookings/booking-words";
import { kindLabel, SPACE_TYPE_LABELS } from "~/domain/vocabulary";
import { Section } from "./agreement-layout";

/**
 * The booked space: its listing, type and area, and the exact address and pin once the caller may see them (the
 * API's canSeeExactAddress: from approval on).
 */
export function SpaceSection({ booking }: { booking: BookingDetails }) {
  const { space, exactLocation } = booking;
  const place = [space.barangay, space.city].filter(Boolean).join(", ");
  const street = exactLocation
    ? [exactLocation.addressLine1, exactLocation.addressLine2].filter(Boolean).join(", ")
    : "";
  return (
    <Section title="The space">
      <p>
        <Link to={space.path} className="font-semibold underline">
          {space.spaceTitle}
        </Link>
        {" · "}
        {SPACE_TYPE_LABELS[space.storageType]}
        {space.kind ? `, ${kindLabel(space.kind)}` : ""}
        {place ? ` · ${place}` : ""}
      </p>
      {booking.canSeeExactAddress && exactLocation ? (
        <div data-testid="exact-address">
          <p>
            Address: <strong>{street || place}</strong>
          </p>
          {exactLocation.latitude !== null && exactLocation.longitude !== null ? (
            <p className="text-sm">
              Pin: {exactLocation.latitude.toFixed(6)}, {exactLocation.longitude.toFixed(6)} ·{" "}
              <a
                href={pinLink(exactLocation.latitude, exactLocation.longitude)}
                className="underline print:no-underline"
                target="_blank"
                rel="noopener noreferrer"
              >
                open the pin on a map
              </a>
            </p>
          ) : null}
        </div>
      ) : didNotGoAhead(booking.state) ? (
        <p className="text-slate-600">This booking did not go ahead, so the exact address is not shown.</p>
      ) : (
        <p className="text-slate-600">The exact address is shown here once the host approves the booking.</p>
      )}
    </Section>
  );
}
