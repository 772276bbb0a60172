import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminQuery } from "../api/admin-query";
import { expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

// A process-level check: it runs once (in the JavaScript-on project), on a server and a database of its own.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "process-level check runs once");
test.skip(!process.env.TEST_DATABASE_URL, "needs a PostgreSQL server (TEST_DATABASE_URL)");

test("on PostgreSQL the server runs several processes on one port, which start on a new database together and all stop on SIGTERM", async () => {
  test.setTimeout(300_000);
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `ss_processes_${process.pid}_${Date.now()}`;
  const admin = (sql: string) => adminQuery(serverUrl, sql);
  await admin(`create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "ss-processes-"));
  const { server, port, output, exited, ready } = await startOwnServer({
    DATABASE_URL: databaseUrl.toString(),
    WEB_CONCURRENCY: "2",
    DATA_DIR: dataDir,
  });
  try {
    await ready();
    // Both listen before the first answers for good: the second starts once the first listens.
    await expect
      .poll(() => output().match(/\[server\] http:\/\//g)?.length ?? 0, { timeout: 60_000 })
      .toBe(2);
    expect(output()).toContain("[server] 2 server processes");
    expect(childProcesses(server.pid as number)).toHaveLength(2);
    // The new database got its cities once, from whichever process came first; the other found them there.
    expect(output().match(/\[db\] loaded \d+ cities/g), output()).toHaveLength(1);
    const page = await fetch(`http://localhost:${port}/search-space?storageType=storage`);
    expect(page.status).toBe(200);

    server.kill("SIGTERM");
    // All of them exit on their own, and so does the first. The wait is a deadline for a hang, not a speed check.
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 60_000)),
    ]);
    expect(code, output()).toBe(0);
    expect(output().match(/database closed/g), output()).toHaveLength(2);
  } finally {
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
});

/** The process ids whose parent is `pid`. */
function childProcesses(pid: number): number[] {
  const listed = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  return listed
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}
