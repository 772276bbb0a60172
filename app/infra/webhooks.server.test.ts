import { describe, expect, it } from "vitest";
import {
  PAYMONGO_SIGNATURE,
  PERSONA_SIGNATURE,
  signWebhook,
  TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from "./webhooks.server";

const SECRET = "whsec_test_0123456789";
const BODY = '{"id":"evt_1","type":"payment.paid","amount":150000}';
const NOW = Date.UTC(2026, 10, 23, 8, 0, 0);
const at = NOW / 1000;

const verify = (
  header: string | null,
  overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]> = {},
) => verifyWebhookSignature({ header, body: BODY, secrets: [SECRET], now: NOW, ...overrides });

describe("webhook signatures (HMAC-SHA256 of '<t>.<raw body>')", () => {
  it("accepts the provider's signature of the exact body", () => {
    expect(verify(signWebhook(BODY, SECRET, at))).toEqual({ ok: true });
  });

  it("refuses another secret, a changed body, or a changed timestamp", () => {
    expect(verify(signWebhook(BODY, "whsec_other", at))).toEqual({
      ok: false,
      reason: "signature does not match",
    });
    expect(verify(signWebhook(BODY.replace("150000", "1"), SECRET, at))).toMatchObject({ ok: false });
    const signature = signWebhook(BODY, SECRET, at).split(",v1=")[1];
    expect(verify(`t=${at + 1},v1=${signature}`)).toEqual({ ok: false, reason: "signature does not match" });
  });

  it("refuses a timestamp more than the tolerance away, before or after", () => {
    expect(verify(signWebhook(BODY, SECRET, at - TOLERANCE_SECONDS))).toEqual({ ok: true });
    expect(verify(signWebhook(BODY, SECRET, at - TOLERANCE_SECONDS - 1))).toEqual({
      ok: false,
      reason: "timestamp out of tolerance",
    });
    expect(verify(signWebhook(BODY, SECRET, at + TOLERANCE_SECONDS + 1))).toEqual({
      ok: false,
      reason: "timestamp out of tolerance",
    });
  });

  it("refuses a missing or malformed header", () => {
    expect(verify(null)).toEqual({ ok: false, reason: "missing signature" });
    for (const header of ["", "v1=abc", `t=${at}`, `t=soon,v1=abc`, `t=${at},v2=abc`]) {
      expect(verify(header), header).toMatchObject({ ok: false });
    }
  });

  it("refuses a signature of another length or not in hex, without throwing", () => {
    expect(verify(`t=${at},v1=abcd`)).toEqual({ ok: false, reason: "signature does not match" });
    expect(verify(`t=${at},v1=${"z".repeat(64)}`)).toEqual({ ok: false, reason: "signature does not match" });
  });

  it("accepts either secret while one is rotated, and any of several v1 entries", () => {
    const rotating = { secrets: ["whsec_new", SECRET] };
    expect(verify(signWebhook(BODY, SECRET, at), rotating)).toEqual({ ok: true });
    const both = `${signWebhook(BODY, "whsec_new", at)},v1=${signWebhook(BODY, "whsec_older", at).split(",v1=")[1]}`;
    expect(verify(both, { secrets: ["whsec_older"] })).toEqual({ ok: true });
  });
});

describe("PayMongo's scheme (Paymongo-Signature: t=…,te=…,li=…)", () => {
  it("accepts the test-mode (te) or live (li) signature and refuses one under another key", () => {
    const header = signWebhook(BODY, SECRET, at, PAYMONGO_SIGNATURE);
    expect(header).toMatch(/^t=\d+,te=[0-9a-f]{64},li=$/);
    expect(verify(header, { scheme: PAYMONGO_SIGNATURE })).toEqual({ ok: true });
    const live = header.replace(/te=([0-9a-f]+),li=/, "te=,li=$1");
    expect(verify(live, { scheme: PAYMONGO_SIGNATURE })).toEqual({ ok: true });
    expect(verify(header)).toEqual({ ok: false, reason: "malformed signature" });
    expect(verify(signWebhook(BODY, SECRET, at), { scheme: PAYMONGO_SIGNATURE })).toEqual({
      ok: false,
      reason: "malformed signature",
    });
  });
});

describe("Persona's signature (Persona-Signature: t=…,v1=…, one pair per secret while rotating)", () => {
  const persona = (header: string | null, secrets = [SECRET]) =>
    verify(header, { scheme: PERSONA_SIGNATURE, secrets });
  const pair = (secret: string, stamp = at) => signWebhook(BODY, secret, stamp, PERSONA_SIGNATURE);

  it("accepts one pair signed with our secret", () => {
    expect(pair(SECRET)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(persona(pair(SECRET))).toEqual({ ok: true });
  });

  it("accepts a rotation's two space-separated pairs when either secret is ours, whichever comes first", () => {
    expect(persona(`${pair("wbhsec_new")} ${pair(SECRET)}`)).toEqual({ ok: true });
    expect(persona(`${pair(SECRET)} ${pair("wbhsec_new")}`)).toEqual({ ok: true });
    // Our side rotating: both secrets configured, Persona still signing with the old one.
    expect(persona(pair(SECRET), ["wbhsec_new", SECRET])).toEqual({ ok: true });
    expect(persona(`${pair("wbhsec_a")} ${pair("wbhsec_b")}`)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
  });

  it("refuses a stale pair even beside a fresh one of another secret, and a malformed group", () => {
    const stale = pair(SECRET, at - TOLERANCE_SECONDS - 1);
    expect(persona(stale)).toEqual({ ok: false, reason: "timestamp out of tolerance" });
    expect(persona(`${pair("wbhsec_other")} ${stale}`)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
    expect(persona(`${pair(SECRET)} t=${at}`)).toEqual({ ok: false, reason: "malformed signature" });
  });
});
