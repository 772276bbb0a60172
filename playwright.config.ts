import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.js";
import { SERVER_NODE_FLAGS } from "./server/node-flags.js";

/**
 * End-to-end tests against the production build (npm run build), on a fresh embedded database, in Debian's
 * Chromium headless shell. Every spec runs twice: with JavaScript on and with JavaScript off.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = `tests/e2e/.data-${PORT}`;
/**
 * The e2e server's stdout, its whole log: after the run, tests/e2e/server-log-check.ts fails the run if a line is not
 * JSON or holds a secret (docs/decisions/0060-logs.md).
 */
export const SERVER_LOG = `test-results/e2e-server-${PORT}.log`;
const SESSION_SECRET = "e2e-session-secret-that-is-long-enough-to-sign";
/**
 * The local identity provider for social sign-in (tests/doubles/identity-provider.ts: an OpenID Connect provider
 * standing in for Google, and the Facebook dialog, token endpoint and Graph API). Its port follows E2E_PORT, so
 * parallel runs each get their own.
 */
export const IDP_PORT = PORT + 1000;
export const IDP_URL = `http://localhost:${IDP_PORT}`;
export const SOCIAL_CLIENTS = {
  google: { id: "e2e-google-client.apps.example", secret: "e2e-google-secret" },
  facebook: { id: "2024000000000001", secret: "e2e-facebook-app-secret" },
};
/** The e2e server's own secrets, which its log must never hold. */
export const E2E_SECRETS = [SESSION_SECRET, SOCIAL_CLIENTS.google.secret, SOCIAL_CLIENTS.facebook.secret];

/**
 * The map tiles' server for the e2e server: an address no network answers, which the tests' browser contexts answer
 * themselves with a plain tile (tests/e2e/fixtures.ts), so maps draw tiles and show their credits as in production,
 * without a network.
 */
export const MAP_TILES_ORIGIN = "https://tiles.e2e.invalid";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Chromium's headless shell (Debian's chromium-headless-shell: the same Chromium without the desktop browser
    // around it), which is what Playwright itself runs headless tests in: the whole suite cost the browser less than
    // half the CPU time it cost in the full browser (ADR 0049).
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // One folder per port, so parallel runs (E2E_PORT) do not delete each other's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  globalTeardown: "./tests/e2e/server-log-check.ts",
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Budgets from the slowest run with both cores kept busy by other work (ADR 0014), with a margin: a test of a
  // few pages took up to 40 s there, and one expectation up to 9 s. Longer flows set their own in their spec.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    // The offline worker (public/sw.js) only in the spec of it (tests/e2e/offline.spec.ts): elsewhere it would take
    // pages from under the tests' own routes (page.route) and install its shell in every test's browser.
    serviceWorkers: "block",
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "node --import tsx tests/doubles/identity-provider.ts",
      url: `${IDP_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        IDP_PORT: String(IDP_PORT),
        FACEBOOK_CLIENT_ID: SOCIAL_CLIENTS.facebook.id,
        FACEBOOK_CLIENT_SECRET: SOCIAL_CLIENTS.facebook.secret,
      },
    },
    {
      // The test accounts (tests/e2e/seed-test-users.ts) are made in the fresh database before the server opens it;
      // the server runs with the Node flags of `npm run serve`, its log (stdout) kept in SERVER_LOG.
      command: `rm -rf ${E2E_DATA_DIR} && mkdir -p test-results && node --import tsx tests/e2e/seed-test-users.ts && node ${SERVER_NODE_FLAGS.join(" ")} server/index.ts ${process.env.BUILD_DIR ?? "build"}/index.js > ${SERVER_LOG}`,
      url: `http://localhost:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        NODE_ENV: "production",
        DATA_DIR: E2E_DATA_DIR,
        SESSION_SECRET,
        // Every request logged, so that the log's check after the run (SERVER_LOG) reads what a production log holds.
        LOG_LEVEL: "info",
        SEED_DEMO_DATA: "true",
        DATABASE_URL: "",
        // Tiles from the tests' own tile server (MAP_TILES_ORIGIN): the maps show their tiles' credits, with no network.
        MAP_TILE_URL: `${MAP_TILES_ORIGIN}/{z}/{x}/{y}.png`,
        GOOGLE_CLIENT_ID: SOCIAL_CLIENTS.google.id,
        GOOGLE_CLIENT_SECRET: SOCIAL_CLIENTS.google.secret,
        GOOGLE_ISSUER: IDP_URL,
        FACEBOOK_CLIENT_ID: SOCIAL_CLIENTS.facebook.id,
        FACEBOOK_CLIENT_SECRET: SOCIAL_CLIENTS.facebook.secret,
        FACEBOOK_AUTHORIZE_URL: `${IDP_URL}/authorize`,
        FACEBOOK_TOKEN_URL: `${IDP_URL}/token`,
        FACEBOOK_GRAPH_URL: `${IDP_URL}/graph/v19.0`,
      },
    },
  ],
});
