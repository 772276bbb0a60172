import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isbot } from "isbot";
import type { SpaceBrief } from "~/api/listing-page.server";
import { todayInManila } from "~/domain/dates";
import type { Profile } from "~/api/user.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FavouriteButton } from "~/components/favourite-button";
import { notFound, notFoundMeta } from "~/components/landing/not-found";
import { type Availability, AvailabilityCheck } from "~/components/listing/availability";
import { HostCard } from "~/components/listing/host-card";
import { ListingDetails } from "~/components/listing/listing-details";
import { PriceCalculator, readCalculatorFields } from "~/components/listing/price-calculator";
import { QuestionForm } from "~/components/listing/question-form";
import { ASK_INTENT, questionFormSchema } from "~/components/listing/question-form.server";
import { shareMeta } from "~/components/listing/share-meta";
import { SharePanel } from "~/components/listing/share-panel";
import { AreaMap } from "~/components/map/map";
import { formatPeso } from "~/domain/money";
import { coverPhoto } from "~/domain/space";
import { displayUnit } from "~/domain/units";
import { kindLabel, SPACE_TYPE_LABELS, type SpaceType } from "~/domain/vocabulary";
import { publicOrigin } from "~/env.server";
import { api } from "~/services/api.server";
import { hasSessionCookie } from "~/services/session.server";
import { formFailure } from "~/utils/form.server";
import { makeToast } from "~/utils/toast";

/**
 * A listing's public page: /storage/listings/{id}/{slug} and /parking/listings/{id}/{slug} (parking's route file
 * re-exports this module). The id is the identity: a missing or wrong slug, or the wrong type, redirects to the
 * canonical path. Everything comes from GET /space/viewSpaceBrief, which never holds the street address or the pin.
 * Works without JavaScript: the calculator and the availability check are GET forms, the heart and the question
 * POST forms; JavaScript makes the calculator live, the map draw and the share button open the share sheet.
 */

