/**
 * The browser the e2e suite and the Lighthouse bench drive: Debian's Chromium headless shell (never a browser
 * Playwright downloads; scripts/ensure-chromium.js installs it when missing), with the flags these machines need.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
