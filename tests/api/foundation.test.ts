import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod/v4";
import { defineEndpoint } from "~/api/endpoint";
import { ApiRedirect } from "~/api/envelope";
import { compileRoutes, handleApiRequest } from "~/api/router.server";
import type { CityListItem } from "~/api/user/user.server";
import { getDatabase } from "~/db/db.server";
import { cities, spaces } from "~/db/schema";
import { log } from "~/infra/log.server";
import { type Answer, call, createUser, uniqueEmail } from "./helpers";

describe("GET /user/cityList", () => {
  it("answers the envelope with the cities from the database, each with province and barangays", async () => {
    const answer = (await call("GET", "/user/cityList")) as Answer<
      { name: string; slug: string; province: string; barangays: string[] }[]
    >;
    expect(answer.status).toBe(200);
    expect(answer.body.responseCode).toBe(200);
    expect(answer.body.responseMessage).toBe("Success");
    const names = answer.body.result.map((city) => city.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const city of [
      "Quezon City",
      "Makati",
      "Taguig",
      "Cebu City",
      "Davao City",
      "Baguio",
      "Iloilo City",
      "Cagayan de Oro",
    ]) {
      expect(names).toContain(city);
    }
    const makati = answer.body.result.find((city) => city.slug === "makati");
    expect(makati?.province).toBe("Metro Manila");
    expect(makati?.barangays.length).toBeGreaterThanOrEqual(3);
    expect(answer.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("counts a listing that goes live, or stops being live, in the very next answer", async () => {
    const makatiCounts = async () => {
      const answer = (await call("GET", "/user/cityList")) as Answer<CityListItem[]>;
      return answer.body.result.find((city) => city.slug === "makati")?.activeSpaces;
    };
    const before = (await makatiCounts()) ?? { storage: 0, parking: 0 };
    const { db } = await getDatabase();
    const [makati] = await db.select().from(cities).where(eq(cities.slug, "makati"));
    const host = await createUser({ email: uniqueEmail("city-count-host") });
    const [space] = await db
      .insert(spaces)
      .values({
        hostId: host.user.id,
        status: "active",
        storageType: "storage",
        kind: "spareRoom",
        spaceTitle: "A room that counts",
        addressLine1: "1 Jupiter Street",
        cityId: makati?.id ?? null,
        barangay: "Bel-Air",
        province: "Metro Manila",
        latitude: 14.56,
        longitude: 121.03,
        lengthM: 2,
        widthM: 3,
        heightM: 2.5,
        areaSqm: 6,
        volumeCbm: 15,
        unitOfRental: "sqm",
        unitsAvailable: 1,
        features: [],
        rentalDurations: ["1_month"],
        monthlyPrice: 300_000,
      })
      .returning({ id: spaces.id });
    expect(await makatiCounts()).toEqual({ ...before, storage: before.storage + 1 });
    await db.transaction(async (tx) => {
      await tx
        .update(spaces)
        .set({ status: "inactive" })
        .where(eq(spaces.id, space?.id ?? ""));
    });
    expect(await makatiCounts()).toEqual(before);
  });
});

describe("the envelope for calls that fail", () => {
  it("answers an unknown call with a 404 envelope", async () => {
    const answer = await call("GET", "/user/noSuchCall");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      responseCode: 404,
      responseMessage: "There is no API call GET /user/noSuchCall.",
      result: null,
    });
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    const answer = await call("DELETE", "/user/cityList");
    expect(answer.status).toBe(405);
    expect(answer.body.responseCode).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET");
  });

  it("answers invalid input with 400: the first failing rule's message, and every field error", async () => {
    const answer = await call("POST", "/user/login", { body: { email: "not-an-email", extra: 1 } });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe("Invalid Email.");
    expect(answer.body.result).toEqual([
      { field: "email", message: "Invalid Email." },
      { field: "password", message: "Password is required" },
      { field: "extra", message: expect.stringContaining("extra") },
    ]);
  });

  it("says Email is required when the e-mail is missing", async () => {
    const answer = await call("POST", "/user/login", { body: { email: "  ", password: "secret123" } });
    expect(answer.body.responseMessage).toBe("Email is required");
  });

  it("answers a body that is not JSON with 400", async () => {
    const answer = await call("POST", "/user/login", {
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe("The request body is not valid JSON.");
  });

  it("refuses a body over the cap with 413, whatever Content-Length says", async () => {
    const big = JSON.stringify({ email: "a@b.ph", password: "x".repeat(1024 * 1024 + 10) });
    const answer = await call("POST", "/user/login", {
      rawBody: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.responseCode).toBe(413);
  });

  it("answers an unexpected error with a 500 envelope carrying a request id and no stack trace", async () => {
    const failing = defineEndpoint({
      method: "GET",
      path: "/test/boom/{id}",
      auth: "none",
      summary: "always fails",
      params: z.object({ id: z.string() }),
      async handler() {
        throw new Error("database exploded at line 42");
      },
    });
    const errorLog = vi.spyOn(log, "error").mockImplementation(() => {});
    const response = await handleApiRequest(new Request("http://localhost/api/test/boom/7"), {
      routes: compileRoutes([failing]),
    });
    const body = await response.json();
    // The log has the stack, under the same request id.
    const [fields] = errorLog.mock.calls[0] as unknown as [{ requestId: string; err: Error }];
    expect(fields.requestId).toBe(body.result.requestId);
    expect(String(fields.err.stack)).toContain("exploded");
    errorLog.mockRestore();
    expect(response.status).toBe(500);
    expect(body.responseCode).toBe(500);
    expect(body.result.requestId).toBe(response.headers.get("X-Request-Id"));
    expect(body.responseMessage).toContain(body.result.requestId);
    expect(JSON.stringify(body)).not.toContain("exploded");
    expect(JSON.stringify(body)).not.toContain("at ");
  });

  it("answers a handler's redirect with 302, Location and redirectUrl in the envelope", async () => {
    const checkout = defineEndpoint({
      method: "POST",
      path: "/test/checkout",
      auth: "none",
      summary: "sends the browser to a provider",
      async handler() {
        throw new ApiRedirect("https://checkout.example.ph/session/1");
      },
    });
    const response = await handleApiRequest(
      new Request("http://localhost/api/test/checkout", { method: "POST" }),
      { routes: compileRoutes([checkout]) },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://checkout.example.ph/session/1");
    expect(await response.json()).toMatchObject({
      responseCode: 302,
      result: { redirectUrl: "https://checkout.example.ph/session/1" },
    });
  });

  it("passes path parameters through their schema", async () => {
    const echo = defineEndpoint({
      method: "GET",
      path: "/test/echo/{n}/500",
      auth: "none",
      summary: "echoes n",
      params: z.object({ n: z.coerce.number().int().min(1, "n must be 1 or more") }),
      async handler({ params }) {
        return params.n * 2;
      },
    });
    const routes = compileRoutes([echo]);
    const ok = await handleApiRequest(new Request("http://localhost/api/test/echo/21/500"), { routes });
    expect((await ok.json()).result).toBe(42);
    const bad = await handleApiRequest(new Request("http://localhost/api/test/echo/0/500"), { routes });
    expect(bad.status).toBe(400);
    expect((await bad.json()).responseMessage).toBe("n must be 1 or more");
  });
});

describe("/api/openapi.json", () => {
  it("is an OpenAPI 3.1 document generated from the declared endpoints", async () => {
    const response = await handleApiRequest(new Request("http://localhost/api/openapi.json"));
    expect(response.status).toBe(200);
    const document = JSON.parse(await response.text());
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "/api" }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/user/cityList", "/user/login", "/user/logout", "/user/viewUserProfile"]),
    );
    const login = document.paths["/user/login"].post;
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["email", "password"]);
    expect(document.paths["/user/viewUserProfile"].get.security).toEqual([{ session: [] }]);
  });
});
