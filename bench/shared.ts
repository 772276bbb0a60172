/**
 * What every part of the benchmark (bench/run.ts) shares: where the project is, the build it serves, the pages it
 * visits first, whether Ctrl-C was pressed, and small number helpers.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const RESULTS_FILE = path.join(ROOT, "bench", "results", "latest.json");
export const EXPLAIN_FILE = path.join(ROOT, "docs", "search-performance.md");
/** BUILD_DIR builds (and serves) somewhere else than build/, as remix.config.js does. */
export const BUILD_DIR = process.env.BUILD_DIR?.trim() || "build";

export const KB = 1024;
export const HOME = "/";
export const SEARCH_PAGE = "/search-space?storageType=storage&city=makati";

/** A database a worker runs on: the embedded PGlite in a data directory, or PostgreSQL at a URL. */
export type WorkerDatabase = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** Whether Ctrl-C (or a SIGTERM) was pressed: every long loop stops at its next step. */
export const interruption = { interrupted: false };

export function throwIfInterrupted(): void {
  if (interruption.interrupted) throw new Error("interrupted");
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function fetchOk(baseUrl: string, route: string): Promise<Response> {
  const response = await fetch(baseUrl + route);
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
  return response;
}

export async function fetchText(baseUrl: string, route: string): Promise<string> {
  return (await fetchOk(baseUrl, route)).text();
}
