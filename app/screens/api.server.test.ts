import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/v4";
import { defineEndpoint, type HttpMethod } from "~/api/endpoint";
import { ApiClient, httpTransport, SESSION_EXPIRED_MESSAGE } from "./api.server";
import { ApiCache, CACHE_TTL_MS } from "./api-cache.server";
import { readToast } from "./toast.server";

const PAGE_URL = "http://localhost:3000/some/page";

/**
 * Endpoints as the client sees them: only their method, path and cache declarations matter here (the fake API
 * answers), and their loose schemas take whatever a test sends.
 */
function endpoint(
  method: HttpMethod,
  path: string,
  declared: { cache?: boolean; invalidates?: readonly { path: string }[] | "all" } = {},
) {
  return defineEndpoint({
    method,
    path,
    auth: "none",
    summary: "A test's endpoint.",
    query: z.looseObject({}),
    body: z.looseObject({}),
    ...declared,
    async handler(): Promise<unknown> {
      return null;
    },
  });
}
const cityList = endpoint("GET", "/user/cityList", { cache: true });
const viewUserProfile = endpoint("GET", "/user/viewUserProfile", { cache: true });
const getReviewsByMe = endpoint("GET", "/rating/getReviewsByMe", { cache: true });
const myShortListedSpace = endpoint("GET", "/space/myShortListedSpace", { cache: true });
const clearShortList = endpoint("DELETE", "/space/myShortListedSpace");
const spaceDetails = endpoint("GET", "/space/spaceDetails");
const search = endpoint("GET", "/space/search");
const deleteSpace = defineEndpoint({
  method: "DELETE",
  path: "/space/deleteSpace/{id}",
  auth: "none",
  summary: "A test's endpoint with a path parameter.",
  params: z.object({ id: z.coerce.number() }),
  async handler(): Promise<unknown> {
    return null;
  },
});
const book = endpoint("POST", "/reservation/book");
const pay = endpoint("POST", "/reservation/pay");
const addSpace = endpoint("POST", "/space/addSpace");
const editProfile = endpoint("POST", "/user/editProfile", { invalidates: [viewUserProfile] });
const login = endpoint("POST", "/user/login", { invalidates: [viewUserProfile] });
const logout = endpoint("POST", "/user/logout", { invalidates: "all" });
const PROVIDER = "https://pay.example.ph";

type Answer = {
  status?: number;
  responseCode?: number;
  responseMessage?: string;
  result?: unknown;
  /** Extra top-level fields of the body (message, redirectUrl). */
  extra?: Record<string, unknown>;
  setCookies?: string[];
  /** A raw, non-JSON body instead of an envelope. */
  raw?: string;
};

type Sent = { method: string; url: string; headers: Headers; body: string };

/** A fake API: answers each call with the answer its handler gives, and records what was sent. */
function fakeApi(handler: (sent: Sent) => Answer = () => ({})) {
  const sent: Sent[] = [];
  const transport = vi.fn(async (request: Request) => {
    const call: Sent = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
    };
    sent.push(call);
    const answer = handler(call);
    const status = answer.status ?? 200;
    const headers = new Headers();
    for (const cookie of answer.setCookies ?? []) headers.append("Set-Cookie", cookie);
    if (answer.raw !== undefined) {
      headers.set("Content-Type", "text/html");
      return new Response(answer.raw, { status, headers });
    }
    return Response.json(
      {
        responseCode: answer.responseCode ?? status,
        responseMessage: answer.responseMessage ?? "OK",
        result: answer.result ?? null,
        ...answer.extra,
      },
      { status, headers },
    );
  });
  return { transport, sent };
}

function browserRequest(cookie: string | null = "ss_session=abc", userAgent?: string) {
  const headers = new Headers();
  if (cookie !== null) headers.set("Cookie", cookie);
  if (userAgent) headers.set("User-Agent", userAgent);
  return new Request(PAGE_URL, { headers });
}

