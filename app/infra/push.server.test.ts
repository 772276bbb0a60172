import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isP256PublicKey } from "~/domain/push";
import { vapidKeys, vapidSubject } from "./push.server";

describe("the VAPID key pair", () => {
  it("is generated once into DATA_DIR, for the owner only, and read back from there", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vapid-"));
    const keys = vapidKeys({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    expect(isP256PublicKey(keys.publicKey)).toBe(true);
    expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
    const file = path.join(dataDir, "vapid-keys.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(keys);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(
      vapidKeys({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined }),
    ).toEqual(keys);
  });

  it("is the environment's when set", () => {
    const set = { publicKey: "BPub", privateKey: "priv" };
    expect(
      vapidKeys({ DATA_DIR: "/nonexistent", VAPID_PUBLIC_KEY: "BPub", VAPID_PRIVATE_KEY: "priv" }),
    ).toEqual(set);
  });

  it("names SUPPORT_EMAIL as the contact unless VAPID_SUBJECT says otherwise", () => {
    expect(vapidSubject({ VAPID_SUBJECT: undefined, SUPPORT_EMAIL: "support@spacesolution.ph" })).toBe(
      "mailto:support@spacesolution.ph",
    );
    expect(vapidSubject({ VAPID_SUBJECT: "https://spacesolution.ph", SUPPORT_EMAIL: "x@y.ph" })).toBe(
      "https://spacesolution.ph",
    );
  });
});
