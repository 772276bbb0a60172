import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of Semaphore for tests (never shipped; docs/decisions/0069-sms-through-semaphore.md): a real HTTP
 * server speaking the two calls the adapter makes — POST /api/v4/messages and POST /api/v4/otp, form-encoded, with
 * the `apikey` in the body — answering as Semaphore does: a list with the message (and, for the OTP endpoint, the
 * code sent), 401 for a wrong key, and 429 with Retry-After while the test makes it rate-limited. Shared by
 * app/infra/semaphore.server.test.ts and tests/api/sms-semaphore.test.ts.
 */
export type SemaphoreCall = {
  path: string;
  contentType: string;
  form: Record<string, string>;
  status: number;
};

export type FakeSemaphore = {
  url: string;
  calls: SemaphoreCall[];
  /** The next `count` calls answer 429 (its rate limit), with Retry-After. */
  rateLimitNext(count: number): void;
  /** The next call answers this status with this body (a refusal, an error echoing the request). */
  answerNext(status: number, body: unknown): void;
  close(): Promise<void>;
};

export async function startFakeSemaphore(apiKey: string): Promise<FakeSemaphore> {
  const calls: SemaphoreCall[] = [];
  let limited = 0;
  let canned: { status: number; body: unknown } | null = null;
  let nextId = 1000;
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const path = req.url ?? "/";
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      calls.push({ path, contentType: String(req.headers["content-type"] ?? ""), form, status });
      res.writeHead(status, { "Content-Type": "application/json", Connection: "close", ...headers });
      res.end(JSON.stringify(body));
    };
    if (canned) {
      const { status, body } = canned;
      canned = null;
      return answer(status, body);
    }
    if (limited > 0) {
      limited -= 1;
      return answer(
        429,
        { message: "Too Many Attempts." },
        { "Retry-After": "40", "X-RateLimit-Remaining": "0" },
      );
    }
    if (req.method !== "POST" || (path !== "/api/v4/messages" && path !== "/api/v4/otp"))
      return answer(404, { message: "Not found" });
    if (form.apikey !== apiKey) return answer(401, { apikey: ["The apikey is invalid."] });
    if (!form.number || !form.message) return answer(422, { number: ["The number field is required."] });
    const code = path === "/api/v4/otp" ? (form.code ?? String(randomInt(100_000, 1_000_000))) : undefined;
    const message = code ? form.message.split("{otp}").join(code) : form.message;
    nextId += 1;
    return answer(200, [
      {
        message_id: nextId,
        user_id: 1,
        user: "Space Solution",
        account_id: 1,
        account: "Space Solution",
        recipient: form.number,
        message,
        sender_name: form.sendername ?? "SEMAPHORE",
        network: "Globe",
        status: "Pending",
        type: "Single",
        source: "Api",
        ...(code ? { code: Number(code) } : {}),
      },
    ]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    rateLimitNext(count) {
      limited = count;
    },
    answerNext(status, body) {
      canned = { status, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}