/** What a call threw, which must be a Response (Remix's thrown redirect). */
async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the call to throw a Response");
}

describe("ApiClient", () => {
  let cache: ApiCache;

  beforeEach(() => {
    vi.useFakeTimers();
    cache = new ApiCache();
  });

  afterEach(() => {
    cache.dispose();
    vi.useRealTimers();
  });

  function client(
    transport: (request: Request) => Promise<Response>,
    cookie: string | null = "ss_session=abc",
  ) {
    return new ApiClient(browserRequest(cookie), {
      transport,
      cache,
      allowedRedirectOrigins: [PROVIDER],
    });
  }

  describe("requests", () => {
    it("calls /api on the page's origin with the method and path", async () => {
      const { transport, sent } = fakeApi();

      await client(transport).call(deleteSpace, { params: { id: 42 } });

      expect(sent).toHaveLength(1);
      expect(sent[0]?.method).toBe("DELETE");
      expect(sent[0]?.url).toBe("http://localhost:3000/api/space/deleteSpace/42");
    });

    it("uses publicOrigin over the page's origin when given", async () => {
      const { transport, sent } = fakeApi();
      const api = new ApiClient(browserRequest(), {
        transport,
        cache,
        publicOrigin: "https://spacesolution.ph",
        allowedRedirectOrigins: [],
      });

      await api.call(spaceDetails);

      expect(sent[0]?.url).toBe("https://spacesolution.ph/api/space/spaceDetails");
    });

    it("forwards the browser's Cookie and User-Agent", async () => {
      const { transport, sent } = fakeApi();
      const api = new ApiClient(browserRequest("ss_session=abc; theme=dark", "Mozilla/5.0 Test"), {
        transport,
        cache,
        allowedRedirectOrigins: [],
      });

      await api.call(spaceDetails);

      expect(sent[0]?.headers.get("Cookie")).toBe("ss_session=abc; theme=dark");
      expect(sent[0]?.headers.get("User-Agent")).toBe("Mozilla/5.0 Test");
      expect(sent[0]?.headers.get("Accept")).toBe("application/json");
    });

    it("hands the browser's address to the transport, and never the browser's own X-Forwarded-For", async () => {
      const { transport, sent } = fakeApi();
      const request = new Request(PAGE_URL, { headers: { "X-Forwarded-For": "198.51.100.66" } });
      const api = new ApiClient(request, {
        transport,
        cache,
        allowedRedirectOrigins: [],
        clientAddress: "192.0.2.7",
      });

      await api.call(login, { body: { email: "a@b.ph", password: "x" } });

      expect(transport).toHaveBeenCalledWith(expect.any(Request), { clientAddress: "192.0.2.7" });
      expect(sent[0]?.headers.has("X-Forwarded-For")).toBe(false);
    });

    it("over HTTP, sends the browser's address as X-Forwarded-For (the API server trusts one hop)", async () => {
      const fetched: Request[] = [];
      const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
        fetched.push(new Request(input as URL, init));
        return Response.json({ responseCode: 200, responseMessage: "OK", result: null });
      });
      try {
        const transport = httpTransport("http://api.internal:4000");
        const forged = { "X-Forwarded-For": "198.51.100.66" };
        await new ApiClient(new Request(PAGE_URL, { headers: forged }), {
          transport,
          cache,
          allowedRedirectOrigins: [],
          clientAddress: "192.0.2.7",
        }).call(login, { body: {} });
        await transport(new Request("http://x/api/user/cityList", { headers: forged }), {});

        expect(fetched[0]?.url).toBe("http://api.internal:4000/api/user/login");
        expect(fetched[0]?.headers.get("X-Forwarded-For")).toBe("192.0.2.7");
        expect(fetched[1]?.headers.has("X-Forwarded-For")).toBe(false);
      } finally {
        fetchSpy.mockRestore();
      }
    });

    it("sends no Cookie header for a visitor without cookies", async () => {
      const { transport, sent } = fakeApi();

      await client(transport, null).call(spaceDetails);

      expect(sent[0]?.headers.has("Cookie")).toBe(false);
    });

    it("sends a POST body as JSON with its Content-Type", async () => {
      const { transport, sent } = fakeApi();

      await client(transport).call(editProfile, { body: { firstName: "Juan", tags: ["a"] } });

      expect(sent[0]?.method).toBe("POST");
      expect(sent[0]?.headers.get("Content-Type")).toBe("application/json");
      expect(JSON.parse(sent[0]?.body ?? "")).toEqual({ firstName: "Juan", tags: ["a"] });
    });

    it("sends neither body nor Content-Type for a GET", async () => {
      const { transport, sent } = fakeApi();

      await client(transport).call(spaceDetails);

      expect(sent[0]?.headers.has("Content-Type")).toBe(false);
      expect(sent[0]?.body).toBe("");
    });

    it("serialises the query sorted by name, repeating arrays and skipping empty values", async () => {
      const { transport, sent } = fakeApi();

      await client(transport).call(search, {
        query: {
          type: "parking",
          city: "Quezon City",
          amenities: ["cctv", 2],
          page: 1,
          covered: false,
          minPrice: undefined,
          maxPrice: null,
        },
      });

      expect(sent[0]?.url).toBe(
        "http://localhost:3000/api/space/search?amenities=cctv&amenities=2&city=Quezon+City&covered=false&page=1&type=parking",
      );
    });
  });

  describe("cookies from the API", () => {
    it("collects Set-Cookie headers in client.headers", async () => {
      const { transport } = fakeApi(() => ({
        setCookies: ["ss_session=new; Path=/; HttpOnly", "lang=fil; Path=/"],
      }));
      const api = client(transport);

      await api.call(login, { body: { email: "a@b.ph" } });

      expect(api.headers.getSetCookie()).toEqual(["ss_session=new; Path=/; HttpOnly", "lang=fil; Path=/"]);
    });

    it("sends a new cookie on the client's later calls", async () => {
      const { transport, sent } = fakeApi((call) =>
        call.url.endsWith("/user/login") ? { setCookies: ["ss_session=new; Path=/; HttpOnly"] } : {},
      );
      const api = client(transport, "ss_session=abc; theme=dark");

      await api.call(login, { body: {} });
      await api.call(spaceDetails);

      expect(sent[0]?.headers.get("Cookie")).toBe("ss_session=abc; theme=dark");
      expect(sent[1]?.headers.get("Cookie")).toBe("theme=dark; ss_session=new");
    });

    it("drops a cookie the API clears with Max-Age=0 from later calls", async () => {
      const { transport, sent } = fakeApi((call) =>
        call.url.endsWith("/user/logout") ? { setCookies: ["ss_session=; Path=/; Max-Age=0"] } : {},
      );
      const api = client(transport, "ss_session=abc; theme=dark");

      await api.call(logout);
      await api.call(spaceDetails);

      expect(sent[1]?.headers.get("Cookie")).toBe("theme=dark");
    });

    it("drops a cookie the API clears with an expiry in 1970 from later calls", async () => {
      const { transport, sent } = fakeApi((call) =>
        call.url.endsWith("/user/logout")
          ? { setCookies: ["ss_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"] }
          : {},
      );
      const api = client(transport);

      await api.call(logout);
      await api.call(spaceDetails);

      expect(sent[1]?.headers.has("Cookie")).toBe(false);
    });
  });

  describe("success", () => {
    it("returns ok with the result, message and status", async () => {
      const { transport } = fakeApi(() => ({
        status: 201,
        responseMessage: "Space created.",
        result: { id: "sp-1" },
      }));

      const answer = await client(transport).call(addSpace, { body: { name: "Garage" } });

      expect(answer).toEqual({ ok: true, status: 201, message: "Space created.", result: { id: "sp-1" } });
    });
  });

  describe("caching", () => {
    it("serves a cached GET from the cache for 180 s", async () => {
      const { transport } = fakeApi(() => ({ result: ["Manila", "Cebu"] }));
      const api = client(transport);

      const first = await api.call(cityList);
      vi.advanceTimersByTime(CACHE_TTL_MS - 1);
      const second = await api.call(cityList);

      expect(transport).toHaveBeenCalledTimes(1);
      expect(second).toEqual(first);
      expect(second).toMatchObject({ ok: true, result: ["Manila", "Cebu"] });
    });

    it("shares the cache between clients of the same session", async () => {
      const { transport } = fakeApi(() => ({ result: { firstName: "Juan" } }));

      await client(transport).call(viewUserProfile);
      const again = await client(transport).call(viewUserProfile);

      expect(transport).toHaveBeenCalledTimes(1);
      expect(again).toMatchObject({ ok: true, result: { firstName: "Juan" } });
    });

    it("fetches a cached GET again after 180 s", async () => {
      const { transport } = fakeApi(() => ({ result: ["Manila"] }));
      const api = client(transport);

      await api.call(cityList);
      vi.advanceTimersByTime(CACHE_TTL_MS);
      await api.call(cityList);

      expect(transport).toHaveBeenCalledTimes(2);
    });

    it("keeps one entry per query, whatever the order of its names", async () => {
      const { transport } = fakeApi(() => ({ result: [] }));
      const api = client(transport);

      await api.call(getReviewsByMe, { query: { page: 1, size: 10 } });
      await api.call(getReviewsByMe, { query: { size: 10, page: 1 } });
      await api.call(getReviewsByMe, { query: { page: 2, size: 10 } });

      expect(transport).toHaveBeenCalledTimes(2);
    });

    it("never caches a GET of a call that is not listed", async () => {
      const { transport } = fakeApi(() => ({ result: { id: "sp-1" } }));
      const api = client(transport);

      await api.call(spaceDetails);
      await api.call(spaceDetails);

      expect(transport).toHaveBeenCalledTimes(2);
    });

    it("keeps entries per user: another session cookie misses", async () => {
      const { transport } = fakeApi(() => ({ result: { firstName: "Juan" } }));

      await client(transport, "ss_session=abc").call(viewUserProfile);
      await client(transport, "ss_session=xyz").call(viewUserProfile);
      await client(transport, null).call(viewUserProfile);

      expect(transport).toHaveBeenCalledTimes(3);
    });

    it("does not cache a failed GET", async () => {
      let calls = 0;
      const { transport } = fakeApi(() =>
        ++calls === 1 ? { status: 500, responseMessage: "Try again." } : { result: ["Manila"] },
      );
      const api = client(transport);

      const failed = await api.call(cityList);
      const retried = await api.call(cityList);
      await api.call(cityList);

      expect(failed.ok).toBe(false);
      expect(retried).toMatchObject({ ok: true, result: ["Manila"] });
      expect(transport).toHaveBeenCalledTimes(2);
    });

    it("drops what a non-GET call makes stale, and only that", async () => {
      const { transport, sent } = fakeApi(() => ({ result: {} }));
      const api = client(transport);
      await api.call(viewUserProfile);
      await api.call(cityList);

      await api.call(editProfile, { body: { firstName: "Juana" } });
      await api.call(viewUserProfile);
      await api.call(cityList);

      expect(sent.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
        "GET /api/user/viewUserProfile",
        "GET /api/user/cityList",
        "POST /api/user/editProfile",
        "GET /api/user/viewUserProfile",
      ]);
    });

    it("drops a cached URL's entry on a non-GET call to that same URL", async () => {
      const { transport } = fakeApi(() => ({ result: [] }));
      const api = client(transport);
      await api.call(myShortListedSpace);

      await api.call(clearShortList);
      await api.call(myShortListedSpace);

      expect(transport).toHaveBeenCalledTimes(3);
    });

    it("does not drop other users' entries on a non-GET call", async () => {
      const { transport } = fakeApi(() => ({ result: {} }));
      await client(transport, "ss_session=xyz").call(viewUserProfile);

      await client(transport, "ss_session=abc").call(editProfile, { body: {} });
      await client(transport, "ss_session=xyz").call(viewUserProfile);

      expect(transport).toHaveBeenCalledTimes(2);
    });

    it("clears all of the user's entries on logout", async () => {
      const { transport } = fakeApi(() => ({ result: {} }));
      await client(transport).call(viewUserProfile);
      await client(transport).call(cityList);
      await client(transport, "ss_session=xyz").call(cityList);

      await client(transport).call(logout);
      await client(transport).call(viewUserProfile);
      await client(transport).call(cityList);
      await client(transport, "ss_session=xyz").call(cityList);

      // 3 first GETs + logout + the two GETs of the logged-out user; the other user's entry is still cached.
      expect(transport).toHaveBeenCalledTimes(6);
    });
  });

  describe("a cached answer and a session that ended elsewhere", () => {
    /** A client whose session check says `live`, with an API that knows the session as `apiSays`. */
    function checkedClient(live: boolean, apiSays: 200 | 401, cookie: string | null = "ss_session=abc") {
      const api = fakeApi(() =>
        apiSays === 200 ? { result: { firstName: "Juan", phoneNumber: "09171234567" } } : { status: 401 },
      );
      const sessionLive = vi.fn(async () => live);
      const make = () =>
        new ApiClient(browserRequest(cookie), {
          transport: api.transport,
          cache,
          allowedRedirectOrigins: [],
          sessionLive,
        });
      return { ...api, sessionLive, make };
    }

    it("serves the cached profile while the session is live, checking it once per request", async () => {
      const { transport, sessionLive, make } = checkedClient(true, 200);
      await make().call(viewUserProfile);

      const page = make();
      const profile = await page.call(viewUserProfile);
      await page.call(viewUserProfile);

      expect(profile).toMatchObject({ ok: true, result: { firstName: "Juan" } });
      expect(transport).toHaveBeenCalledTimes(1);
      expect(sessionLive).toHaveBeenCalledTimes(1);
      expect(sessionLive).toHaveBeenCalledWith("ss_session=abc");
    });

    it("does not serve a revoked session its cached profile: the API's 401 ends the session", async () => {
      const { transport, make } = checkedClient(true, 200);
      await make().call(viewUserProfile);
      const revoked = checkedClient(false, 401);

      const response = await thrown(
        new ApiClient(browserRequest(), {
          transport: revoked.transport,
          cache,
          allowedRedirectOrigins: [],
          sessionLive: revoked.sessionLive,
        }).call(viewUserProfile),
      );

      expect(transport).toHaveBeenCalledTimes(1);
      expect(revoked.transport).toHaveBeenCalledTimes(1);
      expect(response.headers.get("Location")).toBe("/");
      expect(cache.size).toBe(0);
    });

    it("asks nothing for a visitor", async () => {
      const { transport, sessionLive, make } = checkedClient(false, 200, null);
      await make().call(cityList);
      await make().call(cityList);

      expect(transport).toHaveBeenCalledTimes(1);
      expect(sessionLive).not.toHaveBeenCalled();
    });
  });

  describe("responseCode 401", () => {
    async function expectSessionEnded(response: Response) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      const cookies = response.headers.getSetCookie();
      const session = cookies.find((cookie) => cookie.startsWith("ss_session="));
      const toastCookie = cookies.find((cookie) => cookie.startsWith("ss_toast="));
      expect(session).toMatch(/^ss_session=;/);
      expect(session).toMatch(/;\s*Max-Age=0/i);
      expect(toastCookie).toBeDefined();

      const { toast } = await readToast(
        new Request("http://x", { headers: { Cookie: toastCookie?.split(";")[0] ?? "" } }),
      );
      expect(toast).toMatchObject({
        type: "error",
        description: "Your session has expired for safety reasons. Please login again.",
        duration: 5000,
      });
    }

    it("ends the session on an HTTP 401 answer: redirect home, cookie cleared, expiry toast", async () => {
      const { transport } = fakeApi(() => ({ status: 401, responseMessage: "Unauthorized" }));

      const response = await thrown(client(transport).call(spaceDetails));

      await expectSessionEnded(response);
    });

    it("ends the session on an HTTP 200 answer whose body has responseCode 401", async () => {
      const { transport } = fakeApi(() => ({
        status: 200,
        responseCode: 401,
        responseMessage: "Unauthorized",
      }));

      const response = await thrown(client(transport).call(editProfile, { body: {} }));

      await expectSessionEnded(response);
    });

    it("uses the product's session-expired words", () => {
      expect(SESSION_EXPIRED_MESSAGE).toBe(
        "Your session has expired for safety reasons. Please login again.",
      );
    });

    it("clears the user's cache entries, and only that user's", async () => {
      let expired = false;
      const { transport } = fakeApi(() => (expired ? { status: 401 } : { result: ["Manila"] }));
      await client(transport).call(cityList);
      await client(transport).call(viewUserProfile);
      await client(transport, "ss_session=xyz").call(cityList);

      expired = true;
      await thrown(client(transport).call(spaceDetails));
      expired = false;
      await client(transport).call(cityList);
      await client(transport).call(viewUserProfile);
      await client(transport, "ss_session=xyz").call(cityList);

      // 3 first GETs + the 401 + both of the ended session's GETs again.
      expect(transport).toHaveBeenCalledTimes(6);
    });
  });

  describe("302 with redirectUrl", () => {
    it("redirects to a same-origin URL with a relative Location", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        responseMessage: "Redirecting.",
        result: { redirectUrl: "http://localhost:3000/booking/done?id=7" },
      }));

      const response = await thrown(client(transport).call(pay, { body: {} }));

      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/booking/done?id=7");
    });

    it("reads a top-level redirectUrl too", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        extra: { redirectUrl: "/booking/done" },
      }));

      const response = await thrown(client(transport).call(pay, { body: {} }));

      expect(response.headers.get("Location")).toBe("/booking/done");
    });

    it("redirects on responseCode 302 in an HTTP 200 body", async () => {
      const { transport } = fakeApi(() => ({
        status: 200,
        responseCode: 302,
        result: { redirectUrl: "http://localhost:3000/booking/done" },
      }));

      const response = await thrown(client(transport).call(pay, { body: {} }));

      expect(response.headers.get("Location")).toBe("/booking/done");
    });

    it("keeps the absolute URL of an allow-listed provider", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        result: { redirectUrl: "https://pay.example.ph/checkout/abc?ref=9" },
      }));

      const response = await thrown(client(transport).call(pay, { body: {} }));

      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("https://pay.example.ph/checkout/abc?ref=9");
    });

    it("carries the API's Set-Cookie headers with the redirect", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        result: { redirectUrl: "/booking/done" },
        setCookies: ["cart=; Path=/; Max-Age=0"],
      }));

      const response = await thrown(client(transport).call(pay, { body: {} }));

      expect(response.headers.getSetCookie()).toEqual(["cart=; Path=/; Max-Age=0"]);
    });

    it("does not redirect to an origin that is not allowed, answering with an error toast", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        result: { redirectUrl: "https://evil.example.com/phish" },
      }));

      const answer = await client(transport).call(pay, { body: {} });

      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.toast).toMatchObject({ type: "error", description: answer.message, duration: 5000 });
      expect(answer.message).not.toBe("");
    });

    it("does not redirect to a javascript: URL", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        result: { redirectUrl: "javascript:alert(document.cookie)" },
      }));

      const answer = await client(transport).call(pay, { body: {} });

      expect(answer).toMatchObject({ ok: false, toast: { type: "error" } });
    });

    it("does not redirect to a protocol-relative URL", async () => {
      const { transport } = fakeApi(() => ({
        status: 302,
        result: { redirectUrl: "//evil.example.com/phish" },
      }));

      const answer = await client(transport).call(pay, { body: {} });

      expect(answer).toMatchObject({ ok: false, toast: { type: "error" } });
    });

    it("keeps a same-origin URL whose path starts with // (or /\\) on this site", async () => {
      for (const redirectUrl of [
        "http://localhost:3000//evil.example.com/x",
        "http://localhost:3000/\\evil.example.com/x",
      ]) {
        const { transport } = fakeApi(() => ({ status: 302, result: { redirectUrl } }));

        const response = await thrown(client(transport).call(pay, { body: {} }));

        expect(response.headers.get("Location")).toBe("/evil.example.com/x");
      }
    });
  });

  describe("other failures", () => {
    it("returns ok false with the status, responseMessage and an error toast", async () => {
      const { transport } = fakeApi(() => ({ status: 404, responseMessage: "Space not found." }));

      const answer = await client(transport).call(spaceDetails);

      expect(answer).toEqual({
        ok: false,
        status: 404,
        message: "Space not found.",
        errors: [],
        toast: { id: expect.any(String), type: "error", description: "Space not found.", duration: 5000 },
      });
    });

    it("prefers the body's message over its responseMessage", async () => {
      const { transport } = fakeApi(() => ({
        status: 409,
        responseMessage: "Conflict",
        extra: { message: "This space is already booked for those dates." },
      }));

      const answer = await client(transport).call(book, { body: {} });

      expect(answer).toMatchObject({
        ok: false,
        status: 409,
        message: "This space is already booked for those dates.",
        toast: {
          type: "error",
          description: "This space is already booked for those dates.",
          duration: 5000,
        },
      });
    });

    it("returns a 400 envelope's result list as errors", async () => {
      const fieldErrors = [
        { field: "email", message: "Enter a valid email." },
        { field: "address.city", message: "Choose a city." },
      ];
      const { transport } = fakeApi(() => ({
        status: 400,
        responseMessage: "Please check the form.",
        result: fieldErrors,
      }));

      const answer = await client(transport).call(editProfile, { body: {} });

      expect(answer).toMatchObject({
        ok: false,
        status: 400,
        message: "Please check the form.",
        errors: fieldErrors,
      });
    });

    it("returns no errors for a failure whose result is not a list", async () => {
      const { transport } = fakeApi(() => ({
        status: 400,
        responseMessage: "Bad request.",
        result: { a: 1 },
      }));

      const answer = await client(transport).call(editProfile, { body: {} });

      expect(answer).toMatchObject({ ok: false, errors: [] });
    });

    it("uses the body's responseCode as the failure status", async () => {
      const { transport } = fakeApi(() => ({
        status: 200,
        responseCode: 500,
        responseMessage: "Server error.",
      }));

      const answer = await client(transport).call(spaceDetails);

      expect(answer).toMatchObject({ ok: false, status: 500, message: "Server error." });
    });

    it("gives a message naming the status for a non-JSON 502 answer", async () => {
      const { transport } = fakeApi(() => ({ status: 502, raw: "<html><h1>502 Bad Gateway</h1></html>" }));

      const answer = await client(transport).call(spaceDetails);

      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.status).toBe(502);
      expect(answer.message).toBe("The request failed (502).");
      expect(answer.errors).toEqual([]);
      expect(answer.toast).toMatchObject({ type: "error", description: answer.message, duration: 5000 });
    });

    it("treats a 200 answer that is not an envelope as a failure", async () => {
      const transport = vi.fn(async () => Response.json({ hello: "world" }));

      const answer = await client(transport).call(spaceDetails);

      expect(answer).toMatchObject({ ok: false, status: 200, message: "The request failed (200)." });
    });
  });
});
