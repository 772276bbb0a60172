import { pbkdf2Sync, webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createSealedCookie,
  createSealer,
  deriveKey,
  KEY_SALT,
  PBKDF2_ITERATIONS,
  readCookie,
  sealer,
} from "./sealed-cookie.server";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const VALUE = {
  url: "https://spacesolution.ph/storage/listings?city=quezon-city",
  at: "2026-11-21T02:00:00.000Z",
};

/** A sealer over SECRET that counts its key derivations. */
function countingSealer(secret = SECRET) {
  const counter = { derivations: 0 };
  const instance = createSealer(
    () => secret,
    (value) => {
      counter.derivations++;
      return deriveKey(value);
    },
  );
  return { instance, counter };
}

/** Flips one bit of the sealed payload at byte `index` (negative counts from the end). */
function flipByte(sealed: string, index: number): string {
  const bytes = Buffer.from(sealed.slice(3), "base64url");
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] as number) ^ 0x01;
  return `v1.${bytes.toString("base64url")}`;
}

describe("the key", () => {
  it("is PBKDF2-SHA256 of SESSION_SECRET with 100,000 iterations, 32 bytes", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const key = await deriveKey(SECRET);
    expect(key).toHaveLength(32);
    expect(key.equals(pbkdf2Sync(SECRET, KEY_SALT, 100_000, 32, "sha256"))).toBe(true);
  });

  it("is derived once per sealer, even when the first uses come at once", async () => {
    const { instance, counter } = countingSealer();
    const sealed = await Promise.all([1, 2, 3, 4].map((n) => instance.seal("c", { n })));
    await Promise.all(sealed.map((value) => instance.unseal("c", value)));
    await instance.seal("c", "later");
    expect(counter.derivations).toBe(1);
  });

  it("is derived again after a failed derivation, not cached broken", async () => {
    let calls = 0;
    const instance = createSealer(
      () => SECRET,
      async (secret) => {
        calls++;
        if (calls === 1) throw new Error("boom");
        return deriveKey(secret);
      },
    );
    await expect(instance.seal("c", 1)).rejects.toThrow("boom");
    expect(await instance.unseal("c", await instance.seal("c", 1))).toBe(1);
    expect(calls).toBe(2);
  });

  it("the process's sealer uses SESSION_SECRET", async () => {
    const { instance } = countingSealer(process.env.SESSION_SECRET as string);
    expect(await instance.unseal("c", await sealer().seal("c", VALUE))).toEqual(VALUE);
  });
});

describe("sealing", () => {
  it("round-trips any JSON value", async () => {
    const { instance } = countingSealer();
    for (const value of [VALUE, "text", 42, true, [1, "ñ"], { nested: { a: null } }]) {
      expect(await instance.unseal("c", await instance.seal("c", value))).toEqual(value);
    }
  });

  it("uses a fresh 12-byte IV for every value, so the same value never seals the same way", async () => {
    const { instance } = countingSealer();
    const one = await instance.seal("c", VALUE);
    const two = await instance.seal("c", VALUE);
    expect(one).not.toBe(two);
    const iv = (sealed: string) => Buffer.from(sealed.slice(3), "base64url").subarray(0, 12);
    expect(iv(one).equals(iv(two))).toBe(false);
  });

  it("cannot be read as plain text", async () => {
    const { instance } = countingSealer();
    const sealed = await instance.seal("c", VALUE);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("spacesolution");
    expect(sealed).not.toContain(Buffer.from(JSON.stringify(VALUE)).toString("base64url").slice(0, 12));
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("quezon");
  });

  it("is standard AES-256-GCM: iv | ciphertext | tag, with the cookie's name as associated data", async () => {
    const { instance } = countingSealer();
    const bytes = Buffer.from((await instance.seal("ss_entry", VALUE)).slice(3), "base64url");
    const key = await webcrypto.subtle.importKey("raw", await deriveKey(SECRET), "AES-GCM", false, [
      "decrypt",
    ]);
    const plain = await webcrypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: bytes.subarray(0, 12),
        additionalData: Buffer.from("v1:ss_entry"),
        tagLength: 128,
      },
      key,
      bytes.subarray(12),
    );
    expect(JSON.parse(Buffer.from(plain).toString("utf8"))).toEqual(VALUE);
  });

  it("reads a tampered value as absent: IV, ciphertext or tag changed, or cut short", async () => {
    const { instance } = countingSealer();
    const sealed = await instance.seal("c", VALUE);
    expect(await instance.unseal("c", flipByte(sealed, 0))).toBeNull();
    expect(await instance.unseal("c", flipByte(sealed, 14))).toBeNull();
    expect(await instance.unseal("c", flipByte(sealed, -1))).toBeNull();
    expect(await instance.unseal("c", sealed.slice(0, -4))).toBeNull();
    expect(await instance.unseal("c", `${sealed}AA`)).toBeNull();
  });

  it("reads a foreign value as absent: another cookie's, another secret's, or not a sealed value at all", async () => {
    const { instance } = countingSealer();
    const other = countingSealer("another-secret-that-is-also-32-characters-long").instance;
    expect(await instance.unseal("c", await instance.seal("d", VALUE))).toBeNull();
    expect(await instance.unseal("c", await other.seal("c", VALUE))).toBeNull();
    for (const garbage of [
      "",
      "v1.",
      "v1.AAAA",
      "v2.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "hello",
      "v1.%%%%",
    ]) {
      expect(await instance.unseal("c", garbage)).toBeNull();
    }
    const plainJson = Buffer.from(JSON.stringify(VALUE)).toString("base64url");
    expect(await instance.unseal("c", `v1.${plainJson}`)).toBeNull();
  });
});

describe("sealed cookies", () => {
  const cookie = createSealedCookie<{ n: number }>("ss_test", {
    maxAgeSeconds: 3600,
    validate: (value) =>
      typeof value === "object" && value !== null && typeof (value as { n?: unknown }).n === "number"
        ? (value as { n: number })
        : null,
  });

  it("are HttpOnly, SameSite=Lax, for the whole site, with their lifetime", async () => {
    const header = await cookie.serialize({ n: 7 });
    expect(header).toMatch(/^ss_test=v1\.[A-Za-z0-9_-]+; /);
    expect(header).toContain("; Path=/");
    expect(header).toContain("; Max-Age=3600");
    expect(header).toContain("; HttpOnly");
    expect(header).toContain("; SameSite=Lax");
    // PUBLIC_URL is not https in the tests.
    expect(header).not.toContain("Secure");
  });

  it("read back from a Cookie header among others", async () => {
    const value = (await cookie.serialize({ n: 7 })).split(";")[0] as string;
    expect(await cookie.parse(`a=1; ${value}; b=2`)).toEqual({ n: 7 });
    expect(await cookie.parse("a=1")).toBeNull();
    expect(await cookie.parse(null)).toBeNull();
  });

  it("read as absent when the value fails validation", async () => {
    const wrongShape = `ss_test=${await sealer().seal("ss_test", { n: "seven" })}`;
    expect(await cookie.parse(wrongShape)).toBeNull();
  });

  it("are removed with Max-Age=0", () => {
    expect(cookie.clear()).toMatch(
      /^ss_test=; Path=\/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly/,
    );
  });

  it("readCookie finds a cookie by its exact name", () => {
    expect(readCookie("ss_test_x=1; ss_test=2", "ss_test")).toBe("2");
    expect(readCookie("xss_test=1", "ss_test")).toBeNull();
    expect(readCookie("", "ss_test")).toBeNull();
  });
});
