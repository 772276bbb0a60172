/** password: the time of one hash of the app's own hashPassword (argon2id, its real parameters). */
import { round } from "../shared.ts";

const HASH_SAMPLES = 10;

export type PasswordHashResult = {
  samples: number;
  medianMs: number;
  memoryKiB: number;
  passes: number;
  withinTarget: boolean;
};

/** Times the app's own hashPassword (imported through tsx, which resolves the app's `~/` imports) one at a time. */
export async function measurePasswordHash(): Promise<PasswordHashResult> {
  const { tsImport } = await import("tsx/esm/api");
  const passwords = (await tsImport(
    "../../app/infra/password.server.ts",
    import.meta.url,
  )) as typeof import("../../app/infra/password.server.ts");
  await passwords.hashPassword("warm-up");
  const times: number[] = [];
  for (let i = 0; i < HASH_SAMPLES; i++) {
    const start = performance.now();
    await passwords.hashPassword(`correct horse battery staple ${i}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const medianMs = round(times[Math.floor(times.length / 2)] ?? 0, 1);
  const { memoryCost, timeCost } = passwords.PASSWORD_HASH_OPTIONS;
  return {
    samples: HASH_SAMPLES,
    medianMs,
    memoryKiB: memoryCost,
    passes: timeCost,
    withinTarget: medianMs >= 50 && medianMs <= 150,
  };
}
