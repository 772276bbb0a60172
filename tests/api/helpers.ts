import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import type { Envelope } from "~/api/envelope";
import { handleApiRequest } from "~/api/router.server";
import { catalogueCaughtUp } from "~/db/catalogue.server";
import { getDatabase } from "~/db/db.server";
import { users } from "~/db/schema";
import { listSunkMail, type SunkMail } from "~/infra/mail.server";
import { hashPassword } from "~/infra/password.server";
import { createSession } from "~/infra/session.server";

export type Answer<T = unknown> = { status: number; body: Envelope<T>; headers: Headers };

/**
 * Calls the API the way the /api route does, with a standard Request. `address` is the caller's address as the HTTP
 * server would pass it (`context.clientAddress`); without it every call comes from the one "unknown" address.
 */
export async function call<T = unknown>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    rawBody?: string;
    address?: string;
  } = {},
): Promise<Answer<T>> {
  // On PostgreSQL an instance hears of a change to the catalogue a moment after its commit, and until then serves
  // what it kept (ADR 0037). A test reads right after it writes, sooner than any real visitor could: it waits for
  // that moment.
  await catalogueCaughtUp((await getDatabase()).db);
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  const response = await handleApiRequest(
    new Request(`http://localhost/api${path}`, { method, headers, body }),
    {
      clientAddress: options.address,
    },
  );
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

/**
 * One password, hashed once per test file: argon2id costs 64 MiB and four passes, and a test that is not about
 * passwords should not pay it for every user it makes.
 */
const TEST_PASSWORD = `pw-${randomBytes(6).toString("hex")}`;
let testPasswordHash: Promise<string> | undefined;

/** A user with a known password, straight into the database. */
export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const password = TEST_PASSWORD;
  testPasswordHash ??= hashPassword(password);
  const email = overrides.email ?? `user-${randomBytes(4).toString("hex")}@example.ph`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: "Carla",
      lastName: "Mendoza",
      nickName: null,
      // Ten random hex digits, not the app's four characters: one database holds thousands of test Carlas.
      referralCode: `CARLA-${randomBytes(5).toString("hex").toUpperCase()}`,
      passwordHash: await testPasswordHash,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user not created");
  return { user, email, password };
}

/** Logs in through the API and returns the Cookie header value of the new session. */
export async function loginCookie(email: string, password: string): Promise<string> {
  const answer = await call("POST", "/user/login", { body: { email, password } });
  const setCookie = answer.headers.get("Set-Cookie");
  if (answer.status !== 200 || !setCookie) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return setCookie.split(";")[0] as string;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.ph`;
}

/** A sign-up form that passes every rule; `overrides` set or (with undefined) leave out fields. */
export function signupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: "Maria",
    middleName: "",
    lastName: "Santos",
    suffix: "",
    nickName: "Mia",
    email: uniqueEmail("maria"),
    phoneNumber: "09171234567",
    password: "correct-horse-1",
    confirmPassword: "correct-horse-1",
    interested: "renter",
    dob: "1990-05-17",
    acceptTerms: true,
    ...overrides,
  };
}

/** A refusal (400 unless said) whose toast is `message` and whose field list names `field` with it. */
export function expectRefused(answer: Answer, field: string, message: string, status = 400): void {
  expect(answer.status).toBe(status);
  expect(answer.body.responseCode).toBe(status);
  expect(answer.body.responseMessage).toBe(message);
  expect(answer.body.result).toContainEqual({ field, message });
}

/** An answer with this status in both places, and this responseMessage (exactly, or matching) when given. */
export function expectStatus(answer: Answer, status: number, message?: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.responseCode).toBe(status);
  if (typeof message === "string") expect(answer.body.responseMessage).toBe(message);
  else if (message) expect(answer.body.responseMessage).toMatch(message);
}

/** Waits (up to 15 s) for the mail worker to put a message to `to` with `subject` in the sink. */
export async function waitForMail(to: string, subject: string): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listSunkMail()).find((mail) => mail.to === to && mail.subject === subject);
        return found;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBeDefined();
  return found as SunkMail;
}

/**
 * A new user with a session row made straight in the database (no login, so no argon2id run): the user, its e-mail
 * and password, and the Cookie header value of its session. Tests about logging in use `loginCookie`.
 */
export async function loggedInUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const created = await createUser(overrides);
  const { db } = await getDatabase();
  const setCookie = await createSession(db, created.user.id, "api-test");
  return { ...created, cookie: setCookie.split(";")[0] as string };
}

/** A multipart POST to the API, the way a browser or an app sends one. */
export async function postForm<T = unknown>(
  path: string,
  form: FormData,
  options: { cookie?: string } = {},
): Promise<Answer<T>> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const response = await handleApiRequest(
    new Request(`http://localhost/api${path}`, { method: "POST", headers, body: form }),
  );
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

/** A form with one file in `field` and text fields. */
export function fileForm(
  field: string,
  file: { bytes: Uint8Array; name: string; type: string },
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

let opsScratch: string | undefined;

/**
 * The operators' command as they run it (`npm run ops -- …`), against `databaseUrl`, else the embedded database in
 * `dataDir`, else an empty one in a scratch folder of its own: its exit code and output.
 */
export async function runOps(args: string[], databaseUrl?: string, dataDir?: string) {
  opsScratch ??= mkdtempSync(path.join(tmpdir(), "ss-ops-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir ?? opsScratch };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/ops.ts", ...args],
      { env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
