import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import {
  type BrowserResultProvider,
  identityProvider,
  identityProviderNotice,
  signSandboxResult,
} from "./identity.server";

const SECRET = "s".repeat(32);
const REFERENCE = "abcdefghijklmnopqrstuvwxyz012345";

describe("identityProvider", () => {
  it("uses the sandbox on a site that is not https", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: "http://localhost:3000" });
    expect(identityProvider(env)?.name).toBe("sandbox");
    expect(identityProvider(parseEnv({ SESSION_SECRET: SECRET }))?.name).toBe("sandbox");
    expect(identityProviderNotice(env)).toBeNull();
  });

  it("refuses the sandbox on an https site unless IDENTITY_PROVIDER names it, and says so at start-up", () => {
    const env = parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: "https://spacesolution.ph" });
    expect(identityProvider(env)).toBeNull();
    expect(identityProviderNotice(env)).toMatchObject({ level: "error" });
    const blank = parseEnv({
      SESSION_SECRET: SECRET,
      PUBLIC_URL: "https://spacesolution.ph",
      IDENTITY_PROVIDER: "",
    });
    expect(identityProvider(blank)).toBeNull();
  });

  it("uses the sandbox on an https site when asked for by name, with a loud warning", () => {
    const env = parseEnv({
      SESSION_SECRET: SECRET,
      PUBLIC_URL: "https://staging.spacesolution.ph",
      IDENTITY_PROVIDER: "sandbox",
    });
    expect(identityProvider(env)?.name).toBe("sandbox");
    const notice = identityProviderNotice(env);
    expect(notice?.level).toBe("warn");
    expect(notice?.message).toMatch(/WARNING: IDENTITY_PROVIDER=sandbox on an https site/);
  });
});

describe("Persona as the provider", () => {
  const persona = {
    SESSION_SECRET: SECRET,
    PUBLIC_URL: "https://spacesolution.ph",
    IDENTITY_PROVIDER: "persona",
    PERSONA_API_KEY: "persona_sandbox_key",
    PERSONA_TEMPLATE_ID: "itmpl_abc",
    PERSONA_WEBHOOK_SECRET: "wbhsec_old, wbhsec_new",
  };

  it("takes its result only by webhook, signed with any of the rotated secrets, and needs no start-up warning", () => {
    const env = parseEnv(persona);
    const provider = identityProvider(env);
    expect(provider).toMatchObject({ name: "persona", resultBy: "webhook" });
    expect(provider?.resultBy === "webhook" && provider.webhookSecrets()).toEqual([
      "wbhsec_old",
      "wbhsec_new",
    ]);
    expect(provider?.resultBy === "webhook" && provider.signature.header).toBe("Persona-Signature");
    expect(identityProviderNotice(env)).toBeNull();
  });

  it("refuses to start without its key, template and webhook secret", () => {
    for (const missing of ["PERSONA_API_KEY", "PERSONA_TEMPLATE_ID", "PERSONA_WEBHOOK_SECRET"]) {
      expect(() => parseEnv({ ...persona, [missing]: "" })).toThrow(/Persona needs all three/);
    }
  });
});

describe("the sandbox provider's signed result", () => {
  const sandbox = () => identityProvider(parseEnv({ SESSION_SECRET: SECRET })) as BrowserResultProvider;

  it("confirms the result it signed", async () => {
    const signature = signSandboxResult(REFERENCE, "passed");
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(sandbox().confirmResult(REFERENCE, { result: "passed", signature })).resolves.toBe("passed");
    await expect(
      sandbox().confirmResult(REFERENCE, {
        result: "failed",
        signature: signSandboxResult(REFERENCE, "failed"),
      }),
    ).resolves.toBe("failed");
  });

  it("confirms nothing the browser made up", async () => {
    const passed = signSandboxResult(REFERENCE, "passed");
    for (const report of [
      { result: "passed" as const },
      { result: "passed" as const, signature: "" },
      { result: "passed" as const, signature: "A".repeat(43) },
      { result: "failed" as const, signature: passed },
      { result: "passed" as const, signature: passed.slice(1) },
      { result: "passed" as const, signature: signSandboxResult(`${REFERENCE}x`, "passed") },
    ]) {
      await expect(sandbox().confirmResult(REFERENCE, report)).resolves.toBeNull();
    }
  });
});
