import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tightenModes } from "./data-dir.server";

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("tightenModes", () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "ss-data-"));
    outside = mkdtempSync(path.join(tmpdir(), "ss-outside-"));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it("makes a DATA_DIR left open to everyone private: folders 0700, files 0600, at every depth", () => {
    const deep = path.join(root, "pglite", "base", "5");
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(root, "session-secret"), "secret");
    writeFileSync(path.join(deep, "16384"), "rows");
    writeFileSync(path.join(root, "pglite", "PG_VERSION"), "17");
    // As an earlier version under umask 000 left them, and one file shut tighter than it need be.
    for (const entry of [root, path.join(root, "pglite"), path.join(root, "pglite", "base"), deep])
      chmodSync(entry, 0o777);
    chmodSync(path.join(root, "session-secret"), 0o644);
    chmodSync(path.join(deep, "16384"), 0o666);
    chmodSync(path.join(root, "pglite", "PG_VERSION"), 0o400);

    expect(tightenModes(root)).toEqual([]);

    for (const folder of [root, path.join(root, "pglite"), path.join(root, "pglite", "base"), deep])
      expect(modeOf(folder), folder).toBe(0o700);
    for (const file of [
      path.join(root, "session-secret"),
      path.join(deep, "16384"),
      path.join(root, "pglite", "PG_VERSION"),
    ])
      expect(modeOf(file), file).toBe(0o600);
  });

  it("leaves what a symbolic link points at alone", () => {
    const shared = path.join(outside, "shared.txt");
    writeFileSync(shared, "not the app's");
    chmodSync(shared, 0o644);
    chmodSync(outside, 0o755);
    symlinkSync(shared, path.join(root, "link-to-file"));
    symlinkSync(outside, path.join(root, "link-to-folder"));

    tightenModes(root);

    expect(modeOf(shared)).toBe(0o644);
    expect(modeOf(outside)).toBe(0o755);
  });
});
