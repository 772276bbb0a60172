import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.js";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

describe("the server's Node flags", () => {
  it("are the serve script's, set on its command line rather than by the server itself", () => {
    expect(SERVER_NODE_FLAGS).toEqual([
      "--liftoff-only",
      "--max-semi-space-size=8",
      "--heap-growing-percent=50",
    ]);
    expect(packageJson.scripts.serve).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} server/index.ts`);
    // No FFI: the server hands memory back with nothing but Node and the environment it is given.
    expect(packageJson.dependencies).not.toHaveProperty("koffi");
  });

  it("are taken by Node and passed on to the server processes of a PostgreSQL deployment", () => {
    // What server/processes.ts does: cluster.fork() with its defaults; each process reports the flags it runs with.
    const program = `
      import cluster from "node:cluster";
      if (cluster.isPrimary) cluster.fork().on("message", (flags) => { console.log(JSON.stringify(flags)); process.exit(0); });
      else process.send(process.execArgv);
    `;
    const folder = mkdtempSync(path.join(tmpdir(), "node-flags-"));
    try {
      const file = path.join(folder, "processes.mjs");
      writeFileSync(file, program);
      const output = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, file], { encoding: "utf8" });
      expect(JSON.parse(output)).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
