import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost, isLoopbackHostname } from "./loopback";

describe("loopback", () => {
  it("knows the Host names of this machine, with or without a port", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3410", "[::1]:3000", "LOCALHOST"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    expect(isLoopbackHostname("[::1]")).toBe(true);
  });

  it("treats every other Host, and tricks that merely contain a loopback name, as public", () => {
    for (const host of [
      "evil.example",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "evil.example:3000",
      "localhost@evil.example",
      "localhost/evil",
      "10.0.0.5",
      "",
      null,
      undefined,
    ]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });

  it("knows the peer addresses of this machine, IPv4-mapped ones included", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ["203.0.113.9", "::ffff:203.0.113.9", "10.0.0.1", "fe80::1", "", undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});
