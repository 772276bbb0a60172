import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

// A process-level check: it runs once (in the JavaScript-on project), on a server of its own.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "process-level check runs once");

test("on SIGTERM the server finishes its requests, closes the embedded database and exits within 10 s", async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ss-shutdown-"));
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ["server/index.ts", `${process.env.BUILD_DIR ?? "build"}/index.js`],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        NODE_ENV: "production",
        PUBLIC_URL: "",
        HOST: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  server.stdout.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  try {
    await expect
      .poll(async () => (await fetch(`http://localhost:${port}/readyz`).catch(() => null))?.status, {
        timeout: 60_000,
      })
      .toBe(200)
      .catch((error) => {
        throw new Error(`${error}\n${output}`);
      });

    const inFlight = fetch(`http://localhost:${port}/`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signalledAt = Date.now();
    server.kill("SIGTERM");

    expect((await inFlight).status).toBe(200);
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 10_000)),
    ]);
    expect(code, output).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(output).toContain("database closed");
    // Started for production, reachable beyond this machine and without PUBLIC_URL: it says what that means.
    expect(output).toContain("PUBLIC_URL is not set, but the server listens beyond this machine");
  } finally {
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

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
