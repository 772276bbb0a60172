import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logout } from "~/api/user/auth.server";
import { api } from "~/screens/api.server";

/**
 * Logging out (docs/product.md, Session end and redirects): the API revokes the session and clears the cookie; the user
 * lands on the login page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const client = api(request);
  await client.call(logout);
  return redirect("/auth/login");
}

export function loader() {
  return redirect("/");
}
