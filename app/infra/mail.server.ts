import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/data-dir.server";
import { getEnv } from "~/env.server";
import { doOnce } from "./job-effects.server";
import { defineQueue, type SendOptions, send } from "./jobs.server";

/**
 * E-mail. `sendMail` only enqueues; the `mail` worker delivers with retries: through SMTP_URL with nodemailer,
 * or, when SMTP_URL is unset (development, tests, a first `npm start`), by writing each message as an .eml file
 * to DATA_DIR/mail, listed at /dev/mail.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export function mailSinkDir(): string {
  return path.resolve(getEnv().DATA_DIR, "mail");
}

export function isMailSink(): boolean {
  return !getEnv().SMTP_URL;
}

let smtp: Transporter | undefined;

/** Hands one message to SMTP, or writes it to the sink; the worker calls this. */
export async function deliverMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const message = { from: env.MAIL_FROM, ...mail };
  if (env.SMTP_URL) {
    // Bounded well inside the mail job's time (its jobSeconds), so a silent server fails the try instead of hanging
    // it; nodemailer's own defaults wait up to 2 minutes to connect and 10 for a quiet socket.
    smtp ??= nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    await smtp.sendMail(message);
    return;
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(message);
  const dir = mailSinkDir();
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Sortable by time, unique, and safe as a file name.
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
  await writeFile(path.join(dir, name), built.message as Buffer, { mode: PRIVATE_FILE_MODE });
}

/** Each mail job hands its message over once, however often it runs (./job-effects.server.ts). */
export const mailQueue = defineQueue<Mail>(
  "mail",
  (mail, job) => doOnce(`mail:${job.id}`, () => deliverMail(mail)),
  {
    retryLimit: 10,
    retryDelay: 10,
    jobSeconds: 60,
  },
);

/** Sends one message through the durable `mail` job; with `transaction`, only if the caller's rows commit. */
export async function sendMail(mail: Mail, options?: SendOptions): Promise<void> {
  await send(mailQueue, mail, options);
}

export type SunkMail = { file: string; to: string; subject: string; date: string; text: string };

/** The messages in the sink, newest first (for /dev/mail and the tests). */
export async function listSunkMail(): Promise<SunkMail[]> {
  const dir = mailSinkDir();
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
  const messages = await Promise.all(
    files.map(async (file) => parseEml(file, await readFile(path.join(dir, file), "utf8"))),
  );
  return messages.sort((a, b) => b.file.localeCompare(a.file));
}

/** Just enough of RFC 5322 to show our own plain-text messages (nodemailer writes them quoted-printable). */
function parseEml(file: string, raw: string): SunkMail {
  const split = raw.indexOf("\n\n");
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  let body = raw.slice(split + 2);
  const textPart = /Content-Type: text\/plain[\s\S]*?\n\n([\s\S]*?)(?:\n--|$)/i.exec(body);
  if (textPart?.[1]) body = textPart[1];
  if (/quoted-printable/i.test(textPart ? textPart[0] : head)) {
    body = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(body, "latin1").toString("utf8");
  }
  return { file, to: header("To"), subject: header("Subject"), date: header("Date"), text: body.trim() };
}
