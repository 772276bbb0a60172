import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:deploy` (tests/deploy/): nginx with deploy/nginx.conf in front of two instances of the production
 * build on one PostgreSQL database (TEST_DATABASE_URL's server). One file, run alone: it starts its own processes on
 * fixed ports (DEPLOY_APP_PORTS, DEPLOY_HTTPS_PORT, DEPLOY_HTTP_PORT).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "deploy",
    include: ["tests/deploy/**/*.test.ts"],
    maxWorkers: 1,
    fileParallelism: false,
    env: { NODE_ENV: "test" },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
