/**
 * The server's memory on a small machine (ADR 0001's addendum). These settings only take effect when a process
 * starts, so the server starts itself again with them, in place: the same process (same id, same output), before
 * anything else is loaded.
 *
 * - The C allocator (glibc): each thread that allocates gets an arena of its own, and large blocks, once freed,
 *   stay with the process. The embedded database allocates and frees several hundred MB while it starts, which
 *   stayed resident for good. Two arenas, blocks of 128 KiB and more taken from the system and given back as soon as
 *   they are freed, and free memory at the top of the heap given back too keep only what is in use.
 * - V8's compilers: the embedded database is PostgreSQL compiled to WebAssembly. V8 recompiles its hot functions
 *   with its optimizing compiler in the background, which took some 600 MB while the database opened and, on two
 *   cores, more time than the faster code gave back. Its baseline code alone (`--liftoff-only`) serves the same
 *   queries; the flag only works from the command line (set at run time, V8 still optimizes, and Node refuses it
 *   in NODE_OPTIONS).
 * - V8's heap: rendering a page allocates many short-lived objects. By default the young generation grows to 128 MB
 *   and the old one to several times what is live, and neither gives memory back after a burst of visitors. An 8 MB
 *   semi-space and an old generation that grows by half of what is live serve the same pages in far less.
 *
 * A setting the person starting the server already chose (the environment variable, or the Node flag on the command
 * line or in NODE_OPTIONS) is kept. Where a process cannot start itself again in place (Windows) it runs as it is.
 */
export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

export const V8_FLAGS: readonly string[] = [
  "--liftoff-only",
  "--max-semi-space-size=8",
  "--heap-growing-percent=50",
];

/** The Node flags and environment the server still lacks; null when it already runs with all of them. */
export function missingMemorySettings(
  execArgv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { flags: string[]; env: Record<string, string> } | null {
  const chosen = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)].map(flagName);
  const flags = V8_FLAGS.filter((flag) => !chosen.includes(flagName(flag)));
  const missingEnv = Object.fromEntries(
    Object.entries(MALLOC_SETTINGS).filter(([name]) => env[name] === undefined),
  );
  if (flags.length === 0 && Object.keys(missingEnv).length === 0) return null;
  return { flags, env: missingEnv };
}

/** `--max-semi-space-size=16` and `--max_semi_space_size 16` name the same flag. */
function flagName(arg: string): string {
  return (arg.split("=")[0] ?? arg).replaceAll("_", "-");
}

/**
 * Starts this same server again, in this process, with the settings above; does not return when it does. Should
 * that fail, the server carries on as it is: it only needs more memory.
 */
export function restartWithMemorySettings(): void {
  const missing = missingMemorySettings(process.execArgv, process.env);
  if (!missing || typeof process.execve !== "function") return;
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...missing.flags, ...process.execArgv, ...process.argv.slice(1)],
      { ...process.env, ...missing.env },
    );
  } catch (error) {
    console.warn(`[server] runs without its memory settings: ${(error as Error).message}`);
  }
}

/** How often the server hands the C allocator's free pages back to the system (see giveBackFreedMemory). */
export const GIVE_BACK_INTERVAL_MS = 5_000;

/**
 * The C allocator (glibc) returns freed memory to the system only from the top of its heap. What the server frees
 * below a block still in use stays resident: the embedded database's creation and the WebAssembly compilation at
 * start leave some 30 MB so, and a burst of visitors 20–40 MB more. `malloc_trim` gives those free pages back. It
 * runs once the database is open and then every 5 s, which takes about a millisecond. Where there is no glibc
 * (macOS, Windows, musl) or the FFI library cannot load, the server carries on as it is: it only keeps more memory.
 */
export async function giveBackFreedMemory(): Promise<void> {
  const trim = await loadMallocTrim();
  if (!trim) return;
  trim();
  setInterval(trim, GIVE_BACK_INTERVAL_MS).unref();
}

/** glibc's `malloc_trim(0)`, reached through koffi (an FFI library with prebuilt binaries); null without glibc. */
export async function loadMallocTrim(): Promise<(() => number) | null> {
  if (process.platform !== "linux") return null;
  try {
    const { default: koffi } = await import("koffi");
    const mallocTrim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return () => mallocTrim(0) as number;
  } catch {
    return null; // a C library other than glibc (musl), or no prebuilt koffi for this machine
  }
}
