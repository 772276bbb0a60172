import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { matchRoutes } from "react-router-dom";
import { PATHS } from "../../app/utils/menu";
import { E2E_DATA_DIR } from "../../playwright.config";
import remixConfig from "../../remix.config.js";
import { axeViolations, expect, test } from "./fixtures";

/**
 * The sweep of every page a person can reach (tests/e2e/sweep.spec.ts): from the menus and the bookings, bills,
 * messages and profile pages, every same-origin link is followed breadth-first, one page per kind of page (the app's
 * own route, with ids left out), and each page is checked for its HTTP status, console errors and React's
 * hydration warnings (JavaScript on), horizontal overflow on the phone's screen, and axe with every rule. Everything
 * found is reported together at the end, so a run shows all of it.
 */

/** Where the sweep starts: the profile menu, the bookings, bills and messages pages (the menus are on each). */
const START = [PATHS.profileMenu, PATHS.bookings, PATHS.bills, PATHS.messages];
/** How many links away from a start page the sweep goes. */
const MAX_DEPTH = 3;

type Kind = "status" | "link" | "console" | "hydration" | "overflow" | "cut off" | "axe" | "state";
export type Finding = { kind: Kind; url: string; detail: string; from?: string };

type Route = { id: string; path: string; index?: boolean; resource: boolean };

/**
 * The app's routes, from the same remix-flat-routes call the build makes (remix.config.js). A route whose module is
 * a .ts file has no page (a download, an image, the event stream): its links are fetched, not opened.
 */
let routeTable: Route[] | undefined;
async function appRoutes(): Promise<Route[]> {
  if (!routeTable) {
    const manifest = await (
      remixConfig as { routes: (define: typeof defineRoutes) => Promise<ReturnType<typeof defineRoutes>> }
    ).routes(defineRoutes);
    routeTable = Object.values(manifest).map((route) => ({
      id: route.id,
      path: route.path ?? "",
      index: route.index,
      resource: route.file.endsWith(".ts"),
    }));
  }
  return routeTable;
}

/**
 * The kind of page a URL is: its route, and its tab (docs/product.md, Screens and routes: bills, check-list; the
 * bookings, reviews and listings pages too), the one query parameter that shows another screen. Ids, slugs, cities and
 * search filters are left out: one booking page, one listing page, one city page and one search page is opened per
 * person.
 */
async function kindOfPage(url: URL): Promise<{ key: string; resource: boolean }> {
  const routes = await appRoutes();
  const route = matchRoutes(routes, url.pathname)?.at(-1)?.route as Route | undefined;
  const tab = url.searchParams.get("tab");
  return {
    key: `${route?.id ?? url.pathname}${tab === null ? "" : `?tab=${tab}`}`,
    resource: route?.resource ?? false,
  };
}

/**
 * React's commits, counted through the hook its developer tools use (React calls it in production builds too): the
 * first commit is the end of hydration, after which React has reported any hydration error.
 */
