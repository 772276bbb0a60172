import { describe, expect, it } from "vitest";
import { handleApiRequest } from "~/api/router.server";
import { RESERVATION_MESSAGES } from "~/domain/reservation";
import { RENTAL_DURATIONS } from "~/domain/vocabulary";
import { type Answer, call, expectRefused, loggedInUser } from "./helpers";

/** What /api/openapi.json declares: the API reference a client reads to learn the calls, their inputs and answers. */
async function openApi() {
  const response = await handleApiRequest(new Request("http://localhost/api/openapi.json"));
  return JSON.parse(await response.text());
}

describe("the declared rental durations", () => {
  it("lists the vocabulary's durations for booking a space, and refuses any other", async () => {
    const document = await openApi();
    const body = document.paths["/reserve/BookSpace"].post.requestBody.content["application/json"].schema;
    expect(body.properties.duration.enum).toEqual([...RENTAL_DURATIONS]);
    const quote = document.paths["/reserve/bookingQuote"].get.parameters.find(
      (parameter: { name: string }) => parameter.name === "duration",
    );
    expect(quote.schema.enum).toEqual([...RENTAL_DURATIONS]);

    const me = await loggedInUser();
    const answer = await call("POST", "/reserve/BookSpace", {
      cookie: me.cookie,
      body: {
        spaceId: "00000000-0000-4000-8000-000000000000",
        startDate: "2030-01-01",
        duration: "fortnight",
        paymentMethod: "card",
      },
    });
    expectRefused(answer, "duration", RESERVATION_MESSAGES.duration);
  });
});

describe("the declared answers", () => {
  /** The operation's declared responses, by status. */
  async function declared(method: string, path: string): Promise<Record<string, { $ref: string }>> {
    return (await openApi()).paths[path][method.toLowerCase()].responses;
  }

  async function expectDeclared(method: string, path: string, answer: Answer, status: number) {
    expect(answer.status, answer.body.responseMessage).toBe(status);
    expect(Object.keys(await declared(method, path))).toContain(String(status));
  }

  it("declares a 400's result as the field errors or null, and answers null for a body that is not JSON", async () => {
    const document = await openApi();
    const invalid = document.components.responses.InvalidInput.content["application/json"].schema;
    expect(invalid.allOf[1].properties.result.anyOf).toEqual([
      { type: "array", items: { $ref: "#/components/schemas/FieldError" } },
      { type: "null" },
    ]);
    const answer = await call("POST", "/user/login", {
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toBeNull();
  });

  it("declares on every call the 503 it answers while the database cannot be reached", async () => {
    const document = await openApi();
    const operations = Object.values(
      document.paths as Record<string, Record<string, { responses: object }>>,
    ).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(100);
    for (const operation of operations) expect(Object.keys(operation.responses)).toContain("503");
  });

  it("declares the 403, 404, 302 and 503 that calls answer", async () => {
    const me = await loggedInUser();
    const someoneElse = "00000000-0000-4000-8000-000000000001";
    await expectDeclared(
      "GET",
      "/space/pendingListing",
      await call("GET", `/space/pendingListing?userId=${someoneElse}`, { cookie: me.cookie }),
      403,
    );
    await expectDeclared(
      "GET",
      "/reserve/checkBooking/{id}",
      await call("GET", `/reserve/checkBooking/${someoneElse}`, { cookie: me.cookie }),
      404,
    );
    const identity = await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "start" } });
    expect([302, 503]).toContain(identity.status);
    await expectDeclared("POST", "/user/persona", identity, identity.status);
    expect(Object.keys(await declared("POST", "/user/persona"))).toEqual(
      expect.arrayContaining(["302", "503"]),
    );
    if (identity.status === 302) expect(identity.body.result).toEqual({ redirectUrl: expect.any(String) });
  });

  it("declares the 429 of rate-limited calls and the provider's 502 and 503 of payments", async () => {
    expect(Object.keys(await declared("POST", "/user/login"))).toContain("429");
    expect(Object.keys(await declared("POST", "/contact-us"))).toContain("429");
    expect(Object.keys(await declared("POST", "/reserve/payBooking"))).toEqual(
      expect.arrayContaining(["404", "409", "502", "503"]),
    );
  });

  it("declares a type for each field editSpace takes", async () => {
    const document = await openApi();
    const body = document.paths["/space/editSpace"].post.requestBody.content["application/json"].schema;
    const fields = Object.entries(body.properties as Record<string, Record<string, unknown>>);
    expect(fields.length).toBeGreaterThan(30);
    for (const [name, schema] of fields) {
      expect(schema.type ?? schema.anyOf ?? schema.enum, name).toBeDefined();
    }
    expect(body.properties.storageType.enum).toEqual(["storage", "parking"]);
    expect(body.properties.rentalDurations.items.enum).toEqual([...RENTAL_DURATIONS]);
  });
});
