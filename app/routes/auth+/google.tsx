import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { startSocialSignIn } from "~/screens/social-auth.server";

/**
 * Starts signing in with Google: the "Continue with Google" link leads here (GET: a form whose answer redirects to
 * another origin is blocked by our CSP without JavaScript; a form posting here works where that is allowed), and
 * the browser goes on to Google's consent screen with the page to come back to kept. A resource route.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return startSocialSignIn("google", request);
}

export function action({ request }: ActionFunctionArgs) {
  return startSocialSignIn("google", request);
}