function countReactCommits() {
  const counter = window as unknown as { __sweepCommits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  counter.__sweepCommits = 0;
  counter.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => {
      counter.__sweepCommits++;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
}

/** React 18's hydration errors as its production build words them (by number: 418, 419, 421, 422, 423, 425). */
const HYDRATION = /Minified React error #(?:418|419|421|422|423|425)\b|hydrat/i;

/** The page is wider than the screen: how wide, and the innermost elements that stick out (outside any scroller). */
function horizontalOverflow() {
  const width = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth <= width) return null;
  const clips = (element: Element) => getComputedStyle(element).overflowX !== "visible";
  const outside = [...document.body.querySelectorAll("*")].filter((element) => {
    if (element.getBoundingClientRect().right <= width + 0.5) return false;
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    )
      if (clips(parent)) return false;
    return true;
  });
  const innermost = outside.filter(
    (element) => !outside.some((other) => other !== element && element.contains(other)),
  );
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
      typeof element.className === "string" && element.className
        ? `.${element.className.trim().split(/\s+/).slice(0, 4).join(".")}`
        : ""
    } (right edge ${Math.round(element.getBoundingClientRect().right)} px)`;
  return { scrollWidth, width, elements: innermost.slice(0, 3).map(describe) };
}

/**
 * Boxes that scroll sideways on the phone's screen without being made to (no scroll snapping, as a photo strip has):
 * what does not fit is cut off at the right until someone thinks of swiping the box.
 */
function cutOffBoxes() {
  return [...document.body.querySelectorAll("*")].flatMap((element) => {
    const style = getComputedStyle(element);
    if (style.overflowX !== "auto" && style.overflowX !== "scroll") return [];
    if (style.scrollSnapType !== "none" || element.scrollWidth <= element.clientWidth + 1) return [];
    if (element.getClientRects().length === 0) return [];
    const first = element.firstElementChild;
    return [
      `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join(".")}${
        first ? ` > ${first.tagName.toLowerCase()}` : ""
      }: ${element.scrollWidth} px of content in ${element.clientWidth} px`,
    ];
  });
}

/** An axe check of a kind of page once per project, whoever gets there first (parallel workers claim it atomically). */
function firstAxeCheck(project: string, key: string): boolean {
  const folder = path.join(E2E_DATA_DIR, `sweep-axe-${project}`);
  mkdirSync(folder, { recursive: true });
  try {
    mkdirSync(path.join(folder, createHash("sha256").update(key).digest("hex").slice(0, 32)));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * What a person has, as the API tells them: profile, bookings, bills, cases, listings, viewings and notifications.
 * Opening pages by links (GET) must not change any of it: nothing in the app changes state by GET, and the sweep
 * follows every link. (Opening a conversation marks its messages read, as reading them does: its unread count is
 * left out.)
 */
async function stateOf(page: Page) {
  const read = async (url: string) => {
    const response = await page.request.get(url);
    return { url, status: response.status(), body: await response.text() };
  };
  const profile = await read("/api/user/viewUserProfile");
  const userId = (JSON.parse(profile.body) as { result?: { userId?: string } }).result?.userId ?? "";
  return [
    profile,
    ...(await Promise.all(
      [
        `/api/reserve/retrieveAllBookingData/${userId}`,
        "/api/payment/myBills?tab=due",
        "/api/payment/myBills?tab=paid",
        `/api/resol/getMyResolutionList?userId=${userId}`,
        `/api/space/pendingListing?userId=${userId}`,
        `/api/space/activeListing?userId=${userId}`,
        `/api/space/inactiveListing?userId=${userId}`,
        "/api/bookView/myViewings",
        "/api/user/getMyAllNotification",
      ].map(read),
    )),
  ];
}

type Options = {
  /**
   * The person's data is the test's own (a claimed account): their state is compared before and after the sweep.
   * The demo accounts are shared with other specs running at the same time, so only their session is checked.
   */
  ownState: boolean;
};

/** What a check of one page needs: the browser page, whom it is for, and the findings to add to. */
type Sweep = {
  page: Page;
  project: string;
  javaScript: boolean;
  findings: Finding[];
  /** The console's errors and the page's uncaught errors since the page was opened. */
  errors: string[];
};

/** Sweeps every page `page`'s logged-in person reaches, then asserts that nothing was found. */
export async function sweepPages(page: Page, person: string, { ownState }: Options) {
  const info = test.info();
  const origin = new URL(info.project.use.baseURL ?? "http://localhost").origin;
  const started = Date.now();
  const sweep: Sweep = {
    page,
    project: info.project.name,
    javaScript: info.project.use.javaScriptEnabled !== false,
    findings: [],
    errors: [],
  };
  const before = ownState ? await stateOf(page) : null;
  page.on("console", (message) => {
    // The page's own error status is reported as its status, not again as the console's note of it.
    if (message.type() === "error" && message.location().url !== page.url())
      sweep.errors.push(message.text());
  });
  page.on("pageerror", (error) => sweep.errors.push(`${error.name}: ${error.message}`));
  if (sweep.javaScript) await page.addInitScript(countReactCommits);

  /** Each kind of page seen, with how many links away from a start page it was. */
  const seen = new Map<string, number>();
  const queue = START.map((url) => ({ url: `${origin}${url}`, depth: 0, from: "" }));
  let visited = 0;
  let axeChecks = 0;
  while (queue.length > 0) {
    const { url, depth, from } = queue.shift() as (typeof queue)[number];
    const target = new URL(url);
    const kind = await kindOfPage(target);
    if (seen.has(kind.key)) continue;
    seen.set(kind.key, depth);
    if (kind.resource || target.pathname.startsWith("/api/")) {
      // A download (a calendar file, a photo) or an API link: its answer is checked, nothing is opened.
      const response = await page.request.get(url, { maxRedirects: 0 });
      if (response.status() >= 400)
        sweep.findings.push({ kind: "link", url, from, detail: `GET answered ${response.status()}` });
      continue;
    }
    visited++;
    const checked = await checkPage(sweep, url, from, kind.key);
    if (checked.axe) axeChecks++;
    const landed = (await kindOfPage(new URL(page.url()))).key;
    if (!seen.has(landed)) seen.set(landed, depth);
    if (depth < MAX_DEPTH)
      for (const link of checked.links) {
        const next = new URL(link);
        next.hash = "";
        if (next.origin === origin && next.pathname !== "/auth/logout")
          queue.push({ url: next.href, depth: depth + 1, from: url });
      }
  }
  await checkState(sweep, before);

  const seconds = Math.round((Date.now() - started) / 1000);
  const { findings } = sweep;
  writeFileSync(
    info.outputPath("sweep.json"),
    JSON.stringify(
      {
        person,
        project: sweep.project,
        seconds,
        visited,
        axeChecks,
        kinds: Object.fromEntries(seen),
        findings,
      },
      null,
      2,
    ),
  );
  console.info(`[sweep] ${sweep.project} ${person}: ${visited} pages, ${axeChecks} axe checks, ${seconds} s`);
  expect(report(findings), `what the sweep found for ${person} (${sweep.project})`).toEqual([]);
}

/** Opens one page and checks it; answers its links, and whether axe ran on it. */
async function checkPage(sweep: Sweep, url: string, from: string, key: string) {
  const { page, findings } = sweep;
  sweep.errors = [];
  const response = await page.goto(url);
  const status = response?.status() ?? 0;
  if (status >= 400 || status === 0) {
    const landed = new URL(page.url());
    const at = landed.href === url ? "" : ` (at ${landed.pathname}${landed.search})`;
    findings.push({ kind: "status", url, from, detail: `${status}${at}` });
  }
  if (sweep.javaScript) {
    const hydrated = await page
      .waitForFunction(
        () => (window as unknown as { __sweepCommits: number }).__sweepCommits > 0,
        undefined,
        {
          timeout: 20_000,
        },
      )
      .then(() => true)
      .catch(() => false);
    if (!hydrated) findings.push({ kind: "hydration", url, from, detail: "React never rendered the page" });
  }
  const overflow = await page.evaluate(horizontalOverflow);
  if (overflow) {
    const detail = `${overflow.scrollWidth} px wide on a ${overflow.width} px screen: ${overflow.elements.join(", ")}`;
    findings.push({ kind: "overflow", url, from, detail });
  }
  for (const box of await page.evaluate(cutOffBoxes))
    findings.push({ kind: "cut off", url, from, detail: box });
  const axe = firstAxeCheck(sweep.project, key);
  if (axe)
    for (const violation of await axeViolations(page, "every")) {
      const nodes = violation.nodes.map((node) => node.target.join(" "));
      const more = nodes.length > 3 ? ` and ${nodes.length - 3} more` : "";
      const detail = `${violation.id} (${violation.impact}): ${nodes.slice(0, 3).join(", ")}${more}`;
      findings.push({ kind: "axe", url, from, detail });
    }
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((link) => link.href),
  );
  // That round trip to the page came after the page's errors: they have all come in.
  for (const text of sweep.errors)
    findings.push({ kind: HYDRATION.test(text) ? "hydration" : "console", url, from, detail: text });
  return { links, axe };
}

/** Nothing followed by GET logged the person out or changed what they have. */
async function checkState(sweep: Sweep, before: Awaited<ReturnType<typeof stateOf>> | null) {
  const session = await sweep.page.request.get("/api/user/viewUserProfile");
  if (session.status() !== 200) {
    const detail = `the session ended: ${session.status()}`;
    sweep.findings.push({ kind: "state", url: "/api/user/viewUserProfile", detail });
  }
  if (!before) return;
  const after = await stateOf(sweep.page);
  for (const [n, answer] of after.entries())
    if (JSON.stringify(answer) !== JSON.stringify(before[n]))
      sweep.findings.push({
        kind: "state",
        url: answer.url,
        detail: "changed while only links were followed",
      });
}

/**
 * One line per finding, grouped by kind; the same one on the same page once, with its count (React reports a
 * hydration error for each node it could not match).
 */
function report(findings: Finding[]): string[] {
  const lines = new Map<string, number>();
  for (const finding of findings.toSorted((a, b) => a.kind.localeCompare(b.kind))) {
    const linked = finding.from ? ` (linked from ${finding.from})` : "";
    const line = `${finding.kind} ${finding.url}: ${finding.detail.split("\n")[0]}${linked}`;
    lines.set(line, (lines.get(line) ?? 0) + 1);
  }
  return [...lines].map(([line, count]) => (count > 1 ? `${line} ×${count}` : line));
}
