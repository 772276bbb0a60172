/**
 * The server build our server (server/index.ts) loads: Remix's own build, with every route module's loader and action
 * wrapped by the route guard (app/screens/route-guard.server.ts: cross-site posts, body caps, forms, an unreachable
 * database, security headers, shutdown), and the settings and edge checks the server asks for
 * (app/infra/edge.server.ts). The environment is validated here, at boot: a bad value stops the server with a
 * message naming it; then DATA_DIR is made private (ADR 0044), the database opens and the job workers start.
 */
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { serveApi } from "./api/router.server";
import { keepDataDirPrivate } from "./data-dir.server";
import { getEnv } from "./env.server";
import { serverSettings as edgeSettings } from "./infra/edge.server";
import { identityProviderNotice } from "./infra/identity.server";
import { log } from "./infra/log.server";
import { sealer } from "./infra/sealed-cookie.server";
import { installShutdownHandlers, startBackgroundWork } from "./lifecycle.server";
import { metricsEndpoint, requestLogging } from "./metrics.server";
import { guardRoutes } from "./screens/route-guard.server";

// Before the database opens: DATA_DIR and all it holds are for this server's user only (ADR 0044).
keepDataDirPrivate(getEnv().DATA_DIR);
// The sandbox identity provider lets anyone pass their own check: say loudly when a real (https) site uses it or
// has identity checks off because of it.
const identityNotice = identityProviderNotice();
if (identityNotice) log[identityNotice.level](identityNotice.message);
installShutdownHandlers();
// Derive the sealed-cookie key once, at start-up (PBKDF2, 100,000 iterations), not during a visitor's request.
sealer()
  .seal("warm-up", 0)
  .catch((error) => log.error({ err: error }, "could not derive the sealed-cookie key"));
// Open the database (migrations, first-start data) and start the listed job queues' workers now, not on the first
// request.
startBackgroundWork().catch((error) =>
  log.error({ err: error }, "could not start the database and the job workers"),
);

export const routes: ServerBuild["routes"] = guardRoutes(build.routes);
export const { mode, assets, basename, entry, future, publicPath, assetsBuildDirectory, isSpaMode } = build;

/**
 * What the HTTP server takes from the app besides the build: its settings, the JSON API's own entry, the metrics
 * operators scrape, and what it needs to log each request (app/infra/log.server.ts) under its route's pattern.
 */
export function serverSettings() {
  return {
    ...edgeSettings(),
    api: serveApi,
    metrics: metricsEndpoint(getEnv().METRICS_TOKEN),
    requests: requestLogging(routes),
  };
}

export type ServerSettings = ReturnType<typeof serverSettings>;
