import { getRecentSearches, newSpaceSearch } from "~/api/space/search.server";
import { cityList, viewUserProfile } from "~/api/user/user.server";
import { spaceCard } from "~/components/card-words";
import { displayUnit } from "~/domain/units";
import { publicOrigin } from "~/env.server";
import { api } from "~/services/api.server";
import { hasSessionCookie } from "~/services/session.server";

/** Featured listings on the home page: a row of storage and one of parking. */
const FEATURED_PER_TYPE = 3;

/**
 * The home page's data: the cities with their active listings, and featured listings as real cards — the
 * recommended (best-rated, then newest) active listings with a photo first, in the city of a logged-in renter's last
 * search when there is one. A failed call leaves its part out; the page still renders.
 */
export async function loadHomePage(request: Request) {
  const client = api(request);
  const loggedIn = hasSessionCookie(request);
  const [cities, profile, recent] = await Promise.all([
    client.call(cityList),
    loggedIn ? client.call(viewUserProfile) : null,
    loggedIn ? client.call(getRecentSearches) : null,
  ]);
  const cityOptions = cities.ok ? cities.result : [];
  const recentCity = recent?.ok
    ? recent.result
        .map((search) => new URLSearchParams(search.query).get("city"))
        .find((slug): slug is string => Boolean(slug && cityOptions.some((city) => city.slug === slug)))
    : undefined;
  const unit = displayUnit(profile?.ok ? profile.result.measurementUnit : null);
  const featured = await Promise.all(
    (["storage", "parking"] as const).map(async (storageType) => {
      const answer = await client.call(newSpaceSearch, {
        params: { n: "1" },
        query: { storageType, ...(recentCity ? { city: recentCity } : {}) },
      });
      const cards = answer.ok ? answer.result.results : [];
      // Cards with a cover photo first: the first look should be of real spaces.
      return [...cards]
        .sort((a, b) => Number(b.coverPhoto !== null) - Number(a.coverPhoto !== null))
        .slice(0, FEATURED_PER_TYPE)
        .map((card) => spaceCard(card, unit));
    }),
  );
  const origin = publicOrigin(request);
  return {
    url: `${origin}/`,
    ogImage: `${origin}/images/og-home.jpg`,
    cities: cityOptions.map(({ name, slug, province, activeSpaces }) => ({
      name,
      slug,
      province,
      activeSpaces,
    })),
    featured: featured.flat(),
    featuredCity: recentCity ? (cityOptions.find((city) => city.slug === recentCity)?.name ?? null) : null,
    toast: cities.ok ? null : cities.toast,
  };
}
