import type { HostCard as HostCardData } from "~/api/space/listing-page.server";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";

const monthYear = new Intl.DateTimeFormat("en-PH", {
  month: "long",
  year: "numeric",
  timeZone: "Asia/Manila",
});

/** The host as renters see them: photo, first name, rating and reviews once they exist, verifications, member since. */
export function HostCard({ host }: { host: HostCardData }) {
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
            {host.totalNumberofReviews > 0 && host.rating !== null
              ? `★ ${host.rating.toFixed(1)} · ${host.totalNumberofReviews} review${host.totalNumberofReviews === 1 ? "" : "s"}`
              : "No reviews yet"}
          </p>
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
