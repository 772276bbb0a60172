import { Link } from "@remix-run/react";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { CONTACTS_HIDDEN_NOTE } from "~/domain/contact-masking";
import { bookingFeedbackPath, depositChecklistPath } from "~/utils/site-paths";
import { Section } from "./agreement-layout";

/**
 * What the renter stores and their message for the host (a parking booking has only the message), with contact
 * details masked until the two have an approved booking.
 */
export function StoredItemsSection({ booking }: { booking: BookingDetails }) {
  return (
    <Section title={booking.type === "parking" ? "The renter's message" : "What the renter stores"}>
      {booking.items.length ? (
        <ul className="list-disc pl-5">
          {booking.items.map((item) => (
            <li key={`${item.name}-${item.quantity}-${item.notes ?? ""}`}>
              {item.name} × {item.quantity}
              {item.notes ? ` — ${item.notes}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {booking.messageForKeeper ? <p className="mt-2">Message: {booking.messageForKeeper}</p> : null}
      {booking.contactsRevealed ? null : (
        <p className="mt-2 text-sm text-amber-900" data-testid="contacts-hidden">
          {CONTACTS_HIDDEN_NOTE}
        </p>
      )}
    </Section>
  );
}

/** The move-in and move-out checklist (where the deposit is settled) and the feedback on the service. */
export function ChecklistSection({ booking }: { booking: BookingDetails }) {
  return (
    <Section title="Move-in, move-out and deposit">
      <p>
        Record the space's condition with photos and notes when moving in and out; the other side signs each
        report off. {booking.price.deposits > 0 ? "The deposit is settled from the move-out checklist." : ""}
      </p>
      <Link
        to={depositChecklistPath(booking.bookingId)}
        className="font-semibold text-brand-700 underline print:hidden"
      >
        Open the move-in and move-out checklist
      </Link>
      <p className="print:hidden">
        <Link to={bookingFeedbackPath(booking.bookingId)} className="text-brand-700 underline">
          Give feedback on Space Solution's service
        </Link>
      </p>
    </Section>
  );
}
