import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import axeCore from "axe-core";
import { Secret, TOTP } from "otpauth";
import { DEMO_PASSWORD, DEMO_USERS } from "../../app/seed/demo-users";
import { E2E_DATA_DIR, MAP_TILES_ORIGIN } from "../../playwright.config";
import { claimTestUser, sessionCookie, type TestUserKind } from "./test-users";

/** The demo accounts the e2e server is seeded with (SEED_DEMO_DATA=true). */
export const demoUsers = {
  /** Maria Santos, nickname "Ria". */
  host: DEMO_USERS[0] as (typeof DEMO_USERS)[number],
  /** Juan Dela Cruz, no nickname. */
  renter: DEMO_USERS[1] as (typeof DEMO_USERS)[number],
};

type Fixtures = {
  /** Logs the page's browser context in as a seeded user, through the API (no login screen needed). */
  login: (user: { email: string }) => Promise<string>;
};

/** One light grey pixel: every map tile the e2e server's maps ask for (Leaflet stretches it to the tile's size). */
const PLAIN_TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWN4+vw1AAVsAriHHNTlAAAAAElFTkSuQmCC",
  "base64",
);

export const test = base.extend<Fixtures>({
  // The tests' tile server (playwright.config.ts MAP_TILES_ORIGIN), answered inside the browser context.
  context: async ({ context }, use) => {
    await context.route(`${MAP_TILES_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: "image/png", body: PLAIN_TILE }),
    );
    await use(context);
  },
  login: async ({ page }, use) => {
    await use(async (user) => {
      const response = await page.request.post("/api/user/login", {
        data: { email: user.email, password: DEMO_PASSWORD },
      });
      expect(response.status(), await response.text()).toBe(200);
      const cookies = await page.context().cookies();
      const session = cookies.find((cookie) => cookie.name === "ss_session");
      expect(session, "the login sets the session cookie").toBeTruthy();
      return `${session?.name}=${session?.value}`;
    });
  },
});

export { expect };

/**
 * The rules asked for run; axe only skips writing up the elements that passed (or do not apply), which the check
 * never reads and which is most of axe's work on a long page. Legacy mode runs axe.run in the page itself: the default
 * opens a blank page (a new renderer process) for every check to merge the frames' results, which cost 3.0 CPU
 * seconds a check against 1.3 here (measured in a cgroup, ADR 0014), and our pages have no cross-origin frames
 * for it to merge.
 */
const axe = (page: Page, rules: AxeRules) => {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode();
  return rules === "serious" ? builder.disableRules(MINOR_RULES) : builder.withRules(EVERY_RULE);
};

/**
 * Which of axe's rules a check runs: the ones that can be serious or critical (every test's check), or every rule,
 * minor and moderate too (the sweep of every page, tests/e2e/sweep.spec.ts).
 */
type AxeRules = "serious" | "every";

/**
 * The rules whose every violation is minor or moderate (axe gives each rule one impact, and its violations take it).
 * The check fails only on serious and critical violations, so these rules' answers would never be read; `region`,
 * one of them, walks the whole page.
 */
const MINOR_RULES = (
  axeCore as unknown as { _audit: { rules: { id: string; impact?: string }[] } }
)._audit.rules
  .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
  .map((rule) => rule.id);

/**
 * Every rule of axe-core, minor and moderate ones too, and those axe leaves out unless asked (its experimental rules,
 * WCAG 2.2's target size, which matters most on a phone, and WCAG's AAA rules), but the deprecated ones (replaced by
 * others) and `color-contrast-enhanced`: AAA's 7:1 contrast fails most pages on the brand's own colours, which pass
 * the 4.5:1 of WCAG AA (a choice of palette, not a page's defect).
 */
const EVERY_RULE = (
  axeCore as unknown as { _audit: { rules: { id: string; tags: string[] }[] } }
)._audit.rules
  .filter((rule) => !rule.tags.includes("deprecated") && rule.id !== "color-contrast-enhanced")
  .map((rule) => rule.id);

/** Every page a test visits is checked with axe; serious and critical violations fail the test. */
export async function expectAccessible(page: Page) {
  // The whole page: a check that starts once the URL changes and a toast shows could read a document still arriving
  // (a link whose text has not come yet has no name).
  await page.waitForLoadState("load");
  const blocking = (await axeViolations(page, "serious"))
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

/** axe's violations on the page as it is now, with JavaScript on or off (the project's). */
export async function axeViolations(page: Page, rules: AxeRules) {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const results = javaScriptEnabled
    ? await axe(page, rules).analyze()
    : await analyzeWithoutJavaScript(page, rules);
  return results.violations;
}

/**
 * axe runs as a script in the page, which a page with JavaScript disabled cannot do. So the page's HTML, exactly
 * as the browser holds it, is loaded into a scriptable page whose own scripts are blocked, and checked there. That
 * page is made once per browser (a worker's tests run one after another), not once per check: a new context costs
 * more than the check.
 */
const scriptableClones = new WeakMap<Browser, Promise<{ page: Page; serve: { html: string } }>>();

function scriptableClone(browser: Browser) {
  let clone = scriptableClones.get(browser);
  if (!clone) {
    clone = (async () => {
      // Playwright Test gives new contexts the project's options, so JavaScript is switched back on explicitly.
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      const serve = { html: "" };
      await page.route("**/*", (route) => {
        const request = route.request();
        if (request.isNavigationRequest())
          return route.fulfill({ body: serve.html, contentType: "text/html; charset=utf-8" });
        if (request.resourceType() === "script") return route.abort();
        return route.continue();
      });
      return { page, serve };
    })();
    scriptableClones.set(browser, clone);
  }
  return clone;
}

async function analyzeWithoutJavaScript(page: Page, rules: AxeRules) {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const clone = await scriptableClone(browser);
  clone.serve.html = await page.content();
  const viewport = page.viewportSize();
  if (viewport) await clone.page.setViewportSize(viewport);
  await clone.page.goto(page.url());
  return await axe(clone.page, rules).analyze();
}

/**
 * What the page reports as broken from now on: uncaught errors and console errors (React's hydration errors among
 * them, and a route module that fails in the browser). A test expects it to stay empty.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Goes to a path and checks the page with axe. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expectAccessible(page);
  return response;
}

/**
 * The bell's notification whose text has `text`, once it is there: notify() writes it in a job, so the list is
 * opened again until it shows.
 */
export async function notificationWith(page: Page, text: string) {
  const notification = page.getByTestId("notification").filter({ hasText: text });
  await expect(async () => {
    await page.goto("/messages/check-list?tab=notifications");
    await expect(notification).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return notification;
}

export const WIDE = { width: 1280, height: 900 };
export const NARROW = { width: 390, height: 844 };
/** The desktop of the screenshots: a common laptop screen. */
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Saves what a person would see of the page, whole, on a phone and on a desktop:
 * test-results/screenshots/<project>/<name>-phone.png and -desktop.png (git-ignored, rewritten each run; `name` may
 * start with a folder, the account's), for a look by eye after a run. The page ends on the phone's size, as the next
 * page of a phone-first test expects.
 */
export async function saveScreenshots(page: Page, name: string) {
  const info = test.info();
  const root = info.config.configFile ? path.dirname(info.config.configFile) : process.cwd();
  const folder = path.join(root, "test-results", "screenshots", info.project.name);
  for (const [size, viewport] of [
    ["phone", NARROW],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: path.join(folder, `${name}-${size}.png`),
      fullPage: true,
      animations: "disabled",
      caret: "hide",
    });
  }
  await page.setViewportSize(NARROW);
}

/** The page is no wider than the phone: nothing runs off its right edge. */
export async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
}

/** The element is whole on the phone's first screen, without scrolling. */
export async function expectOnFirstScreen(element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(NARROW.height);
}

/** A seeded account of this kind no other test has had, logged in in this page's browser context. */
async function claimLoggedIn(page: Page, baseURL: string | undefined, kind: TestUserKind) {
  const user = claimTestUser(E2E_DATA_DIR, kind);
  await page
    .context()
    .addCookies([sessionCookie(user.setCookie, new URL(baseURL ?? "http://localhost").hostname)]);
  return user;
}

/** A fresh host with one active listing (its id and title), logged in as newAccount does. */
export async function newHost(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined) {
  const user = claimTestUser(E2E_DATA_DIR, "host");
  const cookie = sessionCookie(user.setCookie, new URL(baseURL ?? "http://localhost").hostname);
  const context = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [cookie], origins: [] },
  });
  return { user, listing: user.listing as { id: string; title: string }, context, cookie };
}

/**
 * A renter with a booking that started 26 days ago and its second month's bill issued (seed-test-users.ts), logged
 * in in this page's browser context. Answers the bill.
 */
export async function billRenter(page: Page, baseURL: string | undefined) {
  const user = await claimLoggedIn(page, baseURL, "billRenter");
  return user.bill as NonNullable<typeof user.bill>;
}

/**
 * A host whose first month of rent was paid out (seed-test-users.ts: a booking from 40 days ago, a GCash number, this
 * week's batch marked paid), logged in in this page's browser context. Answers the payout.
 */
export async function payoutHost(page: Page, baseURL: string | undefined) {
  const user = await claimLoggedIn(page, baseURL, "payoutHost");
  return user.payout as NonNullable<typeof user.payout>;
}

/**
 * A host and a renter whose one-month booking completed about 10 days ago (seed-test-users.ts), both with 4 days
 * or more left to review it. The host is logged in in this page's browser context; `asRenter` and `asHost` switch
 * the context's session to the other side.
 */
export async function reviewPair(page: Page, baseURL: string | undefined) {
  const host = claimTestUser(E2E_DATA_DIR, "reviewHost");
  const review = host.review as NonNullable<typeof host.review>;
  const domain = new URL(baseURL ?? "http://localhost").hostname;
  const as = async (setCookie: string) => {
    await page.context().clearCookies();
    await page.context().addCookies([sessionCookie(setCookie, domain)]);
  };
  await as(host.setCookie);
  return {
    ...review,
    hostName: host.nickName,
    asHost: () => as(host.setCookie),
    asRenter: () => as(review.renterSetCookie),
  };
}

/**
 * A host whose booking ended yesterday with its deposit held (seed-test-users.ts), logged in in this page's browser
 * context; and its renter, logged in in a browser context of their own (the project's options: JavaScript on or
 * off). Answers the booking and the renter's page.
 */
export async function claimHost(page: Page, browser: Browser, baseURL: string | undefined) {
  const user = claimTestUser(E2E_DATA_DIR, "claimHost");
  const claim = user.claim as NonNullable<typeof user.claim>;
  const hostname = new URL(baseURL ?? "http://localhost").hostname;
  await page.context().addCookies([sessionCookie(user.setCookie, hostname)]);
  const renterContext = await browser.newContext({ baseURL });
  await renterContext.addCookies([sessionCookie(claim.renterSetCookie, hostname)]);
  return { claim, renterPage: await renterContext.newPage() };
}

/**
 * A fresh account, logged in: one of the accounts made before the server started, with its own session row (no
 * sign-up, no login, no argon2id run). `context` is an API request context holding its session cookie; tests add
 * its cookies to the page's browser context to be logged in there too.
 */
export async function newAccount(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
) {
  const user = claimTestUser(E2E_DATA_DIR);
  const account = {
    firstName: user.firstName,
    lastName: user.lastName,
    nickName: user.nickName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    password: user.password,
    confirmPassword: user.password,
    interested: user.interested,
    dob: user.dob,
    acceptTerms: true,
  };
  const cookie = sessionCookie(user.setCookie, new URL(baseURL ?? "http://localhost").hostname);
  const context = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [cookie], origins: [] },
  });
  return { account, context };
}

/** A demo listing's id, found through the search API (`query`: its search parameters) by its title. */
export async function demoListingId(
  request: APIRequestContext,
  query: string,
  title: string,
): Promise<string> {
  const response = await request.post(`/api/space/newSpaceSearch/1?${query}`);
  const { result } = (await response.json()) as {
    result: { results: { _id: string; spaceTitle: string }[] };
  };
  const found = result.results.find((card) => card.spaceTitle === title);
  if (!found) throw new Error(`no demo listing "${title}"`);
  return found._id;
}

/** A fresh account (see newAccount), logged in in this page's browser context. */
export async function loggedInAccount(
  page: Page,
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
) {
  const { account, context } = await newAccount(playwright, baseURL);
  await page.context().addCookies((await context.storageState()).cookies);
  await context.dispose();
  return account;
}

/**
 * A renter with two bookings of one host's spaces, each with its deposit held (seed-test-users.ts): one running, one
 * that ended yesterday. Logged in in this page's browser context; `asHost` and `asRenter` switch the context's
 * session between the two people.
 */
export async function depositRenter(page: Page, baseURL: string | undefined) {
  const user = claimTestUser(E2E_DATA_DIR, "depositRenter");
  const deposit = user.deposit as NonNullable<typeof user.deposit>;
  const hostname = new URL(baseURL ?? "http://localhost").hostname;
  const switchTo = async (setCookie: string) => {
    await page.context().clearCookies();
    await page.context().addCookies([sessionCookie(setCookie, hostname)]);
  };
  await switchTo(user.setCookie);
  return {
    ...deposit,
    asHost: () => switchTo(deposit.hostSetCookie),
    asRenter: () => switchTo(user.setCookie),
  };
}

/**
 * A busy account, renter and host at once (seed-test-users.ts): a running booking with a bill to pay, its own request
 * waiting for the host with its receipt, a stay that ended, a request to answer on its listing and a tenant on the
 * other, and a conversation with unread messages. Logged in in this page's browser context; answers those ids.
 */
export async function busyAccount(page: Page, baseURL: string | undefined) {
  const user = await claimLoggedIn(page, baseURL, "busyAccount");
  return user.busy as NonNullable<typeof user.busy>;
}

/**
 * An operator of the console with the trust role (seed-test-users.ts), logged in to the site in this page's browser
 * context, not yet enrolled: the console's door asks them to enrol an authenticator.
 */
export async function trustOperator(page: Page, baseURL: string | undefined) {
  const user = await claimLoggedIn(page, baseURL, "operator");
  return user;
}

/** A finance operator (seed-test-users.ts) with an open payout batch of a past week; answers the batch's Monday. */
export async function financeOperator(page: Page, baseURL: string | undefined) {
  const user = await claimLoggedIn(page, baseURL, "financeOperator");
  return user.financeBatch as NonNullable<typeof user.financeBatch>;
}

/** Signs the page's operator in to the console: the enrolment's key, turned into the code an authenticator shows. */
export async function signInToConsole(page: Page) {
  await page.goto("/operations");
  const key = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate();
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Sign in to the console" }).click();
  await expect(page.getByRole("navigation", { name: "Queues" })).toBeVisible();
}
