/**
 * image: the time and peak memory of processing a 3 MB photo, each run in a fresh process (the worker
 * bench/image.ts), and how fast a decompression bomb is refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { KB, medianOf, round, throwIfInterrupted } from "../shared.ts";
import { runWorker } from "../workers.ts";

const IMAGE_RUNS = 5;

type ImageRun = {
  ms: number;
  peakRssDeltaMiB: number;
  peakHeapDeltaMiB: number;
  peakExternalDeltaMiB: number;
  quality: number;
  output: { width: number; height: number; webpWidths: number[] };
};

export type ImageResult = {
  date: string;
  bomb: { refused: boolean; ms: number };
  input: { bytes: number; width: number; height: number; megabytes: number };
  runs: number;
  quality: number;
  output: ImageRun["output"];
  medianMs: number;
  medianPeakRssDeltaMiB: number;
  medianPeakHeapDeltaMiB: number;
  medianPeakExternalDeltaMiB: number;
  samples: Pick<ImageRun, "ms" | "peakRssDeltaMiB" | "peakHeapDeltaMiB" | "peakExternalDeltaMiB">[];
};

/**
 * Makes a ~3 MB JPEG (bench/image.ts make), then processes it IMAGE_RUNS times, each in a fresh process
 * (bench/image.ts measure), and keeps the median of each figure.
 */
export async function benchmarkImage(): Promise<ImageResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "space-solution-bench-image-"));
  try {
    const file = path.join(dir, "photo.jpg");
    console.log("Photo: making a 3 MB JPEG ...");
    const input = JSON.parse(await runWorker(["bench/image.ts", "make", file], { capture: true })) as Omit<
      ImageResult["input"],
      "megabytes"
    >;
    const runs: ImageRun[] = [];
    for (let i = 0; i < IMAGE_RUNS; i++) {
      throwIfInterrupted();
      runs.push(
        JSON.parse(await runWorker(["bench/image.ts", "measure", file], { capture: true, gc: true })),
      );
    }
    const median = (key: "ms" | "peakRssDeltaMiB" | "peakHeapDeltaMiB" | "peakExternalDeltaMiB") =>
      round(medianOf(runs.map((run) => run[key])), 1);
    const bomb = JSON.parse(await runWorker(["bench/image.ts", "bomb"], { capture: true }));
    const [first] = runs as [ImageRun];
    return {
      date: new Date().toISOString(),
      bomb,
      input: { ...input, megabytes: round(input.bytes / KB ** 2, 2) },
      runs: IMAGE_RUNS,
      quality: first.quality,
      output: first.output,
      medianMs: median("ms"),
      medianPeakRssDeltaMiB: median("peakRssDeltaMiB"),
      medianPeakHeapDeltaMiB: median("peakHeapDeltaMiB"),
      medianPeakExternalDeltaMiB: median("peakExternalDeltaMiB"),
      samples: runs.map(({ ms, peakRssDeltaMiB, peakHeapDeltaMiB, peakExternalDeltaMiB }) => ({
        ms,
        peakRssDeltaMiB,
        peakHeapDeltaMiB,
        peakExternalDeltaMiB,
      })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
