import { describe, expect, it } from "vitest";
import { MALLOC_SETTINGS, missingMemorySettings, V8_FLAGS } from "./memory.ts";

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
