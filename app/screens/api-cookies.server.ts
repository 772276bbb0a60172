import { data } from "@remix-run/node";

/**
 * The API's Set-Cookie headers on the browser's answer (ADR 0017). Every API client made during a loader or action
 * collects the Set-Cookie headers the API sends it (a login's session, a logout's cleared one) in the request context
 * (request-context.server.ts); app/server-build.ts hands them here with whatever the loader or action answered or
 * threw, so no route carries them along itself.
 */

/** Remix's `data(value, init)`: what single fetch turns into the answer's body, status and headers. */
export type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

export function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit"
  );
}

/**
 * Adds the collected Set-Cookie headers to an answer, each once: to a Response (a redirect too) or `data(…)` as they
 * are, and a returned plain value becomes `data(value, { headers })`. A thrown value that is neither a Response nor
 * data (an error) is left as it is.
 */
export function withApiCookies<T>(value: T, collected: Headers, thrown = false): T | DataWithInit {
  const cookies = collected.getSetCookie();
  if (cookies.length === 0) return value;
  const add = (headers: Headers) => {
    const present = new Set(headers.getSetCookie());
    for (const cookie of cookies) if (!present.has(cookie)) headers.append("Set-Cookie", cookie);
    return headers;
  };
  if (value instanceof Response) {
    add(value.headers);
    return value;
  }
  if (isDataWithInit(value)) {
    value.init = { ...value.init, headers: add(new Headers(value.init?.headers)) };
    return value;
  }
  if (thrown) return value;
  return data(value, { headers: add(new Headers()) }) as unknown as DataWithInit;
}
