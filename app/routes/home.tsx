import { redirect } from "@remix-run/node";

/** /home is the home page's old address: it sends browsers (and search engines, permanently) to /. */
export function loader() {
  return redirect("/", 301);
}
