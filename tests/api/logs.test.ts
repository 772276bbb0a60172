import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log, logOutput } from "~/infra/log.server";
import { type RunningApp, type Sent, startApp } from "./app-server";
import { createUser, loggedInUser } from "./helpers";

/**
 * The server's log over HTTP through the whole app (docs/decisions/0060-logs.md): one JSON line per request once its
 * answer is out, with the request id it answered with (the proxy's, when a proxy is trusted), the route's pattern
 * rather than its URL, the status, the duration and the user whose session it carried; and no password or session in
 * any line.
 */
type Line = Record<string, unknown> & { msg: string };

/** The lines logged while `run` runs, at level info (the tests' own level is warn: vitest.config.ts). */
async function logged(run: () => Promise<unknown>): Promise<{ raw: string; lines: Line[] }> {
  const raw: string[] = [];
  const write = logOutput.write;
  const level = log.level;
  logOutput.write = (line) => void raw.push(line);
  log.level = "info";
  try {
    await run();
    // The request line is written when the answer has gone out, which the caller may see a moment before.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    logOutput.write = write;
    log.level = level;
  }
  return { raw: raw.join(""), lines: raw.map((line) => JSON.parse(line) as Line) };
}

const requestLines = (lines: Line[]) => lines.filter((line) => line.msg === "request");

describe("the request log", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("logs each request once, by route pattern, with its id, status, duration and the session's user", async () => {
    const { user, cookie } = await loggedInUser();
    const id = "00000000-0000-4000-8000-000000000001";
    let answers: Sent[] = [];
    const { lines } = await logged(async () => {
      answers = [
        await app.send("GET", "/api/user/viewAccountSettings", { headers: { Cookie: cookie } }),
        await app.send("GET", `/storage/listings/${id}?from=search`),
        await app.send("GET", "/user-profile/account-settings", { headers: { Cookie: cookie } }),
      ];
    });
    const [api, page, settings] = requestLines(lines);
    expect(requestLines(lines)).toHaveLength(3);
    expect(api).toMatchObject({
      level: 30,
      method: "GET",
      route: "/api/user/viewAccountSettings",
      status: 200,
      userId: user.id,
      requestId: answers[0]?.headers["x-request-id"],
    });
    expect(api?.durationMs).toEqual(expect.any(Number));
    expect(typeof api?.time).toBe("string");
    expect(page).toMatchObject({ route: "routes/storage.listings.$id.($slug)", status: 404 });
    expect(page).not.toHaveProperty("userId");
    expect(JSON.stringify(page)).not.toContain(id);
    // A page whose loader calls the API in-process: its line names the user too, and one request id serves both.
    expect(settings).toMatchObject({ route: "routes/user-profile+/account-settings", userId: user.id });
    expect(settings?.requestId).toBe(answers[2]?.headers["x-request-id"]);
  });

  it("never holds the password or the session of a login", async () => {
    const { email, password } = await createUser();
    let setCookie = "";
    const { raw, lines } = await logged(async () => {
      const answer = await app.send("POST", "/api/user/login", {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      expect(answer.status).toBe(200);
      setCookie = String(answer.headers["set-cookie"]);
      const wrong = await app.send("POST", "/api/user/login", {
        headers: { "Content-Type": "application/json", Authorization: "Bearer not-a-token-we-keep" },
        body: JSON.stringify({ email, password: `${password}-wrong` }),
      });
      // A wrong password is refused as the login form's field error (400).
      expect(wrong.status).toBe(400);
    });
    expect(requestLines(lines).map((line) => [line.route, line.status])).toEqual([
      ["/api/user/login", 200],
      ["/api/user/login", 400],
    ]);
    const session = /ss_session=([^;]+)/.exec(setCookie)?.[1];
    expect(session).toBeTruthy();
    for (const secret of [password, session as string, "not-a-token-we-keep"])
      expect(raw).not.toContain(secret);
  });
});

describe("behind a proxy (TRUST_PROXY)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("logs and answers with the proxy's request id", async () => {
    const requestId = "5d1f0c9a3b2e4f60a7b8c9d0e1f2a3b4";
    let answered: string | undefined;
    const { lines } = await logged(async () => {
      const answer = await app.send("GET", "/api/user/emailCheck?email=someone%40example.ph", {
        headers: { "X-Request-Id": requestId },
      });
      answered = answer.headers["x-request-id"] as string | undefined;
    });
    expect(answered).toBe(requestId);
    expect(requestLines(lines)[0]).toMatchObject({ requestId, route: "/api/user/emailCheck" });
  });
});
