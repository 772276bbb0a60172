import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { expect } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.js";

/**
 * A production server of a test's own (`node server/index.ts` on the build, with the flags of `npm run serve`), on a
 * free port, its output collected. A variable given as undefined is left out of its environment; `umask` starts it
 * with that umask (octal).
 */
export async function startOwnServer(
  env: Record<string, string | undefined>,
  options: { umask?: string } = {},
): Promise<{
  server: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** Waits until it answers /readyz (a fresh database takes up to a minute on a busy machine). */
  ready: () => Promise<void>;
}> {
  const port = await freePort();
  const command = [
    process.execPath,
    ...SERVER_NODE_FLAGS,
    "server/index.ts",
    `${process.env.BUILD_DIR ?? "build"}/index.js`,
  ];
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "production",
    PUBLIC_URL: "",
    HOST: "",
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  // Node cannot give a child its umask: a shell sets it, then becomes the server.
  const [file, ...args] = options.umask
    ? ["/bin/sh", "-c", `umask ${options.umask} && exec "$0" "$@"`, ...command]
    : command;
  const server: ChildProcess = spawn(file ?? process.execPath, args, {
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  const ready = () =>
    expect
      .poll(async () => (await fetch(`http://localhost:${port}/readyz`).catch(() => null))?.status, {
        timeout: 180_000,
      })
      .toBe(200)
      .catch((error) => {
        throw new Error(`${error}\n${output}`);
      });
  return { server, port, output: () => output, exited, ready };
}

/** A port nobody listens on now (parallel runs each get their own). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
