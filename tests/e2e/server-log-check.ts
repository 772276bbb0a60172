import { existsSync, readFileSync } from "node:fs";
import { DEMO_PASSWORD } from "../../app/seed/demo-users";
import { E2E_DATA_DIR, E2E_SECRETS, SERVER_LOG } from "../../playwright.config";
import { type TestUser, testUsersFile } from "./test-users";

/**
 * After the whole e2e run (Playwright's globalTeardown), the e2e server's log (its stdout, SERVER_LOG) is read: the
 * run fails if a line is not one JSON object with a time, a level and a message, if no request was logged at all, or
 * if any line holds a secret the run used — the demo accounts' password, the test accounts' password and session
 * cookies, the payout account number the fixtures give a host (and the one the payouts spec types), the server's
 * session secret and the social sign-in secrets, a session cookie or a bearer token of any value (docs/decisions/0060-logs.md).
 */
/** The payout account number of the fixtures' payout hosts and of the payouts spec (tests/e2e/seed-test-users.ts). */
const PAYOUT_ACCOUNT_NUMBER = "09171234567";

export function serverLogProblems(text: string, secrets: readonly string[]): string[] {
  const problems: string[] = [];
  let requests = 0;
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      problems.push(`line ${i + 1} is not JSON: ${line.slice(0, 200)}`);
      return;
    }
    const { time, level, msg } = (entry ?? {}) as Record<string, unknown>;
    if (typeof entry !== "object" || Array.isArray(entry) || !time || typeof level !== "number" || !msg)
      problems.push(`line ${i + 1} is not a log entry (time, level, msg): ${line.slice(0, 200)}`);
    if (msg === "request") requests += 1;
  });
  if (requests === 0) problems.push("no request was logged");
  for (const secret of secrets)
    if (secret && text.includes(secret)) problems.push(`a secret is in the log: ${secret.slice(0, 4)}…`);
  for (const [name, pattern] of [
    ["a session cookie", /ss_session=[^;"\s]{8,}/],
    ["a bearer token", /Bearer [\w.~+/-]{8,}/],
  ] as const) {
    const found = pattern.exec(text);
    if (found) problems.push(`${name} is in the log: ${found[0].slice(0, 16)}…`);
  }
  return problems;
}

/** The secrets of this run: fixed ones, and the test accounts' passwords and session cookies. */
function runSecrets(): string[] {
  const file = testUsersFile(E2E_DATA_DIR);
  const users = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as TestUser[]) : [];
  const cookies = users.map((user) => user.setCookie.split(";")[0]?.split("=").slice(1).join("=") ?? "");
  return [
    DEMO_PASSWORD,
    PAYOUT_ACCOUNT_NUMBER,
    ...E2E_SECRETS,
    ...new Set(users.map((user) => user.password)),
    ...cookies,
  ];
}

export default function checkServerLog(): void {
  if (!existsSync(SERVER_LOG)) throw new Error(`The e2e server's log is missing: ${SERVER_LOG}`);
  const problems = serverLogProblems(readFileSync(SERVER_LOG, "utf8"), runSecrets());
  if (problems.length > 0)
    throw new Error(
      `The e2e server's log (${SERVER_LOG}) breaks the log's rules (docs/deploy.md, Logs):\n  ${problems.slice(0, 20).join("\n  ")}`,
    );
}
