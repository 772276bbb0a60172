/**
 * What a page weighs: the gzip size of its HTML, stylesheets and scripts (each file compressed on its own), against
 * the JavaScript and CSS budgets, for the home page, a listing page and every page a visitor reaches first.
 */
import { gzipSync } from "node:zlib";
import { fetchOk, fetchText, HOME, KB, SEARCH_PAGE, sum } from "./shared.ts";

const GZIP_LEVEL = 9;
export const BUDGETS = { js: 100 * KB, css: 15 * KB };
const LISTING_JS_BYTES = 100 * KB;
/** The pages a visitor reaches first (from a search engine, a shared link or an ad): each within the JS budget. */
const CITY_PAGE = "/storage-city/makati";
const LANDING_PAGES = ["/storage", "/parking"];

export type Budget = { limitBytes: number; gzipBytes: number; status: "within budget" | "OVER budget" };
export type FileSizes = { path: string; rawBytes: number; gzipBytes: number };
export type FilesWeight = { rawBytes: number; gzipBytes: number; files: FileSizes[] };

export type HomePageWeight = {
  compression: string;
  html: FileSizes;
  css: FilesWeight;
  js: FilesWeight;
  budgets: { css: Budget; js: Budget };
};

export type ListingPageWeight =
  | {
      date: string;
      path: string;
      html: { rawBytes: number; gzipBytes: number };
      js: FilesWeight;
      budget: Budget;
    }
  | { date: string; path: string; status: number; js?: undefined };

export type FirstPageWeight = { path: string; files: number } & Budget;

/** A demo listing, as measureListingPage takes it. */
export type DemoListing = { storageType: string; id: string; path: string };

/** The gzip size of the home page's HTML, stylesheets and scripts, each file compressed on its own. */
export async function measureBytes(baseUrl: string): Promise<HomePageWeight> {
  const html = Buffer.from(await fetchText(baseUrl, HOME));
  const assets = findAssets(html.toString());
  const css = await measureFiles(baseUrl, assets.css);
  const js = await measureFiles(baseUrl, assets.js);
  return {
    compression: `gzip level ${GZIP_LEVEL} (zlib.gzipSync), each file on its own`,
    html: { path: HOME, rawBytes: html.length, gzipBytes: gzipSize(html) },
    css,
    js,
    budgets: {
      css: budget(css.gzipBytes, BUDGETS.css),
      js: budget(js.gzipBytes, BUDGETS.js),
    },
  };
}

/** An active listing of the demo data (GET /api/space/sitemapListings lists them all), as measureListingPage takes it. */
export async function findDemoListing(baseUrl: string): Promise<DemoListing | null> {
  const { result } = JSON.parse(await fetchText(baseUrl, "/api/space/sitemapListings")) as {
    result?: { listings?: { path: string }[] };
  };
  for (const { path: listingPath } of result?.listings ?? []) {
    const match = /^\/(storage|parking)\/listings\/([0-9a-f-]{36})(\/|$)/.exec(listingPath);
    if (match?.[1] && match[2]) return { storageType: match[1], id: match[2], path: listingPath };
  }
  console.warn("  GET /api/space/sitemapListings lists no listing: the listing page is not weighed");
  return null;
}

/** The gzip size of the JavaScript a listing page loads, against the 100 KB budget. */
export async function measureListingPage(
  baseUrl: string,
  listing: { storageType: string; id: string },
): Promise<ListingPageWeight> {
  const pagePath = `/${listing.storageType}/listings/${listing.id}`;
  const response = await fetch(baseUrl + pagePath, { redirect: "follow" });
  const html = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    console.warn(`  ${pagePath} answered ${response.status}: is the listing page done?`);
    return { date: new Date().toISOString(), path: pagePath, status: response.status };
  }
  const assets = findAssets(html.toString());
  const js = await measureFiles(baseUrl, assets.js);
  return {
    date: new Date().toISOString(),
    path: new URL(response.url).pathname,
    html: { rawBytes: html.length, gzipBytes: gzipSize(html) },
    js,
    budget: budget(js.gzipBytes, LISTING_JS_BYTES),
  };
}

/** The JavaScript each first-reached page loads, gzip, against the budget. */
export async function measureFirstPages(
  baseUrl: string,
  listing: DemoListing | null,
): Promise<FirstPageWeight[]> {
  const pages = [HOME, SEARCH_PAGE, CITY_PAGE, ...LANDING_PAGES];
  if (listing) pages.splice(2, 0, `/${listing.storageType}/listings/${listing.id}`);
  const results: FirstPageWeight[] = [];
  for (const pagePath of pages) {
    const response = await fetch(baseUrl + pagePath, { redirect: "follow" });
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
    const js = await measureFiles(baseUrl, findAssets(await response.text()).js);
    const { limitBytes, status } = budget(js.gzipBytes, BUDGETS.js);
    results.push({ path: pagePath, files: js.files.length, gzipBytes: js.gzipBytes, limitBytes, status });
  }
  return results;
}

async function measureFiles(baseUrl: string, paths: readonly string[]): Promise<FilesWeight> {
  const files: FileSizes[] = [];
  for (const assetPath of paths) {
    const body = Buffer.from(await (await fetchOk(baseUrl, assetPath)).arrayBuffer());
    files.push({ path: assetPath, rawBytes: body.length, gzipBytes: gzipSize(body) });
  }
  return {
    rawBytes: sum(files.map((file) => file.rawBytes)),
    gzipBytes: sum(files.map((file) => file.gzipBytes)),
    files,
  };
}

function budget(gzipBytes: number, limitBytes: number): Budget {
  return { limitBytes, gzipBytes, status: gzipBytes <= limitBytes ? "within budget" : "OVER budget" };
}

function gzipSize(buffer: Buffer): number {
  return gzipSync(buffer, { level: GZIP_LEVEL }).length;
}

/**
 * The stylesheets (`<link rel="stylesheet">`) and scripts (`<script src>`, `<link rel="modulepreload">`)
 * of a page, as same-origin paths, deduplicated. Inline scripts are part of the HTML's own bytes.
 */
export function findAssets(html: string): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const [tag, name = ""] of html.matchAll(/<(link|script)\b[^>]*>/gi)) {
    const attributes = readAttributes(tag);
    const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (name.toLowerCase() === "script" && attributes.src) js.add(toPath(attributes.src));
    else if (rel.includes("stylesheet") && attributes.href) css.add(toPath(attributes.href));
    else if (rel.includes("modulepreload") && attributes.href) js.add(toPath(attributes.href));
  }
  return { css: [...css], js: [...js] };
}

function readAttributes(tag: string): Record<string, string | undefined> {
  const attributes: Record<string, string | undefined> = {};
  for (const [, name = "", ...values] of tag.matchAll(
    /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g,
  )) {
    attributes[name.toLowerCase()] = values.find((value) => value !== undefined);
  }
  return attributes;
}

/** Resolves an href against the page; the assets are served by the app itself, so keep path and query. */
function toPath(href: string): string {
  const url = new URL(href, "http://page.invalid/");
  return url.pathname + url.search;
}
