import { hash, verify } from "@node-rs/argon2";

/** Passwords are hashed with argon2id (OWASP's minimum: 19 MiB, 2 iterations, 1 lane). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Accounts made through Google or Facebook have no password; they never match.
  if (!passwordHash) {
    await hash(password, OPTIONS); // same work either way, so timing does not tell which accounts exist
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
