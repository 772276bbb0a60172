import type { HostCard as HostCardData } from "~/api/space/listing-page.server";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { ratingSummary } from "~/utils/reviews";

const monthYear = new Intl.DateTimeFormat("en-PH", {
  month: "long",
  year: "numeric",
  timeZone: "Asia/Manila",
});

/** The host as renters see them: photo, first name, rating and reviews once they exist, verifications, member since. */
export function HostCard({
  host,
  space,
}: {
  host: HostCardData;
  /** This listing's own average and count, beside the host's. */
  space?: { rating: number | null; totalNumberofReviews: number } | null;
}) {
  const badges = [
    host.adminVerified ? "Verified host" : null,
    host.identityVerified ? "Identity verified" : null,
    host.phoneVerified ? "Phone verified" : null,
  ].filter((badge): badge is string => badge !== null);
  return (
    <Card as="section" aria-labelledby="host-card-title">
      <h2 id="host-card-title" className="text-lg font-semibold text-slate-900">
        Your host
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <img
          src={host.profilePic || DEFAULT_PROFILE_PHOTO}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="h-14 w-14 rounded-full bg-slate-200 object-cover"
        />
        <div>
          <p className="font-semibold text-slate-900">{host.name}</p>
          <p className="text-sm text-slate-700">
            {space ? "Host: " : ""}
            {ratingSummary(host.rating, host.totalNumberofReviews)}
          </p>
          {space ? (
            <p className="text-sm text-slate-700" data-testid="host-card-space-rating">
              This space: {ratingSummary(space.rating, space.totalNumberofReviews)}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            Member since {monthYear.format(new Date(host.memberSince))}
          </p>
        </div>
      </div>
      {badges.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Verifications">
          {badges.map((badge) => (
            <li key={badge}>
              <Badge tone="success">✓ {badge}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
