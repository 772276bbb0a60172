import { describe, expect, it } from "vitest";
import { loadMallocTrim, MALLOC_SETTINGS, missingMemorySettings, V8_FLAGS } from "./memory.ts";

describe("missingMemorySettings", () => {
  it("asks for every setting when the server was started plainly", () => {
    expect(missingMemorySettings([], {})).toEqual({ flags: [...V8_FLAGS], env: MALLOC_SETTINGS });
  });

  it("asks for nothing once the server runs with them, so it starts itself again only once", () => {
    expect(missingMemorySettings([...V8_FLAGS], { ...MALLOC_SETTINGS })).toBeNull();
  });

  it("keeps the settings the person starting the server chose", () => {
    const missing = missingMemorySettings(["--import", "tsx", "--max_semi_space_size=64"], {
      NODE_OPTIONS: "--heap-growing-percent=100",
      MALLOC_ARENA_MAX: "4",
    });
    expect(missing).toEqual({
      flags: ["--liftoff-only"],
      env: { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" },
    });
  });
});

describe("loadMallocTrim", () => {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  const glibc = process.platform === "linux" && Boolean(report.header?.glibcVersionRuntime);

  it.runIf(glibc)(
    "reaches glibc's malloc_trim, which answers 0 or 1 (whether it gave memory back)",
    async () => {
      const trim = await loadMallocTrim();
      expect(trim).not.toBeNull();
      expect([0, 1]).toContain(trim?.());
    },
  );

  it.runIf(process.platform !== "linux")("is null off Linux, where there is no glibc", async () => {
    expect(await loadMallocTrim()).toBeNull();
  });
});
