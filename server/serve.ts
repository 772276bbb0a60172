/**
 * One server process (server/index.ts starts it, alone or one per core): it loads the Remix server build
 * (app/server-build.ts: environment validated, database opened, job workers started) and serves it with the Express
 * app of ./app.ts on PORT (and HOST, when set).
 *
 * On SIGTERM or SIGINT it stops accepting connections and ends keep-alive connections as they go idle, while the
 * build's lifecycle ends the open event streams, lets requests in flight finish and closes the database
 * (app/lifecycle.server.ts).
 */

import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import { log } from "../app/infra/log.server.ts";
import type { ServerSettings } from "../app/server-build";
import { createApp, stopAccepting } from "./app.ts";

// As remix-serve did: a server started without NODE_ENV is a production server.
process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);

const buildPath = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "index.js"));
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild & {
  serverSettings: () => ServerSettings;
};
// The same fetch, Request and Response the build was made for (Remix's single fetch runs on undici's).
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const settings = build.serverSettings();
if (settings.warning) log.warn(settings.warning);

const app = createApp(build, settings);
const onListen = () => {
  log.info(`[server] http://${settings.host ?? "localhost"}:${settings.port}`);
  if (settings.mode === "development") void broadcastDevReady(build);
};
const server = settings.host
  ? app.listen(settings.port, settings.host, onListen)
  : app.listen(settings.port, onListen);
// nginx closes its kept-alive connections to us after 60 s idle (deploy/nginx.conf): we wait longer, so we never close
// one just as nginx sends a request on it, which nginx would answer 502 and could not retry when it writes (a payment
// webhook, a booking).
server.keepAliveTimeout = 75_000;
server.headersTimeout = 80_000;
server.on("error", (error) => {
  log.error(`[server] cannot listen on ${settings.host ?? "*"}:${settings.port}: ${error.message}`);
  process.exit(1);
});

// Once: the same signal may come twice (to every process of the group, and from the first process of several).
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stopAccepting(server);
    // One of several processes: the channel to the first one must not keep this one alive once its work is done.
    process.channel?.unref();
  });
