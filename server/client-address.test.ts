import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, trustProxies } from "./client-address.ts";

/** A real Express server on this machine that answers with the caller's address as the app would see it. */
async function serverTrusting(hops: number) {
  const app = express();
  trustProxies(app, hops);
  app.get("/", (req, res) => {
    res.send(clientAddress(req) ?? "unknown");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return (forwardedFor?: string) =>
    fetch(`http://127.0.0.1:${port}/`, {
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    }).then((response) => response.text());
}

const servers: ReturnType<ReturnType<typeof express>["listen"]>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("clientAddress", () => {
  it("by default is the connection's own address, whatever X-Forwarded-For claims", async () => {
    const ask = await serverTrusting(0);
    expect(await ask()).toBe("127.0.0.1");
    expect(await ask("203.0.113.9")).toBe("127.0.0.1");
  });

  it("behind one proxy of ours, is the address that proxy added (the last entry)", async () => {
    const ask = await serverTrusting(1);
    expect(await ask("203.0.113.9")).toBe("203.0.113.9");
    // A client that writes its own X-Forwarded-For only gets its entry pushed left, where it is not believed.
    expect(await ask("198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(await ask()).toBe("127.0.0.1");
  });

  it("behind two proxies, is the address the outer one saw", async () => {
    const ask = await serverTrusting(2);
    expect(await ask("198.51.100.1, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
  });

  it("writes an IPv4-mapped IPv6 peer plainly", () => {
    const socket = { remoteAddress: "::ffff:203.0.113.9" } as Parameters<typeof clientAddress>[0]["socket"];
    expect(clientAddress({ ip: "::ffff:203.0.113.9", socket })).toBe("203.0.113.9");
    expect(clientAddress({ ip: undefined, socket })).toBe("203.0.113.9");
    expect(clientAddress({ ip: "2001:db8::1", socket })).toBe("2001:db8::1");
  });
});
