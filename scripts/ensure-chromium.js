/**
 * The e2e suite drives Debian's Chromium headless shell (never a browser Playwright downloads). When it is missing,
 * install it with apt — the machines this project runs on allow that as root.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

import { CHROMIUM_PATH as chromium } from "./chromium.js";

if (existsSync(chromium)) {
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(
    `${chromium} is missing. Install Debian's chromium-headless-shell package (as root: apt-get install -y chromium-headless-shell).`,
  );
  process.exit(1);
}
console.info(`${chromium} is missing; installing Debian's chromium-headless-shell package…`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execSync("apt-get update -qq", { stdio: "inherit", env });
execSync("apt-get install -y -qq chromium-headless-shell", { stdio: "inherit", env });
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