/** The og:image rendition's size (app/routes/og.spaces.$image.ts). */
const OG_IMAGE = { width: 1200, height: 630 };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const client = api(request);
  const spaceId = params.id ?? "";
  const [brief, profile] = await Promise.all([
    client.get<SpaceBrief>("/space/viewSpaceBrief", { spaceId }),
    hasSessionCookie(request) ? client.get<Profile>("/user/viewUserProfile") : null,
  ]);
  if (!brief.ok) {
    if (brief.status === 404 || brief.status === 400) notFound();
    throw new Response(brief.message, { status: brief.status });
  }
  const space = brief.result;
  if (url.pathname !== space.path) {
    throw redirect(`${space.path}${url.search}`, { status: 301, headers: client.headers });
  }

  // A view counts once per visitor per day (the API sets the visitor cookie); not the host's, nor a crawler's.
  if (!space.isOwner && space.status === "active" && !isbot(request.headers.get("User-Agent") ?? "")) {
    await client.post("/space/spaceView", { spaceId: space._id });
  }

  const today = todayInManila();
  const from = url.searchParams.get("from") ?? "";
  const availability = from
    ? await client.get<Availability>("/space/getAvailableSpace", { spaceId: space._id, startDate: from })
    : null;

  const origin = publicOrigin(request);
  const cover = coverPhoto(space);
  return data(
    {
      space,
      loggedIn: Boolean(profile?.ok),
      unit: displayUnit(profile?.ok ? profile.result.measurementUnit : null),
      today,
      calculator: readCalculatorFields(url.searchParams, today),
      calculatorParams: ["days", "start", "day"].filter((name) => url.searchParams.has(name)),
      from,
      availability: availability
        ? availability.ok
          ? { ok: true as const, result: availability.result }
          : { ok: false as const, message: availability.message }
        : null,
      returnTo: `${url.pathname}${url.search}`,
      canonicalUrl: `${origin}${space.path}`,
      ogImageUrl: cover ? `${origin}/og/spaces/${space._id}.jpg?v=${cover.uploadId}` : null,
      coverUrl: cover ? new URL(cover.url, origin).href : null,
    },
    { headers: client.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== ASK_INTENT) throw new Response("Unknown form.", { status: 400 });
  const client = api(request);
  // A session that has ended sends the user home with the session-expired toast (spec §4).
  const profile = hasSessionCookie(request) ? await client.get<Profile>("/user/viewUserProfile") : null;
  const submission = parseWithZod(form, { schema: questionFormSchema(Boolean(profile?.ok)) });
  if (submission.status !== "success") return formFailure(submission, { headers: client.headers });
  const answer = await client.post("/enquiry/aboutSpace", { spaceId: params.id ?? "", ...submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer, headers: client.headers });
  return data(
    {
      result: submission.reply({ resetForm: true }),
      toast: makeToast("success", answer.message),
      sent: true,
    },
    { headers: client.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return notFoundMeta();
  const { space } = loaded;
  const type: SpaceType = space.storageType ?? "storage";
  const title = space.spaceTitle?.trim() || "A space for rent";
  const place = [space.address.barangay, space.address.city].filter(Boolean).join(", ");
  const kind = space.kind ? kindLabel(space.kind) : SPACE_TYPE_LABELS[type];
  const price =
    space.listingPrice === null
      ? ""
      : type === "parking" && space.dailyPrice !== null
        ? ` from ${formatPeso(space.dailyPrice)} a day`
        : ` for ${formatPeso(space.listingPrice)} a month`;
  const summary = `${kind} ${type === "parking" ? "parking" : "storage"}${place ? ` in ${place}` : ""}${price}.`;
  const about = space.description?.replace(/\s+/g, " ").trim() ?? "";
  const description = `${summary} ${about}`.trim().slice(0, 200);
  return shareMeta({
    title,
    description,
    url: loaded.canonicalUrl,
    type: "product",
    image: loaded.ogImageUrl ? { url: loaded.ogImageUrl, ...OG_IMAGE, alt: `Photo of ${title}` } : null,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: title,
      description,
      category: `${SPACE_TYPE_LABELS[type]} space for rent`,
      url: loaded.canonicalUrl,
      ...(loaded.coverUrl ? { image: [loaded.coverUrl] } : {}),
      offers: {
        "@type": "Offer",
        url: loaded.canonicalUrl,
        priceCurrency: "PHP",
        ...(space.listingPrice === null ? {} : { price: (space.listingPrice / 100).toFixed(2) }),
        availability:
          space.status === "active" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        ...(space.listingPrice === null
          ? {}
          : {
              priceSpecification: {
                "@type": "UnitPriceSpecification",
                price: (space.listingPrice / 100).toFixed(2),
                priceCurrency: "PHP",
                unitCode: "MON",
                unitText: "month",
              },
            }),
        areaServed: {
          "@type": "Place",
          name: place || undefined,
          address: {
            "@type": "PostalAddress",
            addressLocality: space.address.city ?? undefined,
            addressRegion: space.address.province ?? undefined,
            addressCountry: "PH",
          },
        },
      },
    },
  });
};

export default function ListingPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { space } = loaded;
  const type: SpaceType = space.storageType ?? "storage";
  const title = space.spaceTitle?.trim() || "Untitled space";
  const place = [space.address.barangay, space.address.city].filter(Boolean).join(", ");
  const calculatorKeep: Record<string, string | string[]> = {};
  for (const name of loaded.calculatorParams) {
    calculatorKeep[name] =
      name === "day" ? loaded.calculator.weekdays.map(String) : loaded.calculator[name as "days" | "start"];
  }
  const unitName = type === "parking" ? "slot" : space.rentMode.entireSpace ? "space" : "unit";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to={`/${type}`} className="underline">
              {SPACE_TYPE_LABELS[type]}
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
          <ListingDetails space={space} unit={loaded.unit} />

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
            {space.approximateLocation ? (
              <AreaMap
                center={space.approximateLocation}
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
              <p className="mt-1 text-sm text-slate-700">
                You pay when the host accepts. Ask a question or check the dates first.
              </p>
              <Link
                to={`/reserve-space/${type}?${new URLSearchParams({ spaceId: space._id })}`}
                className="mt-3 block rounded-md bg-accent px-5 py-3 text-center font-semibold text-slate-900 hover:bg-amber-400"
              >
                Reserve
              </Link>
            </section>
          )}
          <AvailabilityCheck
            from={loaded.from}
            today={loaded.today}
            answer={loaded.availability}
            unitName={unitName}
            keep={calculatorKeep}
          />
          <PriceCalculator
            space={space}
            fields={loaded.calculator}
            keep={loaded.from ? { from: loaded.from } : {}}
          />
          <HostCard host={space.host} />
          {space.isOwner ? null : (
            <QuestionForm
              loggedIn={loaded.loggedIn}
              lastResult={actionData?.result}
              sentId={actionData && "sent" in actionData ? actionData.toast.id : null}
            />
          )}
          <SharePanel url={loaded.canonicalUrl} title={title} />
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
