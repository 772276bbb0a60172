import { redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { login } from "~/api/user/auth.server";
import { SESSION_COOKIE_NAME } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { isDataWithInit, withApiCookies } from "~/screens/api-cookies.server";
import { runWithRequestContext } from "~/screens/request-context.server";
import { createUser } from "./helpers";

/**
 * A login's session cookie reaches the browser's answer without the route handing it on (ADR 0017): the API client
 * collects it in the request context, and app/server-build.ts adds it to what the action returns or throws, as here.
 */
describe("the API's Set-Cookie on the browser's answer", () => {
  /** Logs in through the API client inside a loader's context, then answers (or throws) what `answer` makes. */
  async function loginThen<T>(answer: () => T): Promise<{ value: unknown; thrown: boolean }> {
    const { email, password } = await createUser();
    const collected = new Headers();
    return runWithRequestContext({ responseHeaders: collected }, async () => {
      const client = api(new Request("http://localhost/auth/login", { method: "POST" }));
      const result = await client.call(login, { body: { email, password } });
      expect(result.ok).toBe(true);
      try {
        return { value: withApiCookies(answer(), collected), thrown: false };
      } catch (error) {
        return { value: withApiCookies(error, collected, true), thrown: true };
      }
    });
  }

  const sessionCookies = (headers: Headers) =>
    headers.getSetCookie().filter((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));

  it("goes with returned data", async () => {
    const { value } = await loginThen(() => ({ ok: true }));
    expect(isDataWithInit(value)).toBe(true);
    if (!isDataWithInit(value)) return;
    expect(value.data).toEqual({ ok: true });
    expect(sessionCookies(new Headers(value.init?.headers))).toHaveLength(1);
  });

  it("goes with a thrown redirect, once, next to the redirect's own cookies", async () => {
    const { value, thrown } = await loginThen(() => {
      throw redirect("/", { headers: { "Set-Cookie": "ss_toast=hello; Path=/" } });
    });
    expect(thrown).toBe(true);
    expect(value).toBeInstanceOf(Response);
    const response = value as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(sessionCookies(response.headers)).toHaveLength(1);
    expect(response.headers.getSetCookie()).toContain("ss_toast=hello; Path=/");
  });

  it("leaves a thrown error as it is", async () => {
    const failure = new Error("boom");
    const { value, thrown } = await loginThen(() => {
      throw failure;
    });
    expect(thrown).toBe(true);
    expect(value).toBe(failure);
  });
});
