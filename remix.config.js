import { flatRoutes } from "remix-flat-routes";

// BUILD_DIR builds somewhere else than build/ and public/build/ (parallel e2e runs, benchmarks).
const buildDir = process.env.BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ...(buildDir
    ? { serverBuildPath: `${buildDir}/index.js`, assetsBuildDirectory: `${buildDir}/public` }
    : {}),
  // Every route comes from remix-flat-routes ('+' folders); Remix's own convention is switched off.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
    }),
  // The server build wraps Remix's build with the security and shutdown rules (see app/server-build.ts).
  server: "./app/server-build.ts",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: false,
  watchPaths: ["./tailwind.config.ts"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
