import { existsSync, readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The Node the project says it needs (package.json `engines`) is the Node it really needs: one that runs the server's
 * TypeScript as it is (server/index.ts; type stripping is on by default from Node 22.18 and 23.6), and that every
 * package the server runs with supports. CI and `npm run …` use Node 24 from the `node` package.
 */

type Lock = { packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }> };
const root = (file: string) => new URL(`../${file}`, import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(root(file), "utf8"));
const pkg = read("package.json") as { engines: { node: string }; dependencies: { node: string } };
const lock = read("package-lock.json") as Lock;

describe("engines.node", () => {
  const wanted = pkg.engines.node;

  it("asks for a Node that runs the server's TypeScript without a flag", () => {
    expect(semver.subset(wanted, "^22.18.0 || >=23.6.0")).toBe(true);
  });

  it("asks for no Node that a package the server runs with refuses", () => {
    const refusing = Object.entries(lock.packages)
      // What is installed here: a binary for another system (sharp's for 32-bit Windows) is not the server's.
      .filter(([path, entry]) => path.startsWith("node_modules/") && !entry.dev && existsSync(root(path)))
      .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter((pair): pair is readonly [string, string] => Boolean(pair[1] && semver.validRange(pair[1])))
      .filter(([, range]) => !semver.subset(wanted, range))
      .map(([path, range]) => `${path} (${range})`);
    expect(refusing).toEqual([]);
  });

  it("takes the Node that npm installs for the project", () => {
    expect(semver.satisfies(semver.minVersion(pkg.dependencies.node) ?? "", wanted)).toBe(true);
  });
});
