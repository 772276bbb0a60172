/**
 * The photo benchmark's worker (run by bench/sections/image.ts, one fresh process per run:
 * `node --import tsx bench/image.ts`).
 *
 *   bench/image.ts make <file>      writes a realistic ~3 MB JPEG (3000 × 2000: gradients, soft shapes and sensor
 *                                   noise, which is what makes phone photos big) and prints its size
 *   bench/image.ts measure <file>   processes it once with processImage (app/infra/images.server.ts) and prints
 *                                   the time and the peak memory above what the process used just before
 *   bench/image.ts bomb             times the refusal of a PNG whose header claims 50,000 × 50,000 pixels (a
 *                                   decompression bomb): refused from the header, without decoding it
 *
 * Measuring in a process of its own keeps the numbers clean: nothing else has allocated or cached anything. A
 * small image is processed first so that libvips is loaded before the baseline is taken.
 */
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { processImage, TOO_MANY_PIXELS_MESSAGE } from "~/infra/images.server";
import { pngClaiming } from "~/infra/images.testing";

const WIDTH = 3000;
const HEIGHT = 2000;
/** 3 MiB, give or take 3 %. */
const TARGET_BYTES = 3 * 1024 * 1024;
const TOLERANCE = 0.03;
const SAMPLE_EVERY_MS = 2;

const [command, file] = process.argv.slice(2);
if (command !== "bomb" && (!file || (command !== "make" && command !== "measure"))) {
  console.error("usage: bench/image.ts make|measure <file> | bomb");
  process.exit(2);
}

if (command === "bomb") {
  console.log(JSON.stringify(await refuseBomb()));
} else if (!file) {
  process.exit(2);
} else if (command === "make") {
  const bytes = await makePhoto();
  writeFileSync(file, bytes);
  console.log(JSON.stringify({ bytes: bytes.byteLength, width: WIDTH, height: HEIGHT }));
} else {
  console.log(JSON.stringify(await measure(readFileSync(file))));
}

/** A scene: a sky-to-ground gradient and a few soft blobs of colour, as raw RGB. */
function scene(): Float32Array {
  const data = new Float32Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    const t = y / HEIGHT;
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      data[i] = 120 + 100 * (1 - t) + 20 * Math.sin(x / 300);
      data[i + 1] = 150 + 60 * (1 - t) - 40 * t;
      data[i + 2] = 210 * (1 - t) + 70 * t;
    }
  }
  const random = seeded(7);
  for (let n = 0; n < 12; n++) {
    const [cx, cy, radius] = [random() * WIDTH, random() * HEIGHT, 150 + random() * 500];
    const colour = [random() * 255, random() * 255, random() * 255] as const;
    for (let y = Math.max(0, Math.floor(cy - radius)); y < Math.min(HEIGHT, cy + radius); y++) {
      for (let x = Math.max(0, Math.floor(cx - radius)); x < Math.min(WIDTH, cx + radius); x++) {
        const weight = 1 - Math.hypot(x - cx, y - cy) / radius;
        if (weight <= 0) continue;
        const i = (y * WIDTH + x) * 3;
        for (const [c, value] of colour.entries()) {
          data[i + c] = (data[i + c] as number) + (value - (data[i + c] as number)) * weight;
        }
      }
    }
  }
  return data;
}

/** The scene with sensor noise of `amount` levels (the same noise pattern every time, scaled). */
function withNoise(base: Float32Array, noise: Float32Array, amount: number): Buffer {
  const out = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i++) {
    const value = (base[i] as number) + (noise[i] as number) * amount;
    out[i] = Math.max(0, Math.min(255, value));
  }
  return out;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** A JPEG of about TARGET_BYTES: the noise level is searched until the encoder lands within the tolerance. */
async function makePhoto(): Promise<Buffer> {
  const base = scene();
  const random = seeded(11);
  const noise = Float32Array.from({ length: base.length }, () => random() - 0.5);
  let low = 0;
  let high = 200;
  let best: Buffer | undefined;
  for (let attempt = 0; attempt < 12; attempt++) {
    const amount = (low + high) / 2;
    const jpeg = await sharp(withNoise(base, noise, amount), {
      raw: { width: WIDTH, height: HEIGHT, channels: 3 },
    })
      .jpeg({ quality: 92, chromaSubsampling: "4:2:0" })
      .toBuffer();
    if (!best || Math.abs(jpeg.byteLength - TARGET_BYTES) < Math.abs(best.byteLength - TARGET_BYTES))
      best = jpeg;
    if (Math.abs(jpeg.byteLength - TARGET_BYTES) <= TARGET_BYTES * TOLERANCE) break;
    if (jpeg.byteLength < TARGET_BYTES) low = amount;
    else high = amount;
  }
  return best as Buffer;
}

async function measure(input: Buffer) {
  // Load libvips and the JPEG/WebP codecs first, so the baseline includes them.
  const warmUp = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
    .jpeg()
    .toBuffer();
  await processImage(warmUp);
  globalThis.gc?.();

  const before = process.memoryUsage();
  const peak = { ...before };
  const sample = () => {
    const now = process.memoryUsage();
    for (const key of ["rss", "heapUsed", "external", "arrayBuffers"] as const) {
      if (now[key] > peak[key]) peak[key] = now[key];
    }
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  const started = performance.now();
  const result = await processImage(input);
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  const maxRssBytes = process.resourceUsage().maxRSS * 1024;
  const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    inputBytes: input.byteLength,
    ms: Math.round(ms * 10) / 10,
    quality: result.quality,
    output: {
      width: result.main.width,
      height: result.main.height,
      jpegBytes: result.main.bytes.byteLength,
      webpWidths: result.variants.map((variant) => variant.width),
    },
    rssBeforeMiB: mib(before.rss),
    /** The most the process's resident memory grew while the photo was processed (OS peak, so no sample is missed). */
    peakRssDeltaMiB: mib(Math.max(maxRssBytes, peak.rss) - before.rss),
    /** JavaScript heap and the memory outside it (Buffers, which is where sharp's output lives). */
    peakHeapDeltaMiB: mib(peak.heapUsed - before.heapUsed),
    peakExternalDeltaMiB: mib(peak.external - before.external),
  };
}

/** The time processImage takes to refuse a 50,000 × 50,000 PNG, and whether it refused it for its pixels. */
async function refuseBomb() {
  const bomb = await pngClaiming(50_000, 50_000);
  await processImage(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer(),
  );
  const started = performance.now();
  const refusal = await processImage(bomb).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return {
    ms: Math.round((performance.now() - started) * 10) / 10,
    refused: refusal === TOO_MANY_PIXELS_MESSAGE,
  };
}
