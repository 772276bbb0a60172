import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as http } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

// A process-level check: it runs once (in the JavaScript-on project), on a server of its own.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "process-level check runs once");

/** Every folder and file under `dir` whose mode is not the private one (0700 for folders, 0600 for files). */
function notPrivate(dir: string): string[] {
  const loose: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    const mode = stats.mode & 0o777;
    if (stats.isDirectory()) {
      if (mode !== 0o700) loose.push(`${mode.toString(8)} ${entry}`);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if (stats.isFile() && mode !== 0o600) loose.push(`${mode.toString(8)} ${entry}`);
  };
  visit(dir);
  return loose;
}

const filesIn = (dir: string, ext: string) => {
  try {
    return readdirSync(dir).filter((name) => name.endsWith(ext));
  } catch {
    return [];
  }
};

test("DATA_DIR is for the server's user only, whatever the umask it was started with", async () => {
  // A server of its own opens a fresh embedded database (migrations, demo data): up to a minute on a busy machine.
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ss-private-"));
  // Left loose by an earlier version: open to everyone, as is a mail it wrote.
  chmodSync(dataDir, 0o777);
  mkdirSync(path.join(dataDir, "mail"));
  chmodSync(path.join(dataDir, "mail"), 0o777);
  writeFileSync(path.join(dataDir, "mail", "earlier.eml"), "To: someone@example.com\n\nold\n");
  chmodSync(path.join(dataDir, "mail", "earlier.eml"), 0o666);

  const { server, port, output, exited, ready } = await startOwnServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // The demo listings' photos are uploads kept on disk.
      SEED_DEMO_DATA: "true",
      // Generated and kept in DATA_DIR.
      SESSION_SECRET: undefined,
      MAP_TILE_URL: "",
    },
    { umask: "000" },
  );
  const api = await http.newContext({ baseURL: `http://localhost:${port}` });
  try {
    await ready();
    const juan = "juan.renter@demo.spacesolution.ph";
    // A reset link in the mail sink, a phone code in the SMS sink.
    expect((await api.get(`/api/user/forgotPassword?email=${encodeURIComponent(juan)}`)).status()).toBe(200);
    const login = await api.post("/api/user/login", {
      data: { email: juan, password: "spacesolution-demo" },
    });
    expect(login.status(), await login.text()).toBe(200);
    const code = await api.post("/api/user/mobileOtp", { data: { phoneNumber: "09171234567" } });
    expect(code.status(), await code.text()).toBe(200);
    await expect.poll(() => filesIn(path.join(dataDir, "mail"), ".eml").length).toBe(2);
    await expect.poll(() => filesIn(path.join(dataDir, "sms"), ".txt").length).toBe(1);

    const kept = readdirSync(dataDir).sort();
    expect(kept).toEqual(expect.arrayContaining(["mail", "pglite", "session-secret", "sms", "uploads"]));
    expect(readdirSync(path.join(dataDir, "uploads")).length).toBeGreaterThan(0);
    expect(notPrivate(dataDir), output()).toEqual([]);

    // And once it has stopped: whatever the embedded database wrote meanwhile.
    server.kill("SIGTERM");
    expect(await exited, output()).toBe(0);
    expect(notPrivate(dataDir)).toEqual([]);
  } finally {
    await api.dispose();
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
