import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Unit tests live next to the code (app/**\/*.test.ts, server/**\/*.test.ts), and the repository's own checks beside
 * what they check (docs/references.test.ts); API integration tests in tests/api and the screens' loader and action
 * tests (app/routes/**\/*.test.ts), each test file on a fresh PGlite database — and, when TEST_DATABASE_URL is set,
 * once more on a fresh PostgreSQL database per file — copied from one migrated database per project
 * (tests/api/global-setup.ts).
 */
const alias = { "~": path.resolve(import.meta.dirname, "app") };
const env = {
  NODE_ENV: "test" as const,
  SESSION_SECRET: "test-secret-that-is-long-enough-for-hmac-signing",
  // Warnings and errors only: a line per request or job would bury the test report (a test may raise it).
  LOG_LEVEL: "warn",
  DATA_DIR: path.resolve(import.meta.dirname, "data/test"),
};

/** A screen's loader and action tests, next to their route: they need a database, as the API tests do. */
const ROUTE_TESTS = "app/routes/**/*.test.ts";
/** A test that logs console.error fails, unless it allows that log itself (the file says how). */
const failOnConsoleError = "tests/fail-on-console-error.ts";

const apiProject = (name: string, extraEnv: Record<string, string>) => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/api/**/*.test.ts", ROUTE_TESTS],
    globalSetup: ["tests/api/global-setup.ts"],
    setupFiles: [failOnConsoleError, "tests/api/setup.ts"],
    env: { ...env, ...extraEnv },
    // Budgets, not speed checks (speed is for npm run bench): a file's fresh database (PGlite, and a PostgreSQL
    // database with every migration) took over 60 s to set up with the machine's two cores kept busy by other work.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

export default defineConfig({
  test: {
    // Two test files at a time on two cores: an API test often waits on its database, so the second file fills the gap.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "docs/**/*.test.ts",
            // The test doubles that check a protocol themselves are checked against its RFC.
            "tests/doubles/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ROUTE_TESTS],
          setupFiles: [failOnConsoleError],
          env,
          // A budget, not a speed check: a property test (the billing one's 2,000 random bookings) took over 7 s
          // with the machine's two cores kept busy by other work, beyond vitest's default of 5 s.
          testTimeout: 30_000,
        },
      },
      apiProject("api-pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL
        ? [
            apiProject("api-postgres", {
              TEST_DB: "postgres",
              TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
            }),
          ]
        : []),
    ],
  },
});
