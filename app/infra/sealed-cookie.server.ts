import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  type KeyObject,
  pbkdf2,
  randomBytes,
} from "node:crypto";
import { getEnv } from "~/env.server";

/**
 * Cookies that carry user data (the entry URL, later drafts and the like) are sealed: encrypted and authenticated
 * with AES-256-GCM (docs/product.md, Stored data). The browser sees only `v1.<base64url>`; a value that
 * was changed, cut short, sealed under another secret or sealed for another cookie reads as absent.
 *
 * The key is derived from SESSION_SECRET with PBKDF2-SHA256 and 100,000 iterations (docs/product.md, Stored data).
 * Deriving it costs tens of milliseconds, so it is done ONCE per process, at the first use, and the key is cached from
 * then on (concurrent first uses share the one derivation). Each value gets a fresh random 12-byte IV.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const KEY_SALT = "space-solution/sealed-cookie/v1";
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** PBKDF2-SHA256, 100,000 iterations, a 32-byte key for AES-256. */
export function deriveKey(secret: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(secret, KEY_SALT, PBKDF2_ITERATIONS, 32, "sha256", (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export type Sealer = {
  /** Encrypts `value` (any JSON) for the cookie `name`. */
  seal(name: string, value: unknown): Promise<string>;
  /** The value sealed for the cookie `name`, or null when it is not one (tampered, foreign, garbage). */
  unseal(name: string, sealed: string): Promise<unknown>;
};

/** A sealer whose key is derived from `secret()` at the first use and then kept. */
export function createSealer(
  secret: () => string,
  derive: (secret: string) => Promise<Buffer> = deriveKey,
): Sealer {
  // Kept as a KeyObject: a raw key would be checked and wrapped again by every cipher made with it.
  let key: Promise<KeyObject> | undefined;
  const getKey = () => {
    key ??= derive(secret()).then(createSecretKey, (error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  // The cookie's name is authenticated too, so a value cannot be moved from one cookie to another.
  const aad = (name: string) => Buffer.from(`${VERSION}:${name}`, "utf8");

  return {
    async seal(name, value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", await getKey(), iv);
      cipher.setAAD(aad(name));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
    },
    async unseal(name, sealed) {
      if (!sealed.startsWith(`${VERSION}.`)) return null;
      const bytes = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES + 1) return null;
      const k = await getKey();
      try {
        const decipher = createDecipheriv("aes-256-gcm", k, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(aad(name));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return JSON.parse(plain.toString("utf8")) as unknown;
      } catch {
        return null;
      }
    },
  };
}

let processSealer: Sealer | undefined;

/** The process's sealer, keyed by SESSION_SECRET. */
export function sealer(): Sealer {
  processSealer ??= createSealer(() => getEnv().SESSION_SECRET);
  return processSealer;
}

/** The raw value of the cookie `name` in a Cookie header. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export type SealedCookie<T> = {
  name: string;
  /** The cookie's value when it is present, unsealed and valid; otherwise null. */
  parse(cookieHeader: string | null): Promise<T | null>;
  /** A Set-Cookie header carrying `value`, sealed. */
  serialize(value: T): Promise<string>;
  /** A Set-Cookie header that removes the cookie. */
  clear(): string;
};

/**
 * A cookie whose value is sealed: HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is https. `validate`
 * turns what was unsealed into a T, or null when it is not one (an old shape, say).
 */
export function createSealedCookie<T>(
  name: string,
  options: { maxAgeSeconds: number; validate: (value: unknown) => T | null; sealer?: () => Sealer },
): SealedCookie<T> {
  const getSealer = options.sealer ?? sealer;
  const attributes = (maxAge: number) =>
    [
      "Path=/",
      `Max-Age=${maxAge}`,
      ...(maxAge === 0 ? ["Expires=Thu, 01 Jan 1970 00:00:00 GMT"] : []),
      "HttpOnly",
      "SameSite=Lax",
      ...(getEnv().secureCookies ? ["Secure"] : []),
    ].join("; ");
  return {
    name,
    async parse(cookieHeader) {
      const raw = readCookie(cookieHeader, name);
      if (!raw) return null;
      const value = await getSealer().unseal(name, raw);
      return value === null ? null : options.validate(value);
    },
    async serialize(value) {
      return `${name}=${await getSealer().seal(name, value)}; ${attributes(options.maxAgeSeconds)}`;
    },
    clear() {
      return `${name}=; ${attributes(0)}`;
    },
  };
}
