import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverSms, listSunkSms, type SmsConfig } from "./sms.server";

/** A local HTTP SMS gateway: records what it was sent and answers with the status the test asks for. */
type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let gatewayUrl: string;
const received: Received[] = [];
let answerStatus = 202;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(answerStatus, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answerStatus < 300 ? { id: "msg-1" } : { error: "gateway down" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function config(overrides: Partial<SmsConfig> = {}): SmsConfig {
  return {
    DATA_DIR: "/nonexistent",
    SMS_GATEWAY_URL: gatewayUrl,
    SMS_GATEWAY_TOKEN: "gateway-token-123",
    SMS_SENDER: "SpaceSol",
    ...overrides,
  };
}

describe("deliverSms through an HTTP gateway", () => {
  it("POSTs JSON { to, from, text } with the bearer token", async () => {
    answerStatus = 202;
    received.length = 0;
    await deliverSms({ to: "09171234567", text: "123456 is your Space Solution code." }, config());
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/v1/messages");
    expect(request?.headers.authorization).toBe("Bearer gateway-token-123");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      to: "09171234567",
      from: "SpaceSol",
      text: "123456 is your Space Solution code.",
    });
  });

  it("sends no Authorization header without a token", async () => {
    answerStatus = 200;
    received.length = 0;
    await deliverSms({ to: "09171234567", text: "hi" }, config({ SMS_GATEWAY_TOKEN: undefined }));
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it("throws when the gateway refuses, so the job is retried", async () => {
    answerStatus = 503;
    await expect(deliverSms({ to: "09171234567", text: "hi" }, config())).rejects.toThrow(
      /the SMS gateway answered 503: .*gateway down/,
    );
  });

  it("writes nothing to the sink when a gateway is set", async () => {
    answerStatus = 200;
    const dir = await mkdtemp(path.join(tmpdir(), "sms-"));
    try {
      await deliverSms({ to: "09171234567", text: "hi" }, config({ DATA_DIR: dir }));
      expect(await listSunkSms(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("deliverSms without a gateway", () => {
  it("writes each message to DATA_DIR/sms with To:, the time and the text, newest first", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sms-"));
    try {
      const sink = config({ DATA_DIR: dir, SMS_GATEWAY_URL: undefined });
      await deliverSms({ to: "09171234567", text: "111111 is your Space Solution code." }, sink);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await deliverSms({ to: "+639181234567", text: "222222 is your Space Solution code." }, sink);
      const messages = await listSunkSms(dir);
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatchObject({ to: "+639181234567", text: "222222 is your Space Solution code." });
      expect(messages[1]).toMatchObject({ to: "09171234567", text: "111111 is your Space Solution code." });
      expect(messages[0]?.file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.txt$/);
      expect(Date.parse(messages[0]?.date ?? "")).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps the sink for the server's user only: a phone code is no one else's to read (ADR 0044)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sms-"));
    try {
      await deliverSms(
        { to: "09171234567", text: "333333" },
        config({ DATA_DIR: dir, SMS_GATEWAY_URL: undefined }),
      );
      const sink = path.join(dir, "sms");
      expect((await stat(sink)).mode & 0o777).toBe(0o700);
      const [file] = await readdir(sink);
      expect((await stat(path.join(sink, file ?? ""))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
