import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

/**
 * The host card in words, made by the listing page's loader (hostCardWords, host-card-words.ts), so that the page's
 * JavaScript carries no rating or date rules.
 */
export type HostCardWords = {
  name: string;
  /** The host's photo, or the default one. */
  photo: string;
  /** The host's rating: "Host: ★ 4.5 · 2 reviews" beside the space's, or "No reviews yet". */
  rating: string;
  /** This listing's own rating: "This space: ★ 5.0 · 1 review"; null when the reviews could not be read. */
  spaceRating: string | null;
  /** "Member since November 2026". */
  memberSince: string;
  /** "Verified host", "Identity verified", "Phone verified": the checks the host passed. */
  badges: string[];
};

/** The host as renters see them: photo, first name, rating and reviews once they exist, verifications, member since. */
export function HostCard({ host }: { host: HostCardWords }) {
  return (
    <Card as="section" aria-labelledby="host-card-title">
      <h2 id="host-card-title" className="text-lg font-semibold text-slate-900">
        Your host
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <img
          src={host.photo}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="h-14 w-14 rounded-full bg-slate-200 object-cover"
        />
        <div>
          <p className="font-semibold text-slate-900">{host.name}</p>
          <p className="text-sm text-slate-700">{host.rating}</p>
          {host.spaceRating ? (
            <p className="text-sm text-slate-700" data-testid="host-card-space-rating">
              {host.spaceRating}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">{host.memberSince}</p>
        </div>
      </div>
      {host.badges.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Verifications">
          {host.badges.map((badge) => (
            <li key={badge}>
              <Badge tone="success">✓ {badge}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
