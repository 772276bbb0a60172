import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { log } from "~/infra/log.server";
import {
  EnvError,
  parseEnv,
  publicEnv,
  publicOrigin,
  publicUrlWarning,
  redirectAllowedOrigins,
  siteName,
} from "./env.server";

const SECRET = "s".repeat(32);

describe("parseEnv", () => {
  it("needs nothing set: DATA_DIR defaults to ./data and cookies are not Secure", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET });
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.secureCookies).toBe(false);
    expect(env.MAX_BODY_BYTES).toBe(1024 * 1024);
  });

  it("makes cookies Secure when PUBLIC_URL is https", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: "https://spacesolution.ph" }).secureCookies).toBe(
      true,
    );
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, DATABASE_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it("stops with a message that names each bad variable", () => {
    const attempt = () =>
      parseEnv({
        SESSION_SECRET: "short",
        DATABASE_URL: "mysql://localhost/db",
        PUBLIC_URL: "not a url",
        REDIRECT_ALLOWED_ORIGINS: "https://pay.example.ph, nonsense",
      });
    expect(attempt).toThrow(EnvError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain("SESSION_SECRET: must be at least 32 characters long");
    expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(message).toContain("PUBLIC_URL");
    expect(message).toContain('REDIRECT_ALLOWED_ORIGINS: "nonsense" is not an origin');
  });

  it("keeps the allowed redirect origins as origins", () => {
    const env = parseEnv({
      SESSION_SECRET: SECRET,
      REDIRECT_ALLOWED_ORIGINS: "https://pay.example.ph/checkout/, https://x.ph",
    });
    expect(env.REDIRECT_ALLOWED_ORIGINS).toEqual(["https://pay.example.ph", "https://x.ph"]);
  });

  it("uses OpenStreetMap's tiles unless MAP_TILE_URL says otherwise, and no tiles when it is empty", () => {
    const defaults = parseEnv({ SESSION_SECRET: SECRET });
    expect(defaults.MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(defaults.MAP_TILE_ATTRIBUTION).toBe(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
    expect(parseEnv({ SESSION_SECRET: SECRET, MAP_TILE_URL: "" }).MAP_TILE_URL).toBe("");
    expect(parseEnv({ SESSION_SECRET: SECRET, MAP_TILE_URL: " " }).MAP_TILE_URL).toBe("");
    const own = parseEnv({
      SESSION_SECRET: SECRET,
      MAP_TILE_URL: "https://{s}.tiles.example.ph/{z}/{x}/{y}{r}.png",
      MAP_TILE_ATTRIBUTION: "&copy; Example Maps",
    });
    expect(own.MAP_TILE_URL).toBe("https://{s}.tiles.example.ph/{z}/{x}/{y}{r}.png");
    expect(own.MAP_TILE_ATTRIBUTION).toBe("&copy; Example Maps");
    expect(parseEnv({ SESSION_SECRET: SECRET, MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" }).MAP_TILE_URL).toBe(
      "/tiles/{z}/{x}/{y}.png",
    );
  });

  it.each([
    "tiles.example.ph/{z}/{x}/{y}.png",
    "https://tiles.example.ph/{z}/{x}.png",
    "javascript:{z}{x}{y}",
  ])("refuses the tile URL %j", (value) => {
    expect(() => parseEnv({ SESSION_SECRET: SECRET, MAP_TILE_URL: value })).toThrow(
      /MAP_TILE_URL: must be a URL/,
    );
  });

  it("gives the browser only the public settings", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET, MAP_TILE_URL: "" });
    expect(publicEnv(env)).toEqual({
      MAP_TILE_URL: "",
      MAP_TILE_ATTRIBUTION:
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
  });

  it("generates a session secret once, keeps it in DATA_DIR and says that instances must share one", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ss-env-"));
    const infoLog = vi.spyOn(log, "info").mockImplementation(() => {});
    const first = parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET;
    const second = parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(infoLog).toHaveBeenCalledTimes(1);
    expect(infoLog.mock.calls[0]?.[0]).toContain("must share one SESSION_SECRET");
    infoLog.mockRestore();
  });
});

describe("the proxies to believe (TRUST_PROXY)", () => {
  it("believes none unless told, and takes a number of hops", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ SESSION_SECRET: SECRET, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it.each(["yes", "-1", "1.5", "11"])("stops at boot on TRUST_PROXY=%j", (value) => {
    expect(() => parseEnv({ SESSION_SECRET: SECRET, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe("the push notifications' key pair (VAPID_*)", () => {
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString("base64url");
  const privateKey = Buffer.alloc(32, 5).toString("base64url");

  it("takes both keys, or neither", () => {
    const env = parseEnv({
      SESSION_SECRET: SECRET,
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect([env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY]).toEqual([publicKey, privateKey]);
    expect(parseEnv({ SESSION_SECRET: SECRET }).VAPID_PUBLIC_KEY).toBeUndefined();
    expect(() => parseEnv({ SESSION_SECRET: SECRET, VAPID_PUBLIC_KEY: publicKey })).toThrow(/set both/);
  });

  it("stops at boot on a key of the wrong size or a subject that is no contact", () => {
    expect(() =>
      parseEnv({ SESSION_SECRET: SECRET, VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be a base64url P-256 public key/);
    expect(() =>
      parseEnv({ SESSION_SECRET: SECRET, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: publicKey }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ SESSION_SECRET: SECRET, VAPID_SUBJECT: "support@spacesolution.ph" })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(
      parseEnv({ SESSION_SECRET: SECRET, VAPID_SUBJECT: "mailto:ops@spacesolution.ph" }).VAPID_SUBJECT,
    ).toBe("mailto:ops@spacesolution.ph");
  });
});

describe("publicOrigin", () => {
  const page = (url: string) => new Request(url);
  const unset = parseEnv({ SESSION_SECRET: SECRET, PORT: "3000" });

  it("is PUBLIC_URL whenever it is set, whatever Host the request names", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: "https://spacesolution.ph/app" });
    expect(publicOrigin(page("http://evil.example/auth"), env)).toBe("https://spacesolution.ph");
    expect(publicOrigin(page("http://localhost:3000/"), env)).toBe("https://spacesolution.ph");
  });

  it("without PUBLIC_URL, follows a Host that names this machine", () => {
    expect(publicOrigin(page("http://localhost:3410/x"), unset)).toBe("http://localhost:3410");
    expect(publicOrigin(page("http://127.0.0.1:8080/x"), unset)).toBe("http://127.0.0.1:8080");
    expect(publicOrigin(page("http://[::1]:3000/x"), unset)).toBe("http://[::1]:3000");
  });

  it("without PUBLIC_URL, never follows any other Host: links go to localhost on our port", () => {
    for (const url of ["http://evil.example/", "https://localhost.evil.example/", "http://10.0.0.5:3000/"]) {
      expect(publicOrigin(page(url), unset), url).toBe("http://localhost:3000");
    }
    const elsewhere = parseEnv({ SESSION_SECRET: SECRET, PORT: "4100" });
    expect(publicOrigin(page("http://evil.example/"), elsewhere)).toBe("http://localhost:4100");
  });
});

describe("siteName", () => {
  it("is PUBLIC_URL's host name, without its port or www., and nothing while PUBLIC_URL is unset", () => {
    const named = (url: string) => siteName(parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: url }));
    expect(named("https://www.spacesolution.ph/app")).toBe("spacesolution.ph");
    expect(named("https://staging.spacesolution.ph:8443")).toBe("staging.spacesolution.ph");
    expect(siteName(parseEnv({ SESSION_SECRET: SECRET, PORT: "3000" }))).toBeNull();
  });
});

describe("publicUrlWarning", () => {
  it("warns a production server reachable by others that it has no PUBLIC_URL", () => {
    const warning = publicUrlWarning(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "production" }));
    expect(warning).toContain("PUBLIC_URL is not set");
    expect(warning).toContain("every interface");
    expect(
      publicUrlWarning(parseEnv({ SESSION_SECRET: SECRET, NODE_ENV: "production", HOST: "0.0.0.0" })),
    ).toContain("HOST=0.0.0.0");
  });

  it("stays quiet with PUBLIC_URL, on a loopback-only bind, and in development", () => {
    const quiet = [
      { NODE_ENV: "production", PUBLIC_URL: "https://spacesolution.ph" },
      { NODE_ENV: "production", HOST: "127.0.0.1" },
      { NODE_ENV: "production", HOST: "localhost" },
      { NODE_ENV: "production", HOST: "::1" },
      { NODE_ENV: "development" },
    ];
    for (const env of quiet)
      expect(publicUrlWarning(parseEnv({ SESSION_SECRET: SECRET, ...env }))).toBeNull();
  });
});

describe("redirectAllowedOrigins", () => {
  it("adds Persona's hosted flow when Persona is the identity provider, beside the configured origins", () => {
    const base = { SESSION_SECRET: SECRET, REDIRECT_ALLOWED_ORIGINS: "https://checkout.paymongo.com" };
    expect(redirectAllowedOrigins(parseEnv(base))).toEqual(["https://checkout.paymongo.com"]);
    const persona = parseEnv({
      ...base,
      IDENTITY_PROVIDER: "persona",
      PERSONA_API_KEY: "persona_key",
      PERSONA_TEMPLATE_ID: "itmpl_1",
      PERSONA_WEBHOOK_SECRET: "wbhsec_1",
    });
    expect(redirectAllowedOrigins(persona)).toEqual([
      "https://checkout.paymongo.com",
      "https://inquiry.withpersona.com",
    ]);
    expect(persona.PERSONA_API_URL).toBe("https://withpersona.com/api/v1");
  });

  it("reads SEMAPHORE_API_KEY, blank as unset, with Semaphore's address by default", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, SEMAPHORE_API_KEY: " " }).SEMAPHORE_API_KEY).toBeUndefined();
    const env = parseEnv({ SESSION_SECRET: SECRET, SEMAPHORE_API_KEY: "key-1" });
    expect(env).toMatchObject({ SEMAPHORE_API_KEY: "key-1", SEMAPHORE_API_URL: "https://api.semaphore.co" });
  });
});
