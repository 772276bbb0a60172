import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the code and the docs cite is in the repository: the product's rules are docs/product.md and the decisions
 * docs/decisions/, so a maintainer who clones the repository can follow every pointer. The product's first
 * specification and its decisions page lived outside the repository; a tracked file that cites them again fails
 * here, named by file and line.
 */

const root = path.resolve(import.meta.dirname, "..");

/** The outside documents as they were cited, built from parts so that this file does not cite them itself. */
const OUTSIDE = [`spec ${"§"}`, `spec${".md"}`, `${"PRODUCT"}.md`];

/** Files that are not text. */
const BINARY = /\.(?:jpe?g|png|webp|gif|ico|woff2?|pdf|zip|gz)$/i;

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file && !BINARY.test(file));
}

/** Each line of a tracked file that cites an outside document, as "file:line: text". */
function citations(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), "utf8");
    } catch {
      continue; // listed by git but not in the working tree (deleted and not yet committed)
    }
    if (!OUTSIDE.some((name) => text.includes(name))) continue;
    text.split("\n").forEach((line, index) => {
      if (OUTSIDE.some((name) => line.includes(name))) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("references", () => {
  const files = trackedFiles();

  it("point inside the repository: no tracked file cites the outside specification or decisions page", () => {
    expect(citations(files)).toEqual([]);
  });
});
