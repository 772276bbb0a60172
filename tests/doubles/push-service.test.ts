import { createECDH, createSign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { browserKeys, checkVapid, decryptWebPush } from "./push-service";

/**
 * The push-service fake's own checks: its decryption against the example of RFC 8291 (Appendix A), and its VAPID
 * check (RFC 8292) against tokens made here, so the Web Push tests rest on a fake that reads the RFCs right.
 */

const b64 = (text: string) => Buffer.from(text, "base64url");

describe("decryptWebPush", () => {
  // RFC 8291, Appendix A: the user agent's keys and auth secret, and the message the application server sent.
  const uaPrivate = b64("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94");
  const uaPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
  const authSecret = b64("BTBZMqHH6r4Tts7J_aSIgg");
  const message = b64(
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
  );

  it("reads the RFC 8291 example message", () => {
    const keys = browserKeys(uaPrivate, authSecret);
    expect(keys.publicKey.toString("base64url")).toBe(uaPublic);
    expect(decryptWebPush(message, keys).toString("utf8")).toBe("When I grow up, I want to be a watermelon");
  });

  it("refuses the message when a byte of it was changed, or with another auth secret", () => {
    const changed = Buffer.from(message);
    changed[changed.length - 20] = (changed[changed.length - 20] as number) ^ 1;
    expect(() => decryptWebPush(changed, browserKeys(uaPrivate, authSecret))).toThrow();
    expect(() => decryptWebPush(message, browserKeys(uaPrivate, Buffer.alloc(16)))).toThrow();
  });
});

describe("checkVapid", () => {
  const signer = createECDH("prime256v1");
  signer.generateKeys();
  const publicKey = signer.getPublicKey().toString("base64url");
  const privateJwk = {
    kty: "EC",
    crv: "P-256",
    d: signer.getPrivateKey().toString("base64url"),
    x: signer.getPublicKey().subarray(1, 33).toString("base64url"),
    y: signer.getPublicKey().subarray(33).toString("base64url"),
  };
  const now = Date.UTC(2026, 10, 28, 10, 0, 0);
  const token = (claims: Record<string, unknown>) => {
    const head = Buffer.from(JSON.stringify({ typ: "JWT", alg: "ES256" })).toString("base64url");
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    const signature = createSign("sha256")
      .update(`${head}.${body}`)
      .sign({ key: privateJwk, format: "jwk", dsaEncoding: "ieee-p1363" })
      .toString("base64url");
    return `vapid t=${head}.${body}.${signature}, k=${publicKey}`;
  };
  const good = {
    aud: "https://push.example",
    exp: now / 1000 + 3600,
    sub: "mailto:support@spacesolution.ph",
  };

  it("takes a token signed with k for this origin, due within a day, with a contact", () => {
    expect(checkVapid(token(good), "https://push.example", publicKey, now)).toEqual(good);
  });

  it("refuses another audience, an expiry past or beyond a day, no contact, another key", () => {
    expect(() =>
      checkVapid(token({ ...good, aud: "https://other.example" }), good.aud, publicKey, now),
    ).toThrow(/aud/);
    expect(() => checkVapid(token({ ...good, exp: now / 1000 - 1 }), good.aud, publicKey, now)).toThrow(
      /exp/,
    );
    expect(() => checkVapid(token({ ...good, exp: now / 1000 + 90_000 }), good.aud, publicKey, now)).toThrow(
      /exp/,
    );
    expect(() => checkVapid(token({ ...good, sub: "support" }), good.aud, publicKey, now)).toThrow(/sub/);
    const other = createECDH("prime256v1");
    other.generateKeys();
    expect(() => checkVapid(token(good), good.aud, other.getPublicKey().toString("base64url"), now)).toThrow(
      /subscribed/,
    );
    const forged = token(good).replace(/k=.*/, `k=${other.getPublicKey().toString("base64url")}`);
    expect(() => checkVapid(forged, good.aud, other.getPublicKey().toString("base64url"), now)).toThrow(
      /signature/,
    );
  });
});
