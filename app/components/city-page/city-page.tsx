import type { MetaDescriptor } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listWithUsPath, missingSpacePath } from "~/components/enquiries/paths";
import { FavouriteButton } from "~/components/favourite-button";
import { notFoundMeta } from "~/components/landing/not-found";
import { shareMeta } from "~/components/listing/share-meta";
import { MarkersMap } from "~/components/map/map";
import { SpaceCard } from "~/components/space-card";
import { cityPagePath } from "~/content/cities";
import { SPACE_TYPE_LABELS, SPACE_TYPES, type SpaceType } from "~/domain/space-types";
import type { loadCityPage } from "~/screens/city-page.server";
import { PATHS } from "~/utils/menu";
import { cityPageDescription, cityPageTitle, countText } from "./city-page-words";

/**
 * A city page, /storage-city/{city} or /parking-city/{city} (both route files use this module): how many active
 * spaces of the type the city has, their price range, the top listings as cards, a map of them (with JavaScript
 * only), and links to the search with the city set, to the landing page, to the other type's page and to nearby
 * cities. A city with no listings says so and offers "Can't find a space?" and the call to hosts. Shares well: a
 * canonical URL (the root's), Open Graph and Twitter tags, and JSON-LD (a CollectionPage of an ItemList).
 */

type Loaded = Awaited<ReturnType<typeof loadCityPage>>["data"];

/** The OG image rendition's size (app/routes/og.spaces.$image.ts). */
const OG_IMAGE = { width: 1200, height: 630 };

export function cityPageMeta({ data }: { data: Loaded | undefined }): MetaDescriptor[] {
  if (!data) return notFoundMeta();
  const { type, city, total, prices, listings } = data;
  const title = cityPageTitle(type, city.name);
  const description = cityPageDescription(type, city, total, prices);
  return shareMeta({
    title,
    description,
    url: data.canonicalUrl,
    image: data.ogImageUrl
      ? { url: data.ogImageUrl, ...OG_IMAGE, alt: `A ${type} space for rent in ${city.name}` }
      : null,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "CollectionPage",
      name: title,
      description,
      url: data.canonicalUrl,
      about: {
        "@type": "City",
        name: city.name,
        containedInPlace: { "@type": "AdministrativeArea", name: city.province },
        geo: { "@type": "GeoCoordinates", latitude: city.latitude, longitude: city.longitude },
      },
      mainEntity: {
        "@type": "ItemList",
        name: title,
        numberOfItems: listings.length,
        itemListElement: listings.map((card, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: `${data.origin}${card.path}`,
          name: card.spaceTitle,
        })),
      },
    },
  });
}

export function CityPage() {
  const data = useLoaderData<Loaded>();
  const { type, city, total, prices, listings } = data;
  const label = SPACE_TYPE_LABELS[type];
  const other: SpaceType = SPACE_TYPES.find((each) => each !== type) ?? "parking";

  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-6 py-10 md:py-14">
          <nav aria-label="Breadcrumb" className="text-sm text-brand-100">
            <ol className="flex flex-wrap gap-1">
              <li>
                <Link to={PATHS.home} className="underline">
                  Home
                </Link>
                <span aria-hidden="true"> / </span>
              </li>
              <li>
                <Link to={`/${type}`} className="underline">
                  {label}
                </Link>
                <span aria-hidden="true"> / </span>
              </li>
              <li aria-current="page">{city.name}</li>
            </ol>
          </nav>
          <h1 className="mt-3 text-3xl font-bold leading-tight md:text-4xl">
            {cityPageTitle(type, city.name)}
          </h1>
          <p className="mt-2 text-brand-100">
            {city.province}, {city.region}
          </p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg bg-white/10 p-4">
              <dt className="text-sm text-brand-100">Spaces for rent</dt>
              <dd className="mt-1 text-2xl font-bold" data-testid="city-count">
                {countText(type, total)}
              </dd>
            </div>
            <div className="rounded-lg bg-white/10 p-4">
              <dt className="text-sm text-brand-100">Prices</dt>
              <dd className="mt-1" data-testid="city-prices">
                {prices.length === 0 ? (
                  <span className="font-semibold">No prices yet</span>
                ) : (
                  <ul className="space-y-0.5 font-semibold">
                    {prices.map((line) => (
                      <li key={line.key}>{line.text}</li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
          <Link
            to={data.searchPath}
            className="mt-6 inline-block rounded-md bg-accent px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400"
          >
            Search {label.toLowerCase()} in {city.name}
          </Link>
        </div>
      </section>

      {listings.length === 0 ? (
        <section className="mx-auto max-w-6xl px-6 py-12" aria-labelledby="empty-heading">
          <h2 id="empty-heading" className="text-2xl font-bold">
            No {label.toLowerCase()} spaces in {city.name} yet
          </h2>
          <p className="mt-3 max-w-2xl text-slate-700">
            Hosts in {city.name} have not listed {label.toLowerCase()} space yet. Tell us what you need and we
            will look for one for you — or, if you have space to spare, be the first to list it.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={missingSpacePath({ storageType: type, city: city.slug })}
              className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
            >
              Can't find a space? Tell us what you need
            </Link>
            <Link
              to={PATHS.listSpace}
              className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              List your space in {city.name}
            </Link>
          </div>
        </section>
      ) : (
        <section className="mx-auto max-w-6xl px-6 py-12" aria-labelledby="listings-heading">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="listings-heading" className="text-2xl font-bold">
              Top {label.toLowerCase()} spaces in {city.name}
            </h2>
            {total > listings.length ? (
              <Link to={data.searchPath} className="font-semibold text-brand-700 underline">
                See all {countText(type, total)}
              </Link>
            ) : null}
          </div>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((card, index) => (
              <li key={card._id}>
                <SpaceCard space={card} eager={index === 0}>
                  <FavouriteButton
                    spaceId={card._id}
                    saved={card.favouriteSpace}
                    returnTo={data.returnTo}
                    title={card.spaceTitle}
                  />
                </SpaceCard>
              </li>
            ))}
          </ul>
          <MarkersMap
            markers={data.markers}
            center={city}
            zoom={12}
            label={`Map of ${label.toLowerCase()} spaces in ${city.name}`}
            className="mt-8 h-80 md:h-96"
            fallback={null}
          />
          <p className="mt-6 text-slate-700">
            Not what you need?{" "}
            <Link
              to={missingSpacePath({ storageType: type, city: city.slug })}
              className="font-semibold text-brand-700 underline"
            >
              Can't find a space? Tell us what you need
            </Link>
          </p>
        </section>
      )}

      <section className="bg-white" aria-labelledby="more-heading">
        <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 md:grid-cols-2">
          <div>
            <h2 id="more-heading" className="text-xl font-bold">
              {label} in nearby cities
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-2">
              {data.nearby.map((near) => (
                <li key={near.slug}>
                  <Link to={cityPagePath(type, near.slug)} className="text-brand-700 underline">
                    {label} in {near.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-xl font-bold">More about {label.toLowerCase()}</h2>
            <ul className="mt-4 space-y-2">
              <li>
                <Link to={cityPagePath(other, city.slug)} className="text-brand-700 underline">
                  {SPACE_TYPE_LABELS[other]} in {city.name}
                </Link>
              </li>
              <li>
                <Link to={`/${type}`} className="text-brand-700 underline">
                  How renting {label.toLowerCase()} space works
                </Link>
              </li>
              <li>
                <Link
                  to={listWithUsPath({ storageType: type, city: city.slug })}
                  className="text-brand-700 underline"
                >
                  Have space in {city.name}? List it with us
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
