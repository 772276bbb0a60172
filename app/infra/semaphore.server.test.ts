import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "./log.server";
import { SEMAPHORE_MESSAGES_PATH, SEMAPHORE_OTP_PATH, SmsRateLimited } from "./semaphore.server";
import { type FakeSemaphore, startFakeSemaphore } from "./semaphore.testing";
import { deliverSms, type SmsConfig } from "./sms.server";

/** The `sms` worker's delivery through Semaphore, against a local fake speaking its API (./semaphore.testing.ts). */

const API_KEY = "semaphore-key-5f2c9a7e1b";
let fake: FakeSemaphore;

beforeAll(async () => {
  fake = await startFakeSemaphore(API_KEY);
});

afterAll(async () => {
  await fake.close();
});

function config(overrides: Partial<SmsConfig> = {}): SmsConfig {
  return {
    DATA_DIR: "/nonexistent",
    SMS_GATEWAY_URL: "http://127.0.0.1:9/never-called",
    SMS_GATEWAY_TOKEN: undefined,
    SMS_SENDER: "SpaceSol",
    SEMAPHORE_API_KEY: API_KEY,
    SEMAPHORE_API_URL: fake.url,
    ...overrides,
  };
}

describe("deliverSms through Semaphore", () => {
  it("sends a notice to the messages endpoint: form-encoded apikey, number, message and sendername", async () => {
    fake.calls.length = 0;
    await deliverSms({ to: "09171234567", text: "Space Solution: Your identity is verified." }, config());
    expect(fake.calls).toEqual([
      {
        path: SEMAPHORE_MESSAGES_PATH,
        contentType: "application/x-www-form-urlencoded",
        form: {
          apikey: API_KEY,
          number: "09171234567",
          sendername: "SpaceSol",
          message: "Space Solution: Your identity is verified.",
        },
        status: 200,
      },
    ]);
  });

  it("sends a phone code to the OTP endpoint with our code, {otp} where it goes in the text", async () => {
    fake.calls.length = 0;
    const text = "012345 is your Space Solution code. It is valid for 5 minutes.";
    const warnings = vi.spyOn(log, "warn");
    await deliverSms({ to: "09171234567", text, code: "012345" }, config());
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      path: SEMAPHORE_OTP_PATH,
      form: {
        apikey: API_KEY,
        number: "09171234567",
        sendername: "SpaceSol",
        message: "{otp} is your Space Solution code. It is valid for 5 minutes.",
        code: "012345",
      },
      status: 200,
    });
    // Semaphore answers the code as a number: 12345 is our 012345.
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
  });

  it("sends an international +63 number without its plus, as Semaphore takes it", async () => {
    fake.calls.length = 0;
    await deliverSms({ to: "+639171234567", text: "hi" }, config());
    expect(fake.calls[0]?.form.number).toBe("639171234567");
  });

  it("fails on its rate limit (429) with the time it asks for, so the job tries again later", async () => {
    fake.rateLimitNext(1);
    const attempt = deliverSms({ to: "09171234567", text: "hi" }, config());
    await expect(attempt).rejects.toBeInstanceOf(SmsRateLimited);
    await expect(attempt).rejects.toMatchObject({ retryAfterSeconds: 40 });
    // The next try goes through.
    await expect(deliverSms({ to: "09171234567", text: "hi" }, config())).resolves.toBeUndefined();
  });

  it("never puts the API key in an error or a log line, even when Semaphore echoes it back", async () => {
    const logs = (["debug", "info", "warn", "error"] as const).map((level) =>
      vi.spyOn(log, level).mockImplementation(() => {}),
    );
    fake.answerNext(422, { apikey: [`The apikey ${API_KEY} has no credits left.`] });
    const refused = await deliverSms({ to: "09171234567", text: "hi" }, config()).catch(
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/^Semaphore answered 422: .*\[apikey\] has no credits left/);
    expect((refused as Error).message).not.toContain(API_KEY);

    const wrongKey = await deliverSms(
      { to: "09171234567", text: "hi" },
      config({ SEMAPHORE_API_KEY: "other-key-1234567" }),
    ).catch((error: Error) => error);
    expect((wrongKey as Error).message).toMatch(/^Semaphore answered 401/);
    expect((wrongKey as Error).message).not.toContain("other-key-1234567");
    for (const spy of logs) {
      expect(JSON.stringify(spy.mock.calls)).not.toContain(API_KEY);
      spy.mockRestore();
    }
  });

  it("fails when Semaphore lists no message (a refusal answered 200)", async () => {
    fake.answerNext(200, { number: ["The number format is invalid."] });
    await expect(deliverSms({ to: "12", text: "hi" }, config())).rejects.toThrow(
      /Semaphore did not take the message: .*number format is invalid/,
    );
  });

  it("takes precedence over the generic gateway, which stays in use without a Semaphore key", async () => {
    fake.calls.length = 0;
    await expect(
      deliverSms({ to: "09171234567", text: "hi" }, config({ SEMAPHORE_API_KEY: undefined })),
    ).rejects.toThrow();
    expect(fake.calls).toHaveLength(0);
  });
});
