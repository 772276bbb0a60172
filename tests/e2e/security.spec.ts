import { expect, test } from "./fixtures";

// These talk HTTP only, so they run once (in the JavaScript-on project).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level checks run once");

test("pages carry a CSP whose nonce is on every script, and the other security headers", async ({
  request,
}) => {
  const response = await request.get("/");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined(); // only when PUBLIC_URL is https
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

  const second = await request.get("/");
  expect(second.headers()["content-security-policy"]).not.toContain(nonce as string);
});

test("API answers carry the security headers too", async ({ request }) => {
  const response = await request.get("/api/user/cityList");
  expect(response.status()).toBe(200);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const body = await response.json();
  expect(body.responseCode).toBe(200);
  expect(body.result.length).toBeGreaterThan(40);
});

test("POST, PUT and DELETE from another site are refused with 403", async ({ request }) => {
  const fromOrigin = await request.post("/api/user/login", {
    headers: { Origin: "https://evil.example" },
    data: { email: "juan.renter@demo.spacesolution.ph", password: "spacesolution-demo" },
  });
  expect(fromOrigin.status()).toBe(403);
  expect((await fromOrigin.json()).responseCode).toBe(403);
  expect(fromOrigin.headers()["set-cookie"]).toBeUndefined();

  const crossSite = await request.post("/api/user/logout", { headers: { "Sec-Fetch-Site": "cross-site" } });
  expect(crossSite.status()).toBe(403);

  const sameOrigin = await request.post("/api/user/login", {
    headers: { "Sec-Fetch-Site": "same-origin" },
    data: { email: "" },
  });
  expect(sameOrigin.status()).toBe(400);
  expect((await sameOrigin.json()).responseMessage).toBe("Email is required");
});

test("request bodies are capped", async ({ request }) => {
  const response = await request.post("/api/user/login", {
    headers: { "Content-Type": "application/json" },
    data: JSON.stringify({ email: "a@b.ph", password: "x".repeat(2 * 1024 * 1024) }),
  });
  expect(response.status()).toBe(413);
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ request }) => {
  const response = await request.post("/api/user/login", {
    data: { email: "maria.host@demo.spacesolution.ph", password: "spacesolution-demo" },
  });
  expect(response.status()).toBe(200);
  const setCookie = response.headers()["set-cookie"] ?? "";
  expect(setCookie).toMatch(/ss_session=/);
  expect(setCookie).toContain("HttpOnly");
  expect(setCookie).toContain("SameSite=Lax");
});

test("health, readiness and the API document answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  expect(await (await request.get("/readyz")).text()).toBe("ready");
  const openapi = await (await request.get("/api/openapi.json")).json();
  expect(openapi.openapi).toBe("3.1.0");
  expect(openapi.paths["/user/cityList"].get.summary).toBeTruthy();
  const countries = await (await request.get("/data/countries.json")).json();
  expect(countries).toContainEqual({ code: "PH", name: "Philippines", dialCode: "+63" });
});
