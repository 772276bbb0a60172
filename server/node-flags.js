import { readFileSync } from "node:fs";

/**
 * The Node flags the server runs with, read from package.json's `serve` script, the one place they are set (README,
 * "Memory"): `npm start`, the e2e servers and the bench start it with the same ones. The server's own processes of a
 * PostgreSQL deployment (server/processes.ts) inherit them from the first.
 */
const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
export const SERVER_NODE_FLAGS = scripts.serve
  .split(/\s+/)
  .slice(1)
  .filter((arg) => arg.startsWith("--"));
