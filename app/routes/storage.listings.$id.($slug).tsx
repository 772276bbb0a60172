import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FavouriteButton } from "~/components/favourite-button";
import { notFoundMeta } from "~/components/landing/not-found";
import { ListingSummary } from "~/components/listing/listing-summary";
import { PriceCalculator } from "~/components/listing/price-calculator";
import { StickyReserve } from "~/components/listing/sticky-reserve";
import { AreaMapWhenNear } from "~/components/map/area-map-when-near";
import { nearPart, WhenNear } from "~/components/ui/when-near";
import { spaceTypeOf } from "~/domain/space-types";
import * as rendered from "~/screens/listing/listing-parts.server";
import { askAboutListing, loadListingPage } from "~/screens/listing/listing-route.server";
import { reportPath } from "~/utils/report-path";

/**
 * A listing's public page: /storage/listings/{id}/{slug} and /parking/listings/{id}/{slug} (parking's route file
 * re-exports this module). The id is the identity: a missing or wrong slug, or the wrong type, redirects to the
 * canonical path. Everything comes from GET /space/viewSpaceBrief, which never holds the street address or the pin.
 * Works without JavaScript: the calculator and the availability check are GET forms, the heart and the question
 * POST forms; JavaScript makes the calculator live, the map draw (when the visitor comes near it) and the share button open
 * the share sheet.
 *
 * The page's JavaScript must stay within 100 KB gzip (bench/), so the loader makes everything that needs the
 * vocabularies, units, money and pricing rules (listingPageView, a .server module): the words of the listing, the
 * calculator with its answer (the browser loads the pricing only when the form is used) and the meta.
 */

/**
 * The parts below the listing itself, whose code the browser loads only as they come near the screen (the server
 * renders them at once; see WhenNear, app/components/ui/when-near.tsx): the reviews, the availability check, the host,
 * the question form and the share panel.
 */
const parts = () => import("~/components/listing/listing-parts");
const reviewsPart = nearPart(rendered.ListingReviews, () => parts().then((module) => module.ListingReviews));
const availabilityPart = nearPart(rendered.AvailabilityCheck, () =>
  parts().then((module) => module.AvailabilityCheck),
);
const hostPart = nearPart(rendered.HostCard, () => parts().then((module) => module.HostCard));
const questionPart = nearPart(rendered.QuestionForm, () => parts().then((module) => module.QuestionForm));
const sharePart = nearPart(rendered.SharePanel, () => parts().then((module) => module.SharePanel));

export const loader = (args: LoaderFunctionArgs) => loadListingPage(args);

export const action = (args: ActionFunctionArgs) => askAboutListing(args);

/** The loader made the meta (listingPageView), with the words and prices it needs. */
export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => loaded?.meta ?? notFoundMeta();

