import { Link } from "@remix-run/react";
import { PATHS } from "~/utils/menu";

/**
 * The links under a confirmation moment (docs/design.md, Confirmation moments): the booking, the conversation with the
 * other side, and the receipt of what was just paid — each only where there is one, and the booking's only off its
 * own page. Plain links, so they work without JavaScript.
 */
export function MomentLinks({
  bookingId,
  conversationId,
  otherName,
  receipt,
}: {
  /** Null on the booking's own page. */
  bookingId: string | null;
  conversationId: string | null;
  otherName: string;
  receipt: { path: string; number: string } | null;
}) {
  const links = [
    bookingId ? { key: "booking", to: `/bookings/${bookingId}`, label: "See your booking" } : null,
    {
      key: "conversation",
      to: conversationId ? `/messages/${conversationId}` : PATHS.messages,
      label: `Message ${otherName}`,
    },
    receipt ? { key: "receipt", to: receipt.path, label: `Receipt ${receipt.number}` } : null,
  ].filter((link) => link !== null);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" data-testid="moment-links">
      {links.map((link) => (
        <li key={link.key}>
          <Link to={link.to} className="font-semibold text-brand-700 underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
