import type { BookingParty } from "~/api/reserve/booking-views.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { ratingSummary } from "~/utils/reviews";

const monthYear = new Intl.DateTimeFormat("en-PH", {
  month: "long",
  year: "numeric",
  timeZone: "Asia/Manila",
});

/**
 * One party of a rental agreement as the other side sees them (the listing page's host card facts): photo, name,
 * rating once reviews exist, verifications and member since — the renter's public profile for the host, the host
 * card for the renter.
 */
export function PartyCard({ party, side }: { party: BookingParty; side: "Host" | "Renter" }) {
  const badges = [
    party.adminVerified ? (side === "Host" ? "Verified host" : "Verified") : null,
    party.identityVerified ? "Identity verified" : null,
    party.phoneVerified ? "Phone verified" : null,
  ].filter((badge): badge is string => badge !== null);
  return (
    <div className="flex flex-1 items-start gap-3 rounded-lg border border-slate-200 p-3 print:border-slate-400">
      <img
        src={party.profilePic || DEFAULT_PROFILE_PHOTO}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="h-12 w-12 shrink-0 rounded-full bg-slate-200 object-cover"
      />
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{side}</p>
        <p
          className="font-semibold text-slate-900 [overflow-wrap:anywhere]"
          data-testid={`party-${side.toLowerCase()}`}
        >
          {party.name}
        </p>
        <p className="text-sm text-slate-700">
          {ratingSummary(party.rating, party.totalNumberofReviews)} · Member since{" "}
          {monthYear.format(new Date(party.memberSince))}
        </p>
        {badges.length ? (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`${side}'s verifications`}>
            {badges.map((badge) => (
              <li
                key={badge}
                className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800"
              >
                ✓ {badge}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
