import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapListings } from "~/api/space/listing-page.server";
import { publicOrigin } from "~/env.server";
import { api } from "~/screens/api.server";

/**
 * GET /sitemap.xml: the landing pages, the city pages of cities with active listings, and every active listing's
 * canonical URL with its last change (from GET /space/sitemapListings). Past 40,000 listings it becomes a sitemap
 * index of /sitemap.xml?part=1…n, each part under the protocol's 50,000 URLs (the first part also holds the
 * landing and city pages).
 */
export const LANDING_PATHS = ["/", "/storage", "/parking", "/info/help", "/policies"] as const;

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const partText = url.searchParams.get("part");
  const part = partText === null ? null : Number(partText);
  if (part !== null && !(Number.isInteger(part) && part >= 1 && part <= 1000)) return notFound();

  const answer = await api(request).call(sitemapListings, { query: { page: part ?? 1 } });
  if (!answer.ok) throw new Response(answer.message, { status: answer.status });
  const { listings, cities, total, pageSize } = answer.result;
  const origin = publicOrigin(request);
  const parts = Math.max(1, Math.ceil(total / pageSize));
  if (part !== null && part > parts) return notFound();

  if (part === null && parts > 1) {
    const entries = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${xml(`${origin}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
    );
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
      { headers: XML_HEADERS },
    );
  }

  const pages =
    (part ?? 1) === 1
      ? [
          ...LANDING_PATHS.map((path) => ({ path, lastmod: null })),
          ...cities.storage.map((slug) => ({ path: `/storage-city/${slug}`, lastmod: null })),
          ...cities.parking.map((slug) => ({ path: `/parking-city/${slug}`, lastmod: null })),
        ]
      : [];
  const entries = [...pages, ...listings].map(
    ({ path, lastmod }) =>
      `  <url><loc>${xml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
  );
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`,
    { headers: XML_HEADERS },
  );
}

function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function xml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
