import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { isDevInboxOpen } from "~/services/dev-inbox.server";

const SECRET = "s".repeat(32);
const local = parseEnv({ SESSION_SECRET: SECRET });
const deployed = parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: "https://spacesolution.ph" });

function visit(host: string, url = `http://${host}/dev/mail`) {
  return new Request(url, { headers: { Host: host } });
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
});
