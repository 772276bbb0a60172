import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS } from "../../app/db/seed/demo-users";

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

export const test = base.extend<Fixtures>({
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

/** Every page a test visits is checked with axe; serious and critical violations fail the test. */
export async function expectAccessible(page: Page) {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const results = javaScriptEnabled
    ? await new AxeBuilder({ page }).analyze()
    : await analyzeWithoutJavaScript(page);
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * axe runs as a script in the page, which a page with JavaScript disabled cannot do. So the page's HTML, exactly
 * as the browser holds it, is loaded into a scriptable page whose own scripts are blocked, and checked there.
 */
async function analyzeWithoutJavaScript(page: Page) {
  const html = await page.content();
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  // Playwright Test gives new contexts the project's options, so JavaScript is switched back on explicitly.
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const clone = await context.newPage();
    await clone.route("**/*", (route) => {
      const request = route.request();
      if (request.isNavigationRequest())
        return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    await clone.goto(url);
    return await new AxeBuilder({ page: clone }).analyze();
  } finally {
    await context.close();
  }
}

/** Goes to a path and checks the page with axe. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expectAccessible(page);
  return response;
}

export const WIDE = { width: 1280, height: 900 };
export const NARROW = { width: 390, height: 844 };

/** A new account made through the API (with its own request context, so the page stays logged out). */
export async function newAccount(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
) {
  const id = Math.random().toString(36).slice(2, 10);
  const account = {
    firstName: "Bea",
    lastName: "Villanueva",
    nickName: `Bea${id}`,
    email: `bea-${id}@example.ph`,
    phoneNumber: "09171234567",
    password: `first-pass-${id}`,
    confirmPassword: `first-pass-${id}`,
    interested: "renter",
    dob: "1995-06-15",
    acceptTerms: true,
  };
  const context = await playwright.request.newContext({ baseURL });
  const response = await context.post("/api/user/userSignup", { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return { account, context };
}
