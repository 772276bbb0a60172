import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { STORM_UPDATE_FORM, sendStormUpdate } from "~/api/conversations/storm-updates.server";
import { setAvailability } from "~/api/reserve/availability.server";
import { activeListing, inactiveListing, pendingListing } from "~/api/space/spaces.server";
import { ListingCard, STATUS_LABELS } from "~/components/my-listings/listing-card";
import { myListingsTab } from "~/components/my-listings/paths";
import { EmptyState } from "~/components/ui/empty-state";
import { TabLinks } from "~/components/ui/tab-links";
import { useIsPending } from "~/components/ui/use-is-pending";
import { LISTING_STATUSES, type ListingStatus, type SpaceView } from "~/domain/space";
import { isOneOf } from "~/domain/vocabulary";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { stepPath } from "~/utils/site-paths";
import { makeToast } from "~/utils/toast";

/**
 * my-storage-lists (docs/product.md, Screens and routes): the host's listings grouped pending (drafts), active and
 * inactive, with counts, as tabs that are links (?tab=). Drafts continue where they stopped; published listings are
 * viewed, edited, deactivated or activated (POST /reserve/setAvailability/{id}). Under them, the storm update: one
 * message to every renter with an approved or active booking (POST /user/sendStormUpdate; docs/product.md,
 * Readiness for typhoon season).
 */
export const meta: MetaFunction = () => pageMeta("My listings", "Your storage and parking listings.");

const LISTS = {
  pending: pendingListing,
  active: activeListing,
  inactive: inactiveListing,
} as const satisfies { readonly [S in ListingStatus]: unknown };

const TAB_NAMES: { readonly [S in ListingStatus]: string } = {
  pending: "Drafts",
  active: "Active",
  inactive: "Inactive",
};

const EMPTY: { readonly [S in ListingStatus]: string } = {
  pending: "No drafts. A listing you start and do not publish waits here, ready to continue.",
  active: "No active listings. Publish a listing and renters can find and book it.",
  inactive: "No inactive listings. A listing you deactivate waits here until you activate it again.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const asked = new URL(request.url).searchParams.get("tab");
  const list = (status: ListingStatus) => client.call(LISTS[status], { query: { userId: profile.userId } });
  let tab: ListingStatus = isOneOf(LISTING_STATUSES, asked) ? asked : "pending";
  let answer = await list(tab);
  // Without a tab: the active listings if there are any, else the drafts, else the inactive ones.
  if (!asked && answer.ok) {
    const { counts } = answer.result;
    const best = (["active", "pending", "inactive"] as const).find((status) => counts[status] > 0);
    if (best && best !== tab) {
      tab = best;
      answer = await list(tab);
    }
  }
  if (!answer.ok) {
    return data({
      tab,
      listings: [] as SpaceView[],
      counts: null,
      toast: answer.toast,
      storm: STORM_UPDATE_FORM,
    });
  }
  return data({
    tab,
    listings: answer.result.listings,
    counts: answer.result.counts,
    toast: null,
    storm: STORM_UPDATE_FORM,
  });
}

const STORM_UPDATE_INTENT = "storm-update";

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const spaceId = String(form.get("spaceId") ?? "");
  if (intent === STORM_UPDATE_INTENT) {
    const message = String(form.get("message") ?? "");
    const sent = await client.call(sendStormUpdate, { body: { message } });
    // A refused update comes back to the form in the host's own words, to fix rather than retype.
    if (!sent.ok) return data({ toast: sent.toast, stormUpdate: message }, { status: sent.status });
    const { renters } = sent.result;
    // A redirect, not a page: reloading (or going back to) what follows must not send the update to every renter again.
    const here = new URL(request.url);
    return redirectWithToast(
      here.pathname + here.search,
      makeToast(
        "success",
        `Your storm update was sent to ${renters === 1 ? "1 renter" : `${renters} renters`}.`,
      ),
    );
  }
  if (intent !== "activate" && intent !== "deactivate") {
    return data({ toast: makeToast("error", "Unknown action.") }, { status: 400 });
  }
  const answer = await client.call(setAvailability, {
    params: { id: spaceId },
    body: { newAvailable: intent === "activate" ? "Active" : "Inactive" },
  });
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  const message =
    intent === "activate"
      ? "Your listing is active again: renters can find and book it."
      : "Your listing is inactive: renters no longer see it.";
  return redirectWithToast(myListingsTab(answer.result.status), makeToast("success", message));
}

export default function MyStorageLists() {
  const { tab, listings, counts, storm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">My listings</h1>
        <Link
          to={stepPath("location")}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          List a new space
        </Link>
      </div>
      {/* The app's tab strip, which wraps: three tabs with their counts are wider than a phone. */}
      <TabLinks
        label="Listings by status"
        className="mt-6"
        tabs={LISTING_STATUSES.map((status) => ({
          key: status,
          to: myListingsTab(status),
          current: status === tab,
          label: (
            <>
              {TAB_NAMES[status]}
              {counts ? <span data-testid={`count-${status}`}> ({counts[status]})</span> : null}
            </>
          ),
        }))}
      />
      <section aria-labelledby="listings-heading" className="mt-6">
        <h2 id="listings-heading" className="sr-only">
          {STATUS_LABELS[tab]} listings
        </h2>
        {listings.length ? (
          <ul className="space-y-4">
            {listings.map((space) => (
              <ListingCard key={space._id} space={space} busy={isPending} />
            ))}
          </ul>
        ) : (
          <EmptyState
            className=""
            testId="listings-empty"
            message={EMPTY[tab]}
            action={{ to: stepPath("location"), label: "List a space" }}
          />
        )}
      </section>
      {counts && counts.active + counts.inactive > 0 ? (
        <StormUpdateForm
          pending={isPending}
          limits={storm}
          refused={
            actionData && "stormUpdate" in actionData && typeof actionData.stormUpdate === "string"
              ? actionData.stormUpdate
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

/** The storm update: a plain form (it works without JavaScript), answered with a toast. */
function StormUpdateForm({
  pending,
  limits,
  refused,
}: {
  pending: boolean;
  limits: typeof STORM_UPDATE_FORM;
  /** The update the server refused, back in the box. */
  refused: string | undefined;
}) {
  // A new form after each page the host lands on: a sent update does not stay in the box to be sent twice.
  const { key } = useLocation();
  return (
    <section
      aria-labelledby="storm-update-heading"
      className="mt-10 rounded-xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="storm-update-heading" className="text-lg font-semibold text-slate-900">
        Storm update
      </h2>
      <p id="storm-update-hint" className="mt-1 text-sm text-slate-700">
        One message to every renter with an approved or active booking at your spaces, such as "We raised
        everything to the second shelf". It lands in each renter's conversation, where they can reply. At most{" "}
        {limits.perDay} a day.
      </p>
      <Form key={key} method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={STORM_UPDATE_INTENT} />
        <label htmlFor="storm-update-message" className="block text-sm font-semibold text-slate-800">
          Your update
        </label>
        <textarea
          id="storm-update-message"
          name="message"
          rows={3}
          maxLength={limits.maxLength}
          defaultValue={refused}
          aria-describedby="storm-update-hint"
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Send storm update
        </button>
      </Form>
    </section>
  );
}
