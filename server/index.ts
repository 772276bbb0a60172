/**
 * Space Solution's HTTP server: `node server/index.ts [build/index.js]` (npm run serve, npm start, the e2e and
 * bench servers, and the app server `remix dev` starts). Node runs this TypeScript as it is, so it starts as fast
 * as the build loads.
 *
 * It serves (./serve.ts): in this one process on the embedded database, or, in production on a PostgreSQL server, in
 * one server process per core (./processes.ts), all on the same port. Its memory settings are Node flags and
 * environment given where it is started (package.json's `serve` script, the README's "Memory").
 */

import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { log } from "../app/infra/log.server.ts";
import { serverProcessCount, superviseServers } from "./processes.ts";

let count = 1;
try {
  if (cluster.isPrimary) count = serverProcessCount(process.env, availableParallelism());
} catch (error) {
  log.error(`[server] ${(error as Error).message}`);
  process.exit(1);
}
if (count > 1) superviseServers(count);
else await import("./serve.ts");
