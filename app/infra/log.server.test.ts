import { describe, expect, it } from "vitest";
import {
  createLogger,
  currentRequest,
  DEFAULT_LOG_LEVEL,
  logLevel,
  logRequest,
  noteRequestUser,
  requestIdFrom,
  runForRequest,
} from "./log.server";

/** A logger at `level` whose lines are kept, each parsed (so a line that is not one JSON object fails here). */
function keptLogger(level: Parameters<typeof createLogger>[0] = "info") {
  const raw: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void raw.push(line) });
  const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, raw, lines };
}

describe("the log", () => {
  it("writes one JSON object per line: time, level, message and the fields given", () => {
    const { logger, raw, lines } = keptLogger();
    logger.info({ bookingId: "b-1" }, "[billing] 1 bill issued");
    logger.warn("[security] refused a cross-site POST to /auth/login");
    expect(raw).toHaveLength(2);
    for (const line of raw) expect(line.endsWith("\n") && !line.slice(0, -1).includes("\n")).toBe(true);
    const [info, warn] = lines();
    expect(info).toMatchObject({ level: 30, msg: "[billing] 1 bill issued", bookingId: "b-1" });
    expect(new Date(String(info?.time)).toISOString()).toBe(info?.time);
    expect(warn).toMatchObject({ level: 40 });
  });

  it("censors passwords, tokens, secrets, session headers and card or payout numbers wherever they are put", () => {
    const { logger, raw, lines } = keptLogger();
    logger.info(
      {
        password: "spacesolution-demo",
        token: "reset-token-123456",
        headers: { authorization: "Bearer metrics-token-abcdef", cookie: "ss_session=abc.def" },
        payout: { accountNumber: "09171234567", method: "gcash" },
        card: { cardNumber: "4343434343434345", cvc: "123" },
        provider: { secret: "sk_test_secret", clientSecret: "e2e-google-secret" },
      },
      "a careless line",
    );
    const text = raw.join("");
    for (const secret of [
      "spacesolution-demo",
      "reset-token-123456",
      "metrics-token-abcdef",
      "ss_session=abc.def",
      "09171234567",
      "4343434343434345",
      "sk_test_secret",
      "e2e-google-secret",
    ])
      expect(text).not.toContain(secret);
    const [line] = lines();
    expect(line).toMatchObject({
      password: "[redacted]",
      headers: { authorization: "[redacted]", cookie: "[redacted]" },
      payout: { accountNumber: "[redacted]", method: "gcash" },
    });
  });

  it("logs an error with its type, message and stack, and keeps its code", () => {
    const { logger, lines } = keptLogger();
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    logger.error({ err: error }, "[db] an idle connection was lost");
    const [line] = lines();
    expect(line?.err).toMatchObject({ type: "Error", message: error.message, code: "ECONNREFUSED" });
    expect(String((line?.err as { stack?: string } | undefined)?.stack)).toContain("log.server.test.ts");
  });

  it("takes its level from LOG_LEVEL, info unless a known level is named", () => {
    expect(DEFAULT_LOG_LEVEL).toBe("info");
    expect(logLevel(undefined)).toBe("info");
    expect(logLevel(" WARN ")).toBe("warn");
    expect(logLevel("silent")).toBe("silent");
    expect(logLevel("verbose")).toBe("info");
    const { logger, raw } = keptLogger(logLevel("warn"));
    logger.info("not written");
    logger.warn("written");
    expect(raw).toHaveLength(1);
  });
});

describe("a request's line", () => {
  it("holds its id, method, route pattern, status, duration and user; a 5xx is an error", () => {
    const { logger, lines } = keptLogger();
    logRequest(
      {
        requestId: "r-1",
        method: "GET",
        route: "routes/bookings+/$id",
        status: 200,
        durationMs: 12.345,
        userId: "u-1",
      },
      logger,
    );
    logRequest(
      { requestId: "r-2", method: "POST", route: "/api/user/login", status: 503, durationMs: 3 },
      logger,
    );
    const [ok, failed] = lines();
    expect(ok).toMatchObject({
      level: 30,
      msg: "request",
      requestId: "r-1",
      method: "GET",
      route: "routes/bookings+/$id",
      status: 200,
      durationMs: 12.3,
      userId: "u-1",
    });
    expect(failed).toMatchObject({ level: 50, msg: "request", status: 503 });
    expect(failed).not.toHaveProperty("userId");
  });

  it("takes the proxy's request id when it looks like one, else makes a new one", () => {
    expect(requestIdFrom("7f3c2a9e1b4d4e6f8a0b1c2d3e4f5a6b")).toBe("7f3c2a9e1b4d4e6f8a0b1c2d3e4f5a6b");
    for (const header of [undefined, null, "", "short", 'bad"id\n{"level":60}', "x".repeat(200)])
      expect(requestIdFrom(header)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("learns its user from the session found while it runs, and only its own", async () => {
    const first = { requestId: "r-first" } as { requestId: string; userId?: string };
    const second = { requestId: "r-second" } as { requestId: string; userId?: string };
    await Promise.all([
      runForRequest(first, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        noteRequestUser("u-first");
        expect(currentRequest()?.requestId).toBe("r-first");
      }),
      runForRequest(second, async () => {
        expect(currentRequest()?.requestId).toBe("r-second");
      }),
    ]);
    expect(first.userId).toBe("u-first");
    expect(second.userId).toBeUndefined();
    noteRequestUser("nobody's");
    expect(currentRequest()).toBeUndefined();
  });
});
