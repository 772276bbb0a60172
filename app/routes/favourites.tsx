import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { addRemoveSpaceToFav } from "~/api/space/favourites.server";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { redirectWithToast } from "~/screens/toast.server";
import { safeRedirect } from "~/utils/redirect";
import { makeToast } from "~/utils/toast";

/**
 * POST /favourites: the heart's form (app/components/favourite-button.tsx). Saves or removes a space through
 * POST /space/addRemoveSpaceToFav and goes back to `returnTo` with a toast. A visitor goes to the login page, which
 * brings them back to the same page afterwards (they press the heart again there).
 */
const SAVED_SPACES = "/user-profile/saved-spaces";

export function loader() {
  return redirect(SAVED_SPACES);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const returnTo = safeRedirect(form.get("returnTo"), SAVED_SPACES);
  if (!hasSessionCookie(request)) {
    return redirectWithToast(
      `/auth/login?${new URLSearchParams({ redirectTo: returnTo })}`,
      makeToast("info", "Please log in to save spaces."),
    );
  }
  const client = api(request);
  const answer = await client.call(addRemoveSpaceToFav, {
    body: {
      spaceId: String(form.get("spaceId") ?? ""),
      ...(form.has("favourite") ? { favourite: form.get("favourite") === "true" } : {}),
    },
  });
  const toast = !answer.ok
    ? answer.toast
    : answer.result.favouriteSpace
      ? makeToast("success", "Saved to your saved spaces.")
      : makeToast("success", "Removed from your saved spaces.");
  return redirectWithToast(returnTo, toast);
}
