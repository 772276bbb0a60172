import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { hideGoogleReview } from "~/api/user/profile.server";
import { getEnv } from "~/env.server";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { safeRedirect } from "~/utils/redirect";
import { makeToast } from "~/utils/toast";

/**
 * The "review us" prompt's answer (app/components/reviews/review-us-prompt.tsx): either button records it with
 * POST /user/hideGoogleR, so the prompt is shown until answered once; "Review us on Google" then opens Google's
 * review page, "No, thanks" goes back to the page it was on.
 */
export async function loader() {
  return redirect("/user-profile/reviews");
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const form = await request.formData();
  const answer = await client.call(hideGoogleReview, { body: {} });
  // Only this site's own paths go back (never an address a form made up).
  const back = safeRedirect(form.get("returnTo"), "/bookings");
  if (!answer.ok) return redirectWithToast(back, answer.toast);
  if (form.get("intent") === "review") return redirect(getEnv().GOOGLE_REVIEW_URL);
  return redirectWithToast(back, makeToast("info", answer.message));
}
