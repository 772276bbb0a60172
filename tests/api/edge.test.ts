import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { MAX_JSON_DEPTH } from "~/api/dispatch.server";
import { PGLITE_EXTENSIONS, pgliteDatabase } from "~/db/client.server";
import { getDatabase, setDatabase } from "~/db/db.server";
import { log as appLog } from "~/infra/log.server";
import {
  CROSS_SITE_MESSAGE,
  NOT_A_FORM_MESSAGE,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "~/infra/security.server";
import { adminQuery } from "./admin-query";
import { captureLog, hasStackTrace, type RunningApp, startApp } from "./app-server";
import { call, expectStatus, loggedInUser } from "./helpers";

/**
 * Odd requests at the server's edge, over HTTP through the whole app (tests/api/app-server.ts): each answers a 4xx
 * page or envelope, never Remix's 500, and leaves no stack trace in the log (ADR 0042).
 */
let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

/** The screens' actions: every route with an action but the API and the providers' webhooks. */
function pageActions() {
  return app.routes.filter(
    (route) => route.module.action && !route.url.startsWith("/api") && !route.url.startsWith("/webhooks/"),
  );
}

describe("a POST to a screen that is not a form", () => {
  it("is a 415 page on every screen's action, with nothing in the log", async () => {
    const routes = pageActions();
    // Every '+' folder's forms are in the list, so the loop covers what the route manifest has.
    expect(routes.length).toBeGreaterThan(50);
    const { result, log } = await captureLog(() =>
      Promise.all(
        routes.map(async (route) => ({
          url: route.url,
          isPage: Boolean(route.module.default),
          answer: await app.send("POST", route.url, {
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "carla@example.ph" }),
          }),
        })),
      ),
    );
    for (const { url, isPage, answer } of result) {
      expect(answer.status, url).toBe(415);
      // A screen shows the app's error page; a route without one (a sign-in redirect) answers the message itself.
      if (isPage) expect(answer.headers["content-type"], url).toMatch(/^text\/html/);
      expect(answer.body, url).toContain(NOT_A_FORM_MESSAGE);
    }
    expect(log.filter(hasStackTrace)).toEqual([]);
    expect(log.filter((line) => /Unexpected Server Error|error/i.test(line))).toEqual([]);
  });

  it("is a 415 for a screen's data request (.data) too", async () => {
    const answer = await app.send("POST", "/contact-us.data", {
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(answer.status).toBe(415);
  });

  it("is a 400 page when a form's body cannot be read, and a body without a type is read as a form", async () => {
    const { result, log } = await captureLog(async () => ({
      broken: await app.send("POST", "/contact-us", {
        headers: { "Content-Type": "multipart/form-data; boundary=edge" },
        body: "this is no multipart body",
      }),
      untyped: await app.send("POST", "/contact-us", { body: "" }),
    }));
    expect(result.broken.status).toBe(400);
    expect(result.broken.body).toContain(UNREADABLE_FORM_MESSAGE);
    // An empty form reaches the action, which answers it as it answers any form missing its fields.
    expect(result.untyped.status).toBe(400);
    expect(result.untyped.body).not.toContain(UNREADABLE_FORM_MESSAGE);
    expect(log.filter(hasStackTrace)).toEqual([]);
  });

  it("still lets a real form through", async () => {
    const answer = await app.send("POST", "/auth/forgot-password", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=nobody%40example.ph",
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).not.toBe(415);
  });
});

describe("a cross-site post to a screen's page", () => {
  it("is a 403 page before Remix runs, whatever says it is foreign", async () => {
    const cases: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      // Remix's own check reads only Origin and Host: a same-origin claim with a foreign Origin is refused too.
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of cases) {
      const { result: answer, log } = await captureLog(() =>
        app.send("POST", "/auth/forgot-password", {
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: "email=carla%40example.ph",
        }),
      );
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.body).toContain(CROSS_SITE_MESSAGE);
      expect(answer.body).toContain('href="/"');
      expect(log).toEqual(["[security] refused a cross-site POST to /auth/forgot-password"]);
    }
  });

  it("lets the site's own post through", async () => {
    const answer = await app.send("POST", "/auth/forgot-password", {
      headers: {
        Origin: app.origin,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "email=nobody%40example.ph",
    });
    expect(answer.status).not.toBe(403);
    expect(answer.status).toBeLessThan(500);
  });
});

describe("methods nobody answers", () => {
  it("TRACE and the like are 405 with Allow, on pages, files and the API, with nothing in the log", async () => {
    const { result, log } = await captureLog(async () => ({
      tracePage: await app.send("TRACE", "/"),
      traceScreen: await app.send("TRACE", "/contact-us"),
      traceFile: await app.send("TRACE", "/favicon.svg"),
      propfind: await app.send("PROPFIND", "/"),
      options: await app.send("OPTIONS", "/contact-us"),
      putPage: await app.send("PUT", "/contact-us", { body: "a=1" }),
      traceApi: await app.send("TRACE", "/api/user/login"),
      propfindApi: await app.send("PROPFIND", "/api/user/login"),
    }));
    for (const name of ["tracePage", "traceScreen", "traceFile", "propfind", "options", "putPage"] as const) {
      expect(result[name].status, name).toBe(405);
      expect(result[name].headers.allow, name).toBe("GET, HEAD, POST");
      expect(result[name].headers["content-type"], name).toMatch(/^text\/html/);
    }
    expect(result.tracePage.body).toContain("TRACE is not allowed on /.");
    for (const name of ["traceApi", "propfindApi"] as const) {
      expect(result[name].status, name).toBe(405);
      expect(result[name].headers.allow, name).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      expect(JSON.parse(result[name].body)).toEqual({
        responseCode: 405,
        responseMessage: `${name === "traceApi" ? "TRACE" : "PROPFIND"} is not allowed on /user/login.`,
        result: null,
      });
    }
    expect(log).toEqual([]);
  });

  it("a Host that is no address is a 400, not a 500", async () => {
    const answer = await app.send("GET", "/", { headers: { Host: "bad host" } });
    expect(answer.status).toBe(400);
  });
});

