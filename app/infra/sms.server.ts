import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/data-dir.server";
import { type Env, getEnv } from "~/env.server";
import { log } from "~/infra/log.server";
import { doOnce } from "./job-effects.server";
import { defineQueue, type SendOptions, send } from "./jobs.server";
import { type SemaphoreConfig, sendThroughSemaphore } from "./semaphore.server";

/**
 * Text messages (phone codes and notices). `sendSms` and `sendPhoneCode` only enqueue; the `sms` worker delivers
 * with retries: through Semaphore when SEMAPHORE_API_KEY is set (./semaphore.server.ts: its OTP endpoint for codes,
 * its messages endpoint for notices; docs/decisions/0069-sms-through-semaphore.md), else to the HTTP gateway at
 * SMS_GATEWAY_URL (POST JSON { to, from, text } with `Authorization: Bearer SMS_GATEWAY_TOKEN`), or, when neither is
 * set (development, tests, a first `npm start`), to the log and to DATA_DIR/sms as one .txt file per message,
 * listed at /dev/sms.
 */
export type Sms = {
  to: string;
  text: string;
  /** A phone code the text carries: Semaphore sends it through its OTP endpoint. */
  code?: string;
};

export type SmsConfig = Pick<Env, "DATA_DIR" | "SMS_GATEWAY_URL" | "SMS_GATEWAY_TOKEN" | "SMS_SENDER"> &
  Partial<SemaphoreConfig>;

const GATEWAY_TIMEOUT_MS = 15_000;

export function smsSinkDir(dataDir: string = getEnv().DATA_DIR): string {
  return path.resolve(dataDir, "sms");
}

export function isSmsSink(): boolean {
  const env = getEnv();
  return !env.SEMAPHORE_API_KEY && !env.SMS_GATEWAY_URL;
}

/** Hands one message to the gateway, or writes it to the sink; the worker calls this. A failure is retried. */
export async function deliverSms(sms: Sms, config: SmsConfig = getEnv()): Promise<void> {
  if (config.SEMAPHORE_API_KEY) {
    await sendThroughSemaphore(sms, {
      SEMAPHORE_API_KEY: config.SEMAPHORE_API_KEY,
      SEMAPHORE_API_URL: config.SEMAPHORE_API_URL ?? "https://api.semaphore.co",
      SMS_SENDER: config.SMS_SENDER,
    });
    return;
  }
  if (config.SMS_GATEWAY_URL) {
    const headers = new Headers({ "Content-Type": "application/json", Accept: "application/json" });
    if (config.SMS_GATEWAY_TOKEN) headers.set("Authorization", `Bearer ${config.SMS_GATEWAY_TOKEN}`);
    const response = await fetch(config.SMS_GATEWAY_URL, {
      method: "POST",
      headers,
      body: JSON.stringify({ to: sms.to, from: config.SMS_SENDER, text: sms.text }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 200);
      throw new Error(`the SMS gateway answered ${response.status}${detail ? `: ${detail}` : ""}`);
    }
    return;
  }
  const dir = smsSinkDir(config.DATA_DIR);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const at = new Date();
  // Sortable by time, unique, and safe as a file name.
  const name = `${at.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.txt`;
  await writeFile(path.join(dir, name), `To: ${sms.to}\nDate: ${at.toISOString()}\n\n${sms.text}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
  // Not its text: an SMS carries one-time codes, which the log never holds.
  log.info({ file: path.join(dir, name) }, "[sms] no SMS gateway: the message was kept in a file");
}

/** Each SMS job hands its message over once, however often it runs (./job-effects.server.ts). */
export const smsQueue = defineQueue<Sms>(
  "sms",
  (sms, job) => doOnce(`sms:${job.id}`, () => deliverSms(sms)),
  {
    retryLimit: 5,
    retryDelay: 10,
    // The gateway's timeout (GATEWAY_TIMEOUT_MS) with room to spare.
    jobSeconds: 30,
  },
);

/** Sends a text message through the durable `sms` job; with `transaction`, only if the caller's rows commit. */
export async function sendSms(to: string, text: string, options?: SendOptions): Promise<void> {
  await send(smsQueue, { to, text }, options);
}

/** Sends a phone code (`text` carries `code`) through the durable `sms` job: Semaphore's OTP endpoint takes it. */
export async function sendPhoneCode(
  to: string,
  text: string,
  code: string,
  options?: SendOptions,
): Promise<void> {
  await send(smsQueue, { to, text, code }, options);
}

export type SunkSms = { file: string; to: string; date: string; text: string };

/** The messages in the sink, newest first (for /dev/sms and the tests). */
export async function listSunkSms(dataDir?: string): Promise<SunkSms[]> {
  const dir = smsSinkDir(dataDir);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".txt"));
  const messages = await Promise.all(
    files.map(async (file) => parseSms(file, await readFile(path.join(dir, file), "utf8"))),
  );
  return messages.sort((a, b) => b.file.localeCompare(a.file));
}

function parseSms(file: string, raw: string): SunkSms {
  const split = raw.indexOf("\n\n");
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  return {
    file,
    to: header("To"),
    date: header("Date"),
    text: split >= 0 ? raw.slice(split + 2).trim() : "",
  };
}
