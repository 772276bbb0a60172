import { format } from "node:util";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { log, logOutput } from "~/infra/log.server";

/**
 * A test fails when the app logs an error (app/infra/log.server.ts: a line of level "error" or "fatal") or React
 * writes to console.error while it runs: an error log is a bug the test did not look for (a React warning, a caught
 * failure logged and answered as if all were well). A test that provokes one on purpose (a database that cannot be
 * reached, a 500) says so in that test:
 *
 *   vi.spyOn(log, "error").mockImplementation(() => {});
 *
 * (or `vi.spyOn(console, "error")` for React's), and the spy is undone after the test. What is logged outside any test (a file's beforeAll or afterAll, work left
 * running after its last test) fails the file.
 */
const logged: string[] = [];
const write = console.error;
console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  write.apply(console, args);
};

/** pino's level number for "error"; "fatal" is above it. */
const ERROR_LEVEL = 50;
const writeLine = logOutput.write;
logOutput.write = (line: string) => {
  const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
  if (entry.level >= ERROR_LEVEL)
    logged.push(`${entry.msg ?? ""}${entry.err ? `: ${entry.err.message}` : ""}`);
  writeLine(line);
};

let beforeTest: typeof console.error;
let logBeforeTest: typeof log.error;

beforeEach(() => {
  beforeTest = console.error;
  logBeforeTest = log.error;
});

afterEach(() => {
  // The test allowed its error log with a spy of its own: undo it, so the next test is watched again.
  const now = console.error;
  if (now !== beforeTest && vi.isMockFunction(now)) now.mockRestore();
  const logNow = log.error;
  if (logNow !== logBeforeTest && vi.isMockFunction(logNow)) logNow.mockRestore();
  failOnLogged("while this test ran");
});

afterAll(() =>
  failOnLogged("outside this file's tests (in a beforeAll or afterAll, or by work left running)"),
);

function failOnLogged(when: string) {
  if (logged.length === 0) return;
  const lines = logged.splice(0).map((text) => `  ${text.split("\n")[0]}`);
  throw new Error(
    `an error was logged ${when}:\n${lines.join("\n")}\n` +
      'Fix the cause, or, if the test means to provoke it, allow it there: vi.spyOn(log, "error").mockImplementation(() => {})',
  );
}
