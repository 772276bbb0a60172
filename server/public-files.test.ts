import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFiles } from "./app.ts";

/** public/'s files are served; every other path goes on to the next handler without a look at the disk. */
const root = mkdtempSync(path.join(tmpdir(), "public-files-"));
mkdirSync(path.join(root, "images"));
writeFileSync(path.join(root, "images", "logo one.svg"), "<svg/>");
writeFileSync(path.join(root, "favicon.svg"), "<svg/>");

const app = express();
app.use(publicFiles(root));
app.use((_req, res) => {
  res.status(404).send("next handler");
});
const server = createServer(app);
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("publicFiles", () => {
  it("serves a file of public/, in a folder and with a name that needs encoding, cached for an hour", async () => {
    const answer = await fetch(`${base}/images/logo%20one.svg`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("<svg/>");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);
  });

  it("hands every other path to the next handler: pages, folders, files that are not there", async () => {
    for (const urlPath of ["/", "/images", "/images/", "/api/user/cityList", "/nothing.svg", "/%E0%A4%A"]) {
      const answer = await fetch(`${base}${urlPath}`);
      expect(answer.status, urlPath).toBe(404);
      expect(await answer.text()).toBe("next handler");
    }
  });
});
