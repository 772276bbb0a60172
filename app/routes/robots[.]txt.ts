import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/env.server";

/**
 * GET /robots.txt: crawlers may read every public page; the API, the account pages, the listing wizard, the report
 * pages and the host's own listings are not for them. Points at the sitemap.
 */
export const DISALLOWED_PATHS = [
  "/api/",
  "/user-profile/",
  "/list-your-space/",
  "/spaces/",
  "/report/",
] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
