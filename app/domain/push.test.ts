import { describe, expect, it } from "vitest";
import { deviceName, isP256PublicKey, isPushAuthSecret, isPushEndpointAllowed, pushPayload } from "./push";

describe("push subscriptions", () => {
  it("takes a 65-byte uncompressed P-256 key and a 16-byte auth secret, in base64url", () => {
    const key = new Uint8Array(65).fill(7);
    key[0] = 4;
    const text = Buffer.from(key).toString("base64url");
    expect(isP256PublicKey(text)).toBe(true);
    expect(isP256PublicKey(`${text}=`)).toBe(true);
    expect(isP256PublicKey(Buffer.from(key.subarray(0, 64)).toString("base64url"))).toBe(false);
    key[0] = 2;
    expect(isP256PublicKey(Buffer.from(key).toString("base64url"))).toBe(false);
    expect(isP256PublicKey("not base64url!")).toBe(false);
    expect(isPushAuthSecret(Buffer.alloc(16, 1).toString("base64url"))).toBe(true);
    expect(isPushAuthSecret(Buffer.alloc(17, 1).toString("base64url"))).toBe(false);
  });

  it("sends in production only to public https push services", () => {
    expect(isPushEndpointAllowed("https://fcm.googleapis.com/fcm/send/abc", false)).toBe(true);
    expect(isPushEndpointAllowed("https://web.push.apple.com/QGx", false)).toBe(true);
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://localhost/push",
      "https://127.0.0.1/push",
      "https://10.0.0.8/push",
      "https://192.168.1.1/push",
      "https://172.20.0.1/push",
      "https://169.254.169.254/latest",
      "https://[::1]/push",
      "https://metadata.internal/push",
      "https://printer.local/push",
      "https://intranet/push",
      "https://user:pw@push.example.com/x",
      "not a url",
    ])
      expect(isPushEndpointAllowed(endpoint, false), endpoint).toBe(false);
    expect(isPushEndpointAllowed("http://127.0.0.1:4000/push/x", true)).toBe(true);
    expect(isPushEndpointAllowed("ftp://127.0.0.1/push/x", true)).toBe(false);
  });

  it("names a device by its browser and system", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(
      deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toBe("Firefox on Windows");
    expect(deviceName(null)).toBe("A browser");
  });

  it("makes a short push of a notice: its title, a cut body and its page", () => {
    const payload = JSON.parse(
      pushPayload({ title: "New message", body: `Ria:\n${"word ".repeat(100)}`, link: "/messages/abc" }),
    );
    expect(payload.title).toBe("New message");
    expect(payload.body).toHaveLength(180);
    expect(payload.body).toMatch(/^Ria: word word .*…$/);
    expect(payload.url).toBe("/messages/abc");
  });
});
