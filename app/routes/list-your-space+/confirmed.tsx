import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { spaceBriefHostView } from "~/api/space/spaces.server";
import { MY_LISTINGS } from "~/components/my-listings/paths";
import { CopyLink } from "~/components/ui/copy-link";
import { HOST_ANSWER_HOURS } from "~/domain/booking";
import { publicOrigin } from "~/env.server";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { listingPath, stepPath } from "~/utils/site-paths";

/**
 * confirmed (docs/product.md, Screens and routes): the listing is live. Its share link (absolute, on PUBLIC_URL when
 * set) as selectable text, with a copy button when JavaScript runs; links to the listing page and to my listings. A
 * listing that is not published goes back to its preview.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Your space is live", "Share your listing with renters.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  if (!spaceId) throw redirect(MY_LISTINGS);
  const answer = await client.call(spaceBriefHostView, { query: { spaceId } });
  if (!answer.ok) throw await redirectWithToast(MY_LISTINGS, answer.toast);
  const space = answer.result;
  if (space.status !== "active") throw redirect(stepPath("preview", space._id));
  const path = listingPath(space);
  return data({
    title: space.spaceTitle ?? "Your space",
    path,
    shareUrl: `${publicOrigin(request)}${path}`,
    answerHours: HOST_ANSWER_HOURS,
  });
}

export default function Confirmed() {
  const { title, path, shareUrl, answerHours } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <div className="rounded-xl bg-white p-6 text-center shadow-sm sm:p-10">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-16 w-16 rounded-full bg-emerald-100 p-3 text-emerald-700"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Your space is live</h1>
        <p className="mt-2 text-slate-700">
          <span className="font-semibold">{title}</span> is now listed on Space Solution. Share the link so
          renters find it sooner.
        </p>
        <CopyLink label="Share link" url={shareUrl} className="mt-6 text-left" />
        <p className="mt-6 text-left text-slate-700" data-testid="listing-next">
          What happens next: renters find it in search from now on. When one books and pays, we tell you, and
          you have up to {answerHours} hours to approve or decline on{" "}
          <Link to="/bookings?tab=requests" className="font-semibold text-brand-700 underline">
            your booking requests
          </Link>
          .
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={path}
            className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            View your listing
          </Link>
          <Link
            to={MY_LISTINGS}
            className="rounded-md border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Go to my listings
          </Link>
        </div>
      </div>
    </div>
  );
}
