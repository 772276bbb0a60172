/** The command line of `npm run bench` (bench/README.md, "Running"). */
import { parseArgs } from "node:util";

export const SECTIONS = [
  "routes",
  "password",
  "image",
  "search",
  "page",
  "explain",
  "race",
  "streams",
  "billing",
  "lighthouse",
  "day",
];
const DEFAULT_SECTIONS = ["routes", "password", "image", "search", "page", "race", "streams", "billing"];
/** The search benchmarks: listings generated and runs per query. */
const DEFAULT_SPACES = 100_000;
const DEFAULT_SEARCH_RUNS = 200;

export type Options = {
  build: boolean;
  duration: number;
  /** Whether --duration was given (the day's mix runs 60 s unless it was). */
  durationGiven: boolean;
  sections: Set<string>;
  spaces: number;
  runs: number;
};

/**
 * `--no-build` skips the build; `--duration N` sets the seconds each route (and the search page) is driven for;
 * `--only a,b` runs only those sections (also repeated: `--only search --only page`); `--spaces N` and `--runs N`
 * set the listings generated and the runs per search query.
 */
export function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      build: { type: "boolean", default: true },
      duration: { type: "string", default: "10" },
      only: { type: "string", multiple: true },
      spaces: { type: "string", default: String(DEFAULT_SPACES) },
      runs: { type: "string", default: String(DEFAULT_SEARCH_RUNS) },
    },
    allowNegative: true, // gives --no-build
    strict: true,
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new Error(`--duration must be a positive number of seconds, got "${values.duration}"`);
  }
  const positive = (name: "spaces" | "runs") => {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new Error(`--${name} must be a positive whole number, got "${values[name]}"`);
    }
    return value;
  };
  const only = (values.only ?? []).flatMap((value) => value.split(",")).map((value) => value.trim());
  for (const section of only) {
    if (!SECTIONS.includes(section)) {
      throw new Error(`--only takes ${SECTIONS.join(", ")}; got "${section}"`);
    }
  }
  const sections = new Set(only.length > 0 ? only : DEFAULT_SECTIONS);
  const durationGiven = process.argv.some((arg) => arg === "--duration" || arg.startsWith("--duration="));
  return {
    build: values.build,
    duration,
    durationGiven,
    sections,
    spaces: positive("spaces"),
    runs: positive("runs"),
  };
}