describe("JSON nested thousands deep", () => {
  const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

  it("is a 400 in the envelope that says so, not a stack overflow", async () => {
    const body = `{"email":"carla@example.ph","password":"x","extra":${deep(3000)}}`;
    expect(body.length).toBeLessThan(7_000);
    const answer = await call("POST", "/user/login", {
      rawBody: body,
      headers: { "Content-Type": "application/json" },
    });
    expectStatus(answer, 400, `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
  });

  it("is the same over HTTP, and a body at the limit is read as usual", async () => {
    const tooDeep = await app.send("POST", "/api/user/login", {
      headers: { "Content-Type": "application/json" },
      body: `{"extra":${deep(3000)}}`,
    });
    expect(tooDeep.status).toBe(400);
    expect(JSON.parse(tooDeep.body).responseMessage).toMatch(/nested too deeply/);
    // The object itself is one level: MAX_JSON_DEPTH in all is still a body like any other (here, missing fields).
    const atLimit = await call("POST", "/user/login", {
      rawBody: `{"extra":${deep(MAX_JSON_DEPTH - 1)}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.responseMessage).not.toMatch(/nested too deeply/);
  });
});

describe("while the database cannot be reached", () => {
  /**
   * Takes the test file's database away for real — PostgreSQL: the database dropped, its connections ended; PGlite:
   * the embedded database closed — and gives it back: the database made again from the template every test file
   * starts from, which the app's pool reconnects to; on PGlite, opened again as a restarted server would.
   */
  async function takeTheDatabaseAway(): Promise<() => Promise<void>> {
    const handle = await getDatabase();
    const template = inject("apiDatabaseTemplate");
    if (handle.kind === "postgres" && template.kind === "postgres") {
      const server = process.env.TEST_DATABASE_URL as string;
      const name = new URL(handle.url as string).pathname.slice(1);
      await adminQuery(server, `drop database ${name} with (force)`);
      return () => adminQuery(server, `create database ${name} template ${template.name}`);
    }
    if (template.kind !== "pglite") throw new Error("the template does not match the database");
    await handle.close();
    return async () => {
      const dump = new Blob([readFileSync(template.dumpFile)]);
      const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
      setDatabase(pgliteDatabase(client));
    };
  }

  it("the API, pages and their data answer 503 with Retry-After, and all answer again once it is back", async () => {
    const login = { email: "nobody@example.ph", password: "not-the-password" };
    const ask = (cookie: string) =>
      Promise.all([
        app.send("POST", "/api/user/login", {
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(login),
        }),
        app.send("GET", "/bookings", { headers: { Cookie: cookie } }),
        app.send("GET", "/bookings.data", { headers: { Cookie: cookie } }),
        app.send("POST", "/auth/login", {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(login).toString(),
        }),
        app.send("GET", "/readyz"),
      ]);

    const { cookie } = await loggedInUser();
    const before = await ask(cookie);
    expect(before.map((answer) => answer.status)).not.toContain(503);

    // The pool logs each idle connection the dropped database ends (PostgreSQL): expected here, until it is back.
    // Written as warnings meanwhile, so the lines are still there to read below.
    const errorLog = vi
      .spyOn(appLog, "error")
      .mockImplementation((...line: Parameters<typeof appLog.warn>) => appLog.warn(...line));
    const bringBack = await takeTheDatabaseAway();
    let restored = false;
    try {
      const { result: down, log } = await captureLog(() => ask(cookie));
      const [api, page, data, form, ready] = down;
      for (const [name, answer] of Object.entries({ api, page, data, form, ready })) {
        expect(answer?.status, name).toBe(503);
        expect(answer?.headers["retry-after"], name).toBe(String(RETRY_AFTER_SECONDS));
      }
      expect(JSON.parse(api?.body ?? "")).toEqual({
        responseCode: 503,
        responseMessage: UNAVAILABLE_MESSAGE,
        result: null,
      });
      expect(page?.headers["content-type"]).toMatch(/^text\/html/);
      expect(page?.body).toContain(UNAVAILABLE_MESSAGE);
      expect(form?.body).toContain(UNAVAILABLE_MESSAGE);
      expect(log.filter((line) => line.startsWith("[api]") || line.startsWith("[db]"))).not.toEqual([]);
      expect(log.filter((line) => /\b500\b|Unexpected Server Error/.test(line))).toEqual([]);

      await bringBack();
      restored = true;
      errorLog.mockRestore();
      // The database given back is the one the file started from: its user is made anew.
      const after = await ask((await loggedInUser()).cookie);
      expect(after.map((answer) => answer.status)).toEqual(before.map((answer) => answer.status));
    } finally {
      if (!restored) await bringBack();
      errorLog.mockRestore();
    }
  });
});
