import { data, redirect } from "@remix-run/node";
import { newSpaceSearch } from "~/api/space/search.server";
import { getParkingPriceRange, getStoragePriceRange } from "~/api/space/spaces.server";
import { cityList, viewUserProfile } from "~/api/user/user.server";
import { spaceCard } from "~/components/card-words";
import { CITY_PAGE_LISTINGS, nearestCities, priceLines } from "~/components/city-page/city-page-data";
import { notFound } from "~/components/landing/not-found";
import { priceMarkers } from "~/components/map/price-markers";
import { cityPagePath } from "~/content/cities";
import { SEARCH_PATH } from "~/domain/search";
import { displayUnit } from "~/domain/units";
import type { SpaceType } from "~/domain/vocabulary";
import { publicOrigin } from "~/env.server";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";

/**
 * The loader of both city pages (/storage-city/{city} and /parking-city/{city}), all through the API: the city from
 * GET /user/cityList (an unknown slug is the 404 page; a slug in capitals redirects to its canonical form), its
 * price range from getStoragePriceRange / getParkingPriceRange, and its listings from newSpaceSearch page 1 in the
 * recommended order (the total is the number of active listings of that type there), with the hearts of a
 * logged-in user and sizes in their unit.
 */
export async function loadCityPage(request: Request, type: SpaceType, slug: string | undefined) {
  const client = api(request);
  const list = await client.call(cityList);
  if (!list.ok) throw new Response(list.message, { status: list.status });
  const city = list.result.find((option) => option.slug === slug);
  if (!city) {
    const folded = list.result.find((option) => option.slug === slug?.toLowerCase());
    if (folded) throw redirect(cityPagePath(type, folded.slug), { status: 301 });
    notFound();
  }

  const [prices, search, profile] = await Promise.all([
    type === "storage"
      ? client.call(getStoragePriceRange, { query: { city: city.slug } })
      : client.call(getParkingPriceRange, { query: { city: city.slug } }),
    client.call(newSpaceSearch, { params: { n: "1" }, query: { storageType: type, city: city.slug } }),
    hasSessionCookie(request) ? client.call(viewUserProfile) : null,
  ]);
  if (!prices.ok) throw new Response(prices.message, { status: prices.status });
  if (!search.ok) throw new Response(search.message, { status: search.status });

  const unit = displayUnit(profile?.ok ? profile.result.measurementUnit : null);
  const found = search.result.results.slice(0, CITY_PAGE_LISTINGS);
  const listings = found.map((card) => spaceCard(card, unit));
  const origin = publicOrigin(request);
  const url = new URL(request.url);
  // The share image: the og rendition (app/routes/og.spaces.$image.ts) of the first listing with a photo.
  const covered = found.find((card) => card.coverPhoto !== null);
  return data({
    type,
    city: {
      name: city.name,
      slug: city.slug,
      province: city.province,
      region: city.region,
      latitude: city.latitude,
      longitude: city.longitude,
    },
    total: search.result.total,
    prices: priceLines(type, prices.result),
    listings,
    markers: priceMarkers(listings),
    nearby: nearestCities(city, list.result).map(({ name, slug, province }) => ({ name, slug, province })),
    searchPath: `${SEARCH_PATH}?${new URLSearchParams({ storageType: type, city: city.slug })}`,
    returnTo: `${url.pathname}${url.search}`,
    origin,
    canonicalUrl: `${origin}${cityPagePath(type, city.slug)}`,
    ogImageUrl: covered?.coverPhoto
      ? `${origin}/og/spaces/${covered._id}.jpg?v=${covered.coverPhoto.uploadId}`
      : null,
  });
}

export type CityPageData = Awaited<ReturnType<typeof loadCityPage>>["data"];
