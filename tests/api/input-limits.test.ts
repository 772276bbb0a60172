import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { MAX_TEXT_LENGTH } from "~/api/dispatch.server";
import { call, createUser, expectRefused, loggedInUser } from "./helpers";

/**
 * Every text the API takes has a length cap, so an oversized field is a clear 400 naming it, never a slow rule or a
 * database error (a 1 MB e-mail used to reach the login failures' index and answer 500).
 */

const TOO_LONG = "x".repeat(MAX_TEXT_LENGTH + 1);

describe("text length caps", () => {
  it("answers a 1 MB e-mail at login with a 400 on the e-mail field", async () => {
    const email = `${"a".repeat(1_000_000)}@example.ph`;
    const answer = await call("POST", "/user/login", { body: { email, password: "a-password" } });
    expectRefused(answer, "email", `The field email is too long (at most ${MAX_TEXT_LENGTH} characters).`);
  });

  it("refuses an e-mail over 254 characters with the e-mail's own rule, before its form is checked", async () => {
    const { password } = await createUser();
    const email = `${"a".repeat(250)}@example.ph`;
    expectRefused(
      await call("POST", "/user/login", { body: { email, password } }),
      "email",
      "Email must be at most 254 characters.",
    );
    expectRefused(
      await call("GET", `/user/forgotPassword?email=${email}`),
      "email",
      "Email must be at most 254 characters.",
    );
  });

  it("names the field of an overlong text inside objects and lists", async () => {
    const me = await loggedInUser();
    const answer = await call("POST", "/user/updateAddress", {
      cookie: me.cookie,
      body: { address: { addressLine1: TOO_LONG, city: "makati" } },
    });
    expectRefused(
      answer,
      "address.addressLine1",
      `The field address.addressLine1 is too long (at most ${MAX_TEXT_LENGTH} characters).`,
    );
    const invite = await call("POST", "/user/inviteFriend", {
      cookie: me.cookie,
      body: { emails: ["a@example.ph", TOO_LONG] },
    });
    expect(invite.status).toBe(400);
    expect(invite.body.result).toContainEqual(expect.objectContaining({ field: "emails.1" }));
  });

  it("caps every text field of every endpoint: an oversized value is a 400, never a 500", async () => {
    // Loaded after the router (through ./helpers), as the app loads them: the registry and the router import each other.
    const { ENDPOINTS } = await import("~/api/endpoints.server");
    const me = await loggedInUser();
    const answered: string[] = [];
    for (const endpoint of ENDPOINTS) {
      // The console's calls answer anyone without its role as a missing path before reading any input
      // (tests/api/operations.test.ts holds that).
      if (endpoint.unlisted) continue;
      const fields = (schema: z.ZodType | undefined) => {
        if (!schema) return [];
        const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
          properties?: Record<string, unknown>;
          anyOf?: { properties?: Record<string, unknown> }[];
          oneOf?: { properties?: Record<string, unknown> }[];
        };
        const variants = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])];
        return [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))];
      };
      const path = endpoint.path.replace(/\{\w+\}/g, () => TOO_LONG);
      const query = new URLSearchParams(fields(endpoint.query).map((name) => [name, TOO_LONG]));
      const url = `${path}${query.size > 0 ? `?${query}` : ""}`;
      const bodyFields = fields(endpoint.body);
      const body =
        endpoint.method === "GET" || bodyFields.length === 0
          ? undefined
          : Object.fromEntries(bodyFields.map((name) => [name, TOO_LONG]));
      if (!endpoint.path.includes("{") && query.size === 0 && !body) continue;
      const answer =
        endpoint.bodyType === "multipart"
          ? await call(endpoint.method, url, {
              cookie: me.cookie,
              rawBody: new URLSearchParams(Object.entries(body ?? {})).toString(),
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
            })
          : await call(endpoint.method, url, { cookie: me.cookie, body });
      const label = `${endpoint.method} ${endpoint.path}`;
      expect(answer.status, `${label}: ${answer.body.responseMessage}`).toBe(400);
      expect(answer.body.responseMessage, label).toMatch(
        /^The field \S+ is too long \(at most \d+ characters\)\.$/,
      );
      answered.push(label);
    }
    expect(answered.length).toBeGreaterThan(40);
  });
});
