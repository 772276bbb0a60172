import { describe, expect, it } from "vitest";
import {
  applySecurityHeaders,
  BodyTooLargeError,
  bodyLimit,
  describeBytes,
  isBodyTooLarge,
  isCrossOriginMutation,
  MAX_UPLOAD_BYTES,
  NOT_A_FORM_MESSAGE,
  readBodyWithin,
  readFormWithin,
  UNREADABLE_FORM_MESSAGE,
  withBodyWithin,
  withForm,
} from "~/infra/security.server";

const post = (headers: Record<string, string>, method = "POST") =>
  new Request("http://localhost:3000/api/user/login", { method, headers });

describe("isCrossOriginMutation", () => {
  it("refuses POST, PUT and DELETE that the browser marks cross-site or same-site", () => {
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "same-site" }, "PUT"))).toBe(true);
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "cross-site" }, "DELETE"))).toBe(true);
  });

  it("lets same-origin requests through", () => {
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossOriginMutation(post({ Origin: "http://localhost:3000" }))).toBe(false);
  });

  it("falls back to the Origin header when the browser sends no Sec-Fetch-Site", () => {
    expect(isCrossOriginMutation(post({ Origin: "https://evil.example" }))).toBe(true);
  });

  it("lets reads and calls without browser headers (apps, servers) through", () => {
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "cross-site" }, "GET"))).toBe(false);
    expect(isCrossOriginMutation(post({}))).toBe(false);
  });

  it("leaves webhooks to their signature check, whatever browser headers they carry", () => {
    const webhook = (headers: Record<string, string>) =>
      new Request("http://localhost:3000/webhooks/payments", { method: "POST", headers });
    expect(isCrossOriginMutation(webhook({ "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isCrossOriginMutation(webhook({ Origin: "https://psp.example" }))).toBe(false);
    // Only the webhooks folder: a path that merely starts alike is still guarded.
    const lookalike = new Request("http://localhost:3000/webhooks-not/x", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(isCrossOriginMutation(lookalike)).toBe(true);
  });
});

describe("security headers", () => {
  it("sets a CSP with the nonce and no framing, nosniff and a strict referrer policy", () => {
    const headers = applySecurityHeaders(new Headers(), "abc123");
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'nonce-abc123'");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("allows no scripts at all on answers that carry no nonce", () => {
    expect(applySecurityHeaders(new Headers()).get("Content-Security-Policy")).toContain("script-src 'none'");
  });
});

describe("isBodyTooLarge", () => {
  it("compares Content-Length with MAX_BODY_BYTES", () => {
    expect(isBodyTooLarge(post({ "Content-Length": String(1024 * 1024 + 1) }))).toBe(true);
    expect(isBodyTooLarge(post({ "Content-Length": "100" }))).toBe(false);
  });

  it("lets multipart uploads through up to MAX_UPLOAD_BYTES, and no further", () => {
    const multipart = (length: number) =>
      post({ "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(length) });
    expect(MAX_UPLOAD_BYTES).toBe(15 * 1024 * 1024);
    expect(isBodyTooLarge(multipart(5 * 1024 * 1024))).toBe(false);
    expect(isBodyTooLarge(multipart(MAX_UPLOAD_BYTES))).toBe(false);
    expect(isBodyTooLarge(multipart(MAX_UPLOAD_BYTES + 1))).toBe(true);
    // Only a real multipart Content-Type gets the larger cap.
    const json = post({ "Content-Type": "application/json", "Content-Length": String(5 * 1024 * 1024) });
    expect(isBodyTooLarge(json)).toBe(true);
    expect(bodyLimit(post({ "Content-Type": "multipart/form-data" }))).toBe(1024 * 1024);
  });
});

describe("reading a body within its cap", () => {
  const streamed = (size: number, headers: Record<string, string> = {}) =>
    new Request("http://localhost:3000/x", {
      method: "POST",
      headers,
      body: new ReadableStream({
        start(controller) {
          for (let sent = 0; sent < size; sent += 1000)
            controller.enqueue(new Uint8Array(Math.min(1000, size - sent)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);

  it("reads a body up to the limit", async () => {
    expect((await readBodyWithin(streamed(5000), 5000)).byteLength).toBe(5000);
  });

  it("counts the bytes when Content-Length is missing or lies", async () => {
    await expect(readBodyWithin(streamed(5001), 5000)).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readBodyWithin(streamed(9000, { "Content-Length": "10" }), 5000)).rejects.toThrow(
      "The request is larger than 4.9 KB.",
    );
  });

  it("refuses at once when Content-Length says too much", async () => {
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      headers: { "Content-Length": "999999" },
      body: "small",
    });
    await expect(readBodyWithin(request, 5000)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("says the cap the way people do", () => {
    expect(describeBytes(MAX_UPLOAD_BYTES)).toBe("15 MB");
    expect(describeBytes(1024 * 1024)).toBe("1 MB");
    expect(describeBytes(512 * 1024)).toBe("512 KB");
    expect(describeBytes(900)).toBe("900 bytes");
  });

  it("reads a multipart form with its files", async () => {
    const form = new FormData();
    form.append("message", "Salamat!");
    form.append("image", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    const request = new Request("http://localhost:3000/x", { method: "POST", body: form });
    const read = await readFormWithin(request);
    expect(read.get("message")).toBe("Salamat!");
    const file = read.get("image") as File;
    expect(file.name).toBe("a.png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});

describe("withBodyWithin (every action's body)", () => {
  /** A body that never ends, sent without Content-Length (chunked): it counts what was pulled from it. */
  function endless() {
    const pulled = { bytes: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled.bytes += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(120));
      },
    });
    const request = new Request("http://localhost:3000/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body,
      duplex: "half",
    } as RequestInit);
    return { request, pulled };
  }

  it("cuts an endless chunked body at the cap instead of reading it all", async () => {
    const { request, pulled } = endless();
    await expect(withBodyWithin(request, 1024 * 1024)).rejects.toThrow("The request is larger than 1 MB.");
    expect(pulled.bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it("hands the action the same request, its body read and its length told", async () => {
    const original = new Request("http://localhost:3000/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "a=b" },
      body: "email=carla%40example.ph",
    });
    const request = await withBodyWithin(original);
    expect(request.url).toBe(original.url);
    expect(request.method).toBe("POST");
    expect(request.headers.get("Cookie")).toBe("a=b");
    expect(request.headers.get("Content-Length")).toBe("24");
    expect((await request.formData()).get("email")).toBe("carla@example.ph");
  });

  it("leaves a request without a body as it is", async () => {
    const request = new Request("http://localhost:3000/auth/logout", { method: "POST" });
    expect(await withBodyWithin(request)).toBe(request);
  });
});

describe("withForm", () => {
  const posted = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://localhost:3000/contact-us", { method: "POST", body, headers });

  it("reads a form once: the action's formData() and readFormWithin get that same form", async () => {
    const request = await withForm(posted(new URLSearchParams({ email: "carla@example.ph" })));
    const form = await request.formData();
    expect(form.get("email")).toBe("carla@example.ph");
    expect(await request.formData()).toBe(form);
    expect(await readFormWithin(request)).toBe(form);
  });

  it("takes a body without a type as a plain form", async () => {
    const request = new Request("http://localhost:3000/contact-us", { method: "POST", body: "a=1" });
    request.headers.delete("Content-Type");
    expect((await (await withForm(request)).formData()).get("a")).toBe("1");
  });

  it("refuses another body with 415 and a broken form with 400, as Responses to throw", async () => {
    const json = await withForm(posted("{}", { "Content-Type": "application/json" })).catch(
      (thrown) => thrown,
    );
    expect(json).toBeInstanceOf(Response);
    expect(json.status).toBe(415);
    expect(await json.text()).toBe(NOT_A_FORM_MESSAGE);
    const broken = await withForm(
      posted("no parts here", { "Content-Type": "multipart/form-data; boundary=x" }),
    ).catch((thrown) => thrown);
    expect(broken.status).toBe(400);
    expect(await broken.text()).toBe(UNREADABLE_FORM_MESSAGE);
  });
});
