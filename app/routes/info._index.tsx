import { redirect } from "@remix-run/node";

/** /info has a single page for now: the help center (spec §2 "info (info/help)"). */
export function loader() {
  return redirect("/info/help", 301);
}
