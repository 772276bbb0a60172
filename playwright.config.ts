import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build (npm run build), on a fresh embedded database, in Debian's
 * Chromium. Every spec runs twice: with JavaScript on and with JavaScript off.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = `tests/e2e/.data-${PORT}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node node_modules/.bin/remix-serve ${process.env.BUILD_DIR ?? "build"}/index.js`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      DATA_DIR: E2E_DATA_DIR,
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-to-sign",
      SEED_DEMO_DATA: "true",
      DATABASE_URL: "",
    },
  },
});
