/**
 * Draws the app's icons from the brand mark (public/favicon.svg) for the web app manifest and the home screens of
 * phones: 192 and 512 pixels square as they are, a maskable 512 (the mark inside the safe circle on the brand blue,
 * which Android crops to its own shape) and Apple's 180-pixel touch icon (square: iOS rounds it itself). The output is
 * committed under public/icons/; run again (`npx node scripts/make-icons.ts`) when the mark changes
 * (docs/decisions/0083-web-app-manifest-and-icons.md).
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";

const BRAND_BLUE = "#0d5fae";
const mark = readFileSync("public/favicon.svg");

/** The mark drawn at `size` pixels, sharp enough at any size (the SVG is rendered at the density that size needs). */
function markAt(size: number) {
  return sharp(mark, { density: Math.ceil((72 * size) / 64) }).resize(size, size);
}

/** The mark `inner` pixels wide in the middle of a `size` square of the brand blue. */
async function onBlue(size: number, inner: number) {
  const drawn = await markAt(inner).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BRAND_BLUE } })
    .composite([{ input: drawn, gravity: "centre" }])
    .png({ compressionLevel: 9 });
}

await markAt(192).png({ compressionLevel: 9 }).toFile("public/icons/icon-192.png");
await markAt(512).png({ compressionLevel: 9 }).toFile("public/icons/icon-512.png");
// The safe zone of a maskable icon is the middle circle of 80 % of its width: the house of the mark fits it whole.
await (await onBlue(512, 400)).toFile("public/icons/icon-maskable-512.png");
await (await onBlue(180, 180)).toFile("public/icons/apple-touch-icon.png");
