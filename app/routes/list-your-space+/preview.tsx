import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { viewSpaceBrief } from "~/api/space/listing-page.server";
import { addMySpace } from "~/api/space/spaces.server";
import { ListingDetails } from "~/components/listing/listing-details";
import { ListingStepLayout } from "~/components/listing-wizard/step-layout";
import { MY_LISTINGS } from "~/components/my-listings/paths";
import { useIsPending } from "~/components/ui/use-is-pending";
import { previousStep, STEP_TITLES } from "~/domain/space";
import { requireProfile } from "~/screens/auth.server";
import { loadListingStep } from "~/screens/listing-wizard/listing-step.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { stepPath } from "~/utils/site-paths";

/**
 * preview (docs/product.md, Screens and routes): the listing exactly as renters will see it (the listing page's own
 * ListingDetails, fed by the renters' view, GET /space/viewSpaceBrief), the publishing checklist (each missing
 * requirement links to the step that fixes it) and Publish (POST /space/addMySpace { step: "preview", publish: true }),
 * which leads to confirmed.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "preview";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "See your listing as renters will, and publish it.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, space, measurementUnit } = await loadListingStep(request, STEP);
  const brief = await client.call(viewSpaceBrief, {
    query: {
      spaceId: space._id,
      editSpace: "true",
    },
  });
  if (!brief.ok) throw await redirectWithToast(MY_LISTINGS, brief.toast);
  return data({ space, brief: brief.result, measurementUnit });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  if (!spaceId) throw redirect(stepPath("location"));
  const answer = await client.call(addMySpace, { body: { step: STEP, spaceId, publish: true } });
  // The checklist is read again with the page; the toast says the first thing missing.
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  return redirect(stepPath("confirmed", spaceId));
}

export default function Preview() {
  const { space, brief, measurementUnit } = useLoaderData<typeof loader>();
  const isPending = useIsPending();
  const back = previousStep(STEP, space.storageType);
  const gaps = space.publishingGaps;
  const live = space.status === "active";
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="This is your listing exactly as renters will see it. Check it, then publish."
    >
      <section
        aria-labelledby="checklist"
        className="rounded-lg bg-slate-50 p-4"
        data-testid="publishing-checklist"
      >
        <h2 id="checklist" className="font-semibold text-slate-900">
          {gaps.length ? "Before you can publish" : "Ready to publish"}
        </h2>
        {gaps.length ? (
          <ul className="mt-2 space-y-1">
            {gaps.map((gap) => (
              <li key={gap.step + gap.message} className="flex gap-2">
                <span aria-hidden="true" className="text-red-700">
                  ✗
                </span>
                <Link to={stepPath(gap.step, space._id)} className="text-brand-700 underline">
                  {gap.message}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-700">
            Your listing has everything renters need: address and pin, kind, size, photos, title, durations
            and price.
          </p>
        )}
      </section>

      <div className="mt-6 rounded-xl border border-slate-200 p-4" data-testid="listing-preview">
        <p className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">What renters see</p>
        <ListingDetails space={brief} unit={measurementUnit} titleAs="h2" />
      </div>

      <Form method="post" className="mt-8 flex flex-row-reverse items-center justify-between gap-3">
        <button
          type="submit"
          disabled={isPending}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {isPending ? "Publishing…" : live ? "Save and keep it live" : "Publish listing"}
        </button>
        {back ? (
          <Link
            to={stepPath(back, space._id)}
            className="rounded-md border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Back
          </Link>
        ) : null}
      </Form>
    </ListingStepLayout>
  );
}
