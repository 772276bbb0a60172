import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import { priceSummary } from "~/components/listing-wizard/price-text";
import { coverPhoto, type ListingStatus, type SpaceView } from "~/domain/space";
import { kindLabel, SPACE_TYPE_LABELS } from "~/domain/vocabulary";
import { listingPath, stepPath } from "~/utils/site-paths";
import { editListingPath } from "./paths";

/**
 * One of the host's listings in my-storage-lists: cover photo, title, place, price and status, and what the host
 * can do with it — continue a draft (and what it still needs), view, edit, deactivate or activate a published one.
 * Activation is a plain POST form (intent and spaceId), so it works without JavaScript.
 */

export const STATUS_LABELS: { readonly [S in ListingStatus]: string } = {
  pending: "Draft",
  active: "Active",
  inactive: "Inactive",
};

const STATUS_STYLES: { readonly [S in ListingStatus]: string } = {
  pending: "bg-amber-100 text-amber-900",
  active: "bg-emerald-100 text-emerald-900",
  inactive: "bg-slate-200 text-slate-800",
};

const primary = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const secondary =
  "rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export function ListingCard({ space, busy }: { space: SpaceView; busy: boolean }) {
  const title = space.spaceTitle?.trim() || "Untitled space";
  const cover = coverPhoto(space);
  const place = [space.address.barangay, space.address.city].filter(Boolean).join(", ");
  const price = priceSummary(space);
  return (
    <li className="overflow-hidden rounded-xl bg-white shadow-sm sm:flex" data-testid="my-listing">
      <div className="sm:w-56 sm:shrink-0">
        {cover ? (
          <ResponsiveImage
            image={cover}
            alt={`Cover photo of ${title}`}
            sizes="(min-width: 640px) 14rem, 100vw"
            className="aspect-[4/3] h-full w-full bg-slate-200 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden bg-slate-100 text-sm text-slate-600">
            No photo yet
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
          <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_STYLES[space.status]}`}>
            {STATUS_LABELS[space.status]}
          </span>
        </div>
        <p className="text-sm text-slate-700">
          {space.storageType ? SPACE_TYPE_LABELS[space.storageType] : "Type not chosen yet"}
          {space.kind ? ` · ${kindLabel(space.kind)}` : ""}
          {place ? ` · ${place}` : ""}
        </p>
        <p className="font-semibold text-slate-900">{price ?? "No price yet"}</p>
        {space.status === "pending" && space.publishingGaps.length ? (
          <div className="text-sm text-slate-700">
            <p className="font-semibold">Still needed to publish:</p>
            <ul className="list-disc pl-5">
              {space.publishingGaps.map((gap) => (
                <li key={gap.step + gap.message}>{gap.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Actions space={space} title={title} busy={busy} />
        </div>
      </div>
    </li>
  );
}

/** A visible verb with the listing's title for screen readers ("Edit", read as "Edit Garage in Makati"). */
function Named({ verb, title }: { verb: string; title: string }) {
  return (
    <>
      {verb}
      <span className="sr-only"> {title}</span>
    </>
  );
}

function Actions({ space, title, busy }: { space: SpaceView; title: string; busy: boolean }): ReactNode {
  if (space.status === "pending") {
    return (
      <>
        <Link to={stepPath(space.resumeStep, space._id)} className={primary}>
          <Named verb="Continue" title={title} />
        </Link>
        {space.publishingGaps.length === 0 ? (
          <Link to={stepPath("preview", space._id)} className={secondary}>
            <Named verb="Preview" title={title} />
          </Link>
        ) : null}
      </>
    );
  }
  const active = space.status === "active";
  return (
    <>
      {active ? (
        <Link to={listingPath(space)} className={secondary}>
          <Named verb="View" title={title} />
        </Link>
      ) : null}
      <Link to={editListingPath(space._id)} className={secondary}>
        <Named verb="Edit" title={title} />
      </Link>
      <Form method="post">
        <input type="hidden" name="spaceId" value={space._id} />
        <button
          type="submit"
          name="intent"
          value={active ? "deactivate" : "activate"}
          disabled={busy}
          className={active ? secondary : primary}
        >
          <Named verb={active ? "Deactivate" : "Activate"} title={title} />
        </button>
      </Form>
    </>
  );
}
