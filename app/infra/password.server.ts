import { hash, verify } from "@node-rs/argon2";

/**
 * Passwords are hashed with argon2id, tuned so one hash costs 50–150 ms on the 2-core machines we run on
 * (64 MiB, 4 passes, 1 lane: about 70 ms there; `npm run bench` measures it). Stronger than OWASP's minimum
 * (19 MiB, 2 passes) while a login stays well under a quarter of a second. Hashes made with other parameters still
 * verify: argon2 keeps them in the hash string.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 65_536,
  timeCost: 4,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Accounts made through Google or Facebook have no password; they never match.
  if (!passwordHash) {
    await hash(password, PASSWORD_HASH_OPTIONS); // same work either way, so timing does not tell which accounts exist
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