export default function ListingPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { space, facts } = loaded;
  const type = spaceTypeOf(space);
  const { title } = facts;
  const place = [space.address.barangay, space.address.city].filter(Boolean).join(", ");
  const unitName = type === "parking" ? "slot" : space.rentMode.entireSpace ? "space" : "unit";

  const reservePath = loaded.openBooking
    ? `/bookings/${loaded.openBooking.bookingId}`
    : `/reserve-space/${type}?${new URLSearchParams({ spaceId: space._id })}`;

  return (
    <div className={`mx-auto max-w-6xl px-4 py-6 ${space.isOwner ? "" : "pb-24 lg:pb-6"}`}>
      {space.hiddenReason !== null ? (
        // Only its host gets here: renters get the 410 page with the reason (docs/operations.md).
        <p
          role="status"
          className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          Space Solution hid this listing from renters: {space.hiddenReason} Contact support to have it shown
          again.
        </p>
      ) : null}
      {space.isOwner ? null : (
        <StickyReserve
          price={facts.monthlyPrice}
          to={reservePath}
          label={loaded.openBooking ? "See your booking" : "Reserve"}
        />
      )}
      {/* Phones have no top header: the logo leads home, and the results of this city are one tap away. */}
      <div className="-mt-2 mb-3 flex items-center justify-between gap-3 md:hidden">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold text-slate-900"
          aria-label="Space Solution home"
        >
          <img src="/images/logo.svg" alt="" width={28} height={28} className="h-7 w-7" />
          <span>Space Solution</span>
        </Link>
        <Link
          to={`/search-space?${new URLSearchParams({ storageType: type, ...(space.address.citySlug ? { city: space.address.citySlug } : {}) })}`}
          className="text-sm font-semibold text-brand-700 underline"
        >
          ← Back to results
        </Link>
      </div>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to={`/${type}`} className="underline">
              {facts.typeLabel}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          {space.address.citySlug && space.address.city ? (
            <li>
              <Link to={`/${type}-city/${space.address.citySlug}`} className="underline">
                {space.address.city}
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
          ) : null}
          <li aria-current="page">{title}</li>
        </ol>
      </nav>

      {space.isOwner ? (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          This is your listing
          {space.status === "active" ? "" : `, and it is ${space.status}: only you can see this page`}.{" "}
          <Link to="/spaces/my-storage-lists" className="font-semibold underline">
            Your listings
          </Link>
        </p>
      ) : null}

      <div className="mb-3 flex justify-end gap-2">
        <FavouriteButton spaceId={space._id} saved={space.favouriteSpace} returnTo={loaded.returnTo} />
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          <ListingSummary facts={facts} host={loaded.host} />

          {loaded.reviews ? (
            <WhenNear part={reviewsPart} reviews={loaded.reviews} returnTo={loaded.returnTo} />
          ) : null}

          <section aria-labelledby="location-title" className="space-y-3">
            <h2 id="location-title" className="text-lg font-semibold text-slate-900">
              Location
            </h2>
            <p className="text-slate-800">
              {place ? `In ${place}.` : "The location is not set yet."}
              {space.exactLocation ? "" : " The exact address is shared once your booking is approved."}
            </p>
            {space.exactLocation ? (
              <p className="text-sm text-slate-700">
                Exact address (shown only to you):{" "}
                {[space.exactLocation.addressLine1, space.exactLocation.addressLine2]
                  .filter(Boolean)
                  .join(", ")}
              </p>
            ) : null}
            {loaded.area ? (
              <AreaMapWhenNear
                center={loaded.area.center}
                radiusMetres={loaded.area.radiusMetres}
                label={`Map of the area around ${title}`}
                className="h-64 md:h-80"
                fallback={`The map needs JavaScript. The space is ${place ? `in ${place}` : "shown on the map"}.`}
              />
            ) : null}
          </section>
        </div>

        <aside className="space-y-4" aria-label="Book, ask and share">
          {space.isOwner ? null : (
            <section aria-labelledby="reserve-title" className="rounded-xl bg-white p-4 shadow-sm">
              <h2 id="reserve-title" className="text-lg font-semibold text-slate-900">
                Reserve this space
              </h2>
              {loaded.openBooking ? (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    You have a booking of this space: {loaded.openBooking.state}.
                  </p>
                  <Link
                    to={reservePath}
                    className="mt-3 block rounded-md bg-accent px-5 py-3 text-center font-semibold text-slate-900 hover:bg-amber-400"
                  >
                    See your booking
                  </Link>
                </>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    You pay when you send your request; if the host declines, everything is refunded. Ask a
                    question or check the dates first.
                  </p>
                  <Link
                    to={reservePath}
                    className="mt-3 block rounded-md bg-accent px-5 py-3 text-center font-semibold text-slate-900 hover:bg-amber-400"
                  >
                    Reserve
                  </Link>
                </>
              )}
            </section>
          )}
          <WhenNear
            part={availabilityPart}
            from={loaded.from}
            today={loaded.today}
            answer={loaded.availability}
            unitName={unitName}
            keep={loaded.calculatorKeep}
          />
          {loaded.calculator ? (
            <PriceCalculator
              key={space._id}
              calculator={loaded.calculator}
              keep={loaded.from ? { from: loaded.from } : {}}
            />
          ) : null}
          <WhenNear part={hostPart} host={loaded.host} />
          {space.isOwner ? null : (
            <WhenNear
              part={questionPart}
              spaceId={space._id}
              conversationId={
                actionData && "sent" in actionData
                  ? (actionData as unknown as { conversationId: string | null }).conversationId
                  : null
              }
              loggedIn={loaded.loggedIn}
              lastResult={actionData?.result}
              sentId={actionData && "sent" in actionData ? actionData.toast.id : null}
            />
          )}
          <WhenNear part={sharePart} url={loaded.canonicalUrl} title={title} />
          {space.isOwner ? null : (
            <p className="px-1 text-sm text-slate-600">
              Something wrong?{" "}
              <Link
                to={reportPath("listing", space._id, loaded.returnTo)}
                className="font-semibold text-brand-700 underline"
              >
                Report this listing
              </Link>{" "}
              or{" "}
              <Link
                to={reportPath("user", space.host.userId, loaded.returnTo)}
                className="font-semibold text-brand-700 underline"
              >
                report the host
              </Link>
              .
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
