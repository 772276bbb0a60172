import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

// A process-level check: it runs once (in the JavaScript-on project), on a server of its own.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "process-level check runs once");

test("on SIGTERM the server finishes its requests, closes the embedded database and exits on its own", async () => {
  // A server of its own opens a fresh embedded database (migrations, cities): up to a minute on a busy machine.
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ss-shutdown-"));
  const { server, port, output, exited, ready } = await startOwnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // The demo listings and their drawn photos are not what this test is about; a fresh database gets the
    // reference data either way.
    SEED_DEMO_DATA: "false",
  });
  try {
    await ready();

    // SIGTERM goes out only once the server holds the request: its "100 Continue" is written after it has read the
    // request's head, so the answer must still come, whole.
    const inFlight = requestHeldByServer(port);
    await Promise.race([inFlight.held, inFlight.answer]);
    server.kill("SIGTERM");

    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("</html>");
    // It exits on its own: nothing (a keep-alive connection, the job workers) holds it open. The wait is a
    // deadline for a hang, generous for a busy machine, not a speed check.
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 30_000)),
    ]);
    expect(code, output()).toBe(0);
    expect(output()).toContain("database closed");
    // Started for production, reachable beyond this machine and without PUBLIC_URL: it says what that means.
    expect(output()).toContain("PUBLIC_URL is not set, but the server listens beyond this machine");
  } finally {
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * GET / on a connection of its own, asking for "100 Continue": `held` settles when the server has read the
 * request's head (the request is then in flight there), `answer` when the whole answer has come.
 */
function requestHeldByServer(port: number) {
  let onHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const answer = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    const req = request({ port, path: "/", agent: false, headers: { Expect: "100-continue" } }, (res) => {
      onHeld();
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode, body }));
      res.on("error", reject);
    });
    req.on("continue", onHeld);
    req.on("error", reject);
    req.end();
  });
  return { held, answer };
}
