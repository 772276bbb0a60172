import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { FORWARDING_HEADERS, isDevInboxOpen } from "~/infra/dev-inbox.server";

const SECRET = "s".repeat(32);
const local = parseEnv({ SESSION_SECRET: SECRET });
const deployed = parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: "https://spacesolution.ph" });

function visit(host: string, url = `http://${host}/dev/mail`, headers: Record<string, string> = {}) {
  return new Request(url, { headers: { Host: host, ...headers } });
}

describe("isDevInboxOpen", () => {
  it("opens for a browser on this machine, with no PUBLIC_URL", () => {
    expect(isDevInboxOpen(visit("localhost:3000"), { clientAddress: "127.0.0.1" }, local)).toBe(true);
    expect(isDevInboxOpen(visit("127.0.0.1:3410"), { clientAddress: "::ffff:127.0.0.1" }, local)).toBe(true);
    expect(isDevInboxOpen(visit("[::1]:3000"), { clientAddress: "::1" }, local)).toBe(true);
  });

  it("stays shut whenever PUBLIC_URL is set, even on this machine", () => {
    expect(isDevInboxOpen(visit("localhost:3000"), { clientAddress: "127.0.0.1" }, deployed)).toBe(false);
  });

  it("stays shut for a caller elsewhere, whatever Host it sends", () => {
    expect(isDevInboxOpen(visit("localhost:3000"), { clientAddress: "203.0.113.9" }, local)).toBe(false);
    expect(isDevInboxOpen(visit("evil.example"), { clientAddress: "203.0.113.9" }, local)).toBe(false);
  });

  it("stays shut for a local caller that names another host (a rebound DNS name, a proxy)", () => {
    expect(isDevInboxOpen(visit("evil.example"), { clientAddress: "127.0.0.1" }, local)).toBe(false);
    expect(
      isDevInboxOpen(
        visit("localhost:3000", "http://evil.example/dev/mail"),
        { clientAddress: "127.0.0.1" },
        local,
      ),
    ).toBe(false);
  });

  it("stays shut when the server did not say who is calling", () => {
    expect(isDevInboxOpen(visit("localhost:3000"), {}, local)).toBe(false);
  });

  it("stays shut for a request a proxy on this machine forwarded, whatever the header says", () => {
    // nginx's default proxy_pass: from loopback, with the upstream's address as the Host.
    for (const name of FORWARDING_HEADERS) {
      for (const value of ["203.0.113.9", "127.0.0.1", ""]) {
        const forwarded = visit("127.0.0.1:3000", undefined, { [name]: value });
        expect(isDevInboxOpen(forwarded, { clientAddress: "127.0.0.1" }, local), `${name}: ${value}`).toBe(
          false,
        );
      }
    }
  });
});
