import { describe, expect, it } from "vitest";
import { edgeRefusal } from "./edge.server";

const head = (method: string, url: string, headers: Record<string, string> = {}) => {
  const all = new Headers({ Host: new URL(url).host, ...headers });
  return { method, url, headers: { get: (name: string) => all.get(name) } };
};

describe("edgeRefusal", () => {
  it("lets the requests screens and the API answer through", () => {
    expect(edgeRefusal(head("GET", "http://localhost:3000/"))).toBeNull();
    expect(edgeRefusal(head("POST", "http://localhost:3000/contact-us"))).toBeNull();
    expect(
      edgeRefusal(head("POST", "http://localhost:3000/contact-us", { Origin: "http://localhost:3000" })),
    ).toBeNull();
    expect(edgeRefusal(head("DELETE", "http://localhost:3000/api/space/deleteSpace/1"))).toBeNull();
    // Webhooks are cross-site by nature and prove themselves with a signature.
    expect(
      edgeRefusal(head("POST", "http://localhost:3000/webhooks/payments", { Origin: "https://psp.example" })),
    ).toBeNull();
  });

  it("answers a method a path does not take with 405 and what it takes", async () => {
    const page = edgeRefusal(head("PUT", "http://localhost:3000/contact-us"));
    expect(page?.status).toBe(405);
    expect(page?.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(await page?.text()).toContain("PUT is not allowed on /contact-us.");
    const api = edgeRefusal(head("TRACE", "http://localhost:3000/api/user/login"));
    expect(api?.headers.get("Allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    expect(await api?.json()).toEqual({
      responseCode: 405,
      responseMessage: "TRACE is not allowed on /user/login.",
      result: null,
    });
  });

  it("refuses a post to a page from another site, or whose Origin names another host, with a 403 page", async () => {
    const foreign = edgeRefusal(
      head("POST", "http://localhost:3000/auth/login", { Origin: "https://evil.example" }),
    );
    expect(foreign?.status).toBe(403);
    expect(foreign?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await foreign?.text()).toContain("Requests from other sites are not allowed.");
    const claimed = head("POST", "http://localhost:3000/auth/login", {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(edgeRefusal(claimed)?.status).toBe(403);
    const data = edgeRefusal(head("POST", "http://localhost:3000/auth/login.data", { Origin: "null" }));
    expect(data?.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  it("answers an address that cannot be read with 400", () => {
    expect(edgeRefusal(head("GET", "http://localhost:3000/"))).toBeNull();
    expect(
      edgeRefusal({ method: "GET", url: "http://bad host/", headers: { get: () => null } })?.status,
    ).toBe(400);
  });
});
