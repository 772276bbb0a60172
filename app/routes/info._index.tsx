import { redirect } from "@remix-run/node";

/** /info has a single page for now: the help center (docs/product.md, Screens and routes: "info (info/help)"). */
export function loader() {
  return redirect("/info/help", 301);
}
