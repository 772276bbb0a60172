import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { api } from "~/services/api.server";

/** Logging out (spec §4): the API revokes the session and clears the cookie; the user lands on the login page. */
export async function action({ request }: ActionFunctionArgs) {
  const client = api(request);
  await client.post("/user/logout");
  return redirect("/auth/login", { headers: client.headers });
}

export function loader() {
  return redirect("/");
}
