import { format } from "node:util";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

/**
 * A test fails when the app or React writes to console.error while it runs: an error log is a bug the test did not
 * look for (a React warning, a caught failure logged and answered as if all were well). A test that provokes one on
 * purpose (a database that cannot be reached, a 500) says so in that test:
 *
 *   vi.spyOn(console, "error").mockImplementation(() => {});
 *
 * and the spy is undone after the test. What is logged outside any test (a file's beforeAll or afterAll, work left
 * running after its last test) fails the file.
 */
const logged: string[] = [];
const write = console.error;
console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  write.apply(console, args);
};

let beforeTest: typeof console.error;

beforeEach(() => {
  beforeTest = console.error;
});

afterEach(() => {
  // The test allowed its error log with a spy of its own: undo it, so the next test is watched again.
  const now = console.error;
  if (now !== beforeTest && vi.isMockFunction(now)) now.mockRestore();
  failOnLogged("while this test ran");
});

afterAll(() =>
  failOnLogged("outside this file's tests (in a beforeAll or afterAll, or by work left running)"),
);

function failOnLogged(when: string) {
  if (logged.length === 0) return;
  const lines = logged.splice(0).map((text) => `  ${text.split("\n")[0]}`);
  throw new Error(
    `console.error was called ${when}:\n${lines.join("\n")}\n` +
      'Fix the cause, or, if the test means to provoke it, allow it there: vi.spyOn(console, "error").mockImplementation(() => {})',
  );
}
