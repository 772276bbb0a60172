import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishSocialSignIn } from "~/screens/social-auth.server";

/**
 * Google sends the browser back here: the state is checked, the code exchanged, and Google's ID token handed to
 * the API (`/user/googlejwtLogin`), which verifies it and logs the user in. Then on to the first-login steps or
 * the page the user came from; on failure, to the login page with an error toast.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return finishSocialSignIn("google", request);
}
