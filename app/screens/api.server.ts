import { createHash } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { z } from "zod/v4";
import { callEndpoint, newCaller } from "~/api/dispatch.server";
import type { BodyType, CachedGet, Endpoint, HttpMethod } from "~/api/endpoint";
import { type Envelope, envelope, type FieldError, isEnvelope } from "~/api/envelope";
import { API_PREFIX } from "~/api/router.server";
import { viewUserProfile } from "~/api/user/user.server";
import { getDatabase } from "~/db/db.server";
import { getEnv, publicOrigin, redirectAllowedOrigins } from "~/env.server";
import { refusal, UNAVAILABLE_MESSAGE } from "~/infra/security.server";
import {
  clearSessionCookie,
  isSessionLive,
  type RequestSessions,
  sessionCookieValue,
} from "~/infra/session.server";
import { safeRedirect } from "~/utils/redirect";
import { errorToast, type Toast } from "~/utils/toast";
import { ApiCache } from "./api-cache.server";
import { shareOverDatabase } from "./api-cache-peers.server";
import { currentRequestContext } from "./request-context.server";
import { toastCookieHeader } from "./toast.server";

/**
 * The client every loader and action uses to reach the JSON API: in-process by default (the endpoint's handler runs
 * here, with the same checks as over HTTP, and its value comes back without JSON in between), over HTTP when
 * API_BASE_URL is set. It owns the client rules of docs/product.md (The API):
 * - responseCode 401 in a body ends the session: cookie cleared, cache cleared, redirect to / with a toast;
 * - a 302 carrying redirectUrl redirects the browser, to this origin or an allow-listed provider origin only;
 * - a 503 with Retry-After (the API's database cannot be reached) is thrown as the page's own 503;
 * - any other failure comes back as `{ ok: false }` with an Error toast of its message or responseMessage;
 * - successful GETs of the cached calls are kept per user for 180 s; a non-GET call drops what it makes stale;
 *   logout clears the user's entries (both declared on the endpoints: `cache`, `invalidates`).
 * A screen calls an endpoint by its declaration, `client.call(endpoint, { query, params, body })`: the input is typed
 * by the endpoint's zod schemas and the result by its handler (ADR 0017). Set-Cookie headers from the API collect in
 * `client.headers` and in the request's answer headers, which app/server-build.ts attaches to whatever the loader or
 * action answers or throws.
 */

export const SESSION_EXPIRED_MESSAGE = "Your session has expired for safety reasons. Please login again.";

export type ApiSuccess<T> = { ok: true; status: number; message: string; result: T };
export type ApiFailure = { ok: false; status: number; message: string; errors: FieldError[]; toast: Toast };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** What `call` needs of an endpoint's declaration (app/api/endpoint.ts). */
export type Callable = {
  method: HttpMethod;
  path: string;
  query?: unknown;
  params?: unknown;
  body?: unknown;
  bodyType?: BodyType;
  cache?: boolean;
  invalidates?: readonly CachedGet[] | "all";
  // Method syntax on purpose: any handler fits, whatever context it takes.
  handler(context: never): Promise<unknown>;
};

/** The answer of a successful call: what the endpoint's handler returns. */
export type ResultOf<E extends Callable> = E extends { handler(context: never): Promise<infer R> }
  ? R
  : never;

type Given<S> = Exclude<S, undefined>;
type NoFields = Record<never, never>;
/**
 * A schema's input with the fields it reads from anything (z.preprocess, z.coerce: `unknown`) made optional, as they
 * are: such a field may be left out.
 */
type Loose<T> = T extends object
  ? { [K in keyof T as unknown extends T[K] ? never : K]: T[K] } & {
      [K in keyof T as unknown extends T[K] ? K : never]?: T[K];
    }
  : T;
/** One part of a call's input, typed by the endpoint's schema; optional when every field is, absent without one. */
type Part<K extends string, S> = [Given<S>] extends [never]
  ? { [key in K]?: never }
  : Given<S> extends z.ZodType
    ? NoFields extends Loose<z.input<Given<S>>>
      ? { [key in K]?: Loose<z.input<Given<S>>> }
      : { [key in K]: Loose<z.input<Given<S>>> }
    : { [key in K]?: never };

/** What a call of endpoint E sends: its query, its path parameters and its body (a FormData for uploads). */
export type CallInput<E extends Callable> = Part<"query", E["query"]> &
  Part<"params", E["params"]> &
  (Given<E["bodyType"]> extends "multipart" ? { body: FormData } : Part<"body", E["body"]>);

/** Hands a request to the API over HTTP (or to a test's fake). `clientAddress` is the browser's address. */
export type Transport = (request: Request, caller: { clientAddress?: string }) => Promise<Response>;
/** What a call answered, in-process or over HTTP: the HTTP status, the envelope's code and the envelope. */
type Reply = { status: number; code: number; envelope: Envelope | null; headers: Headers };
type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

export type ApiClientOptions = {
  /** How calls reach the API over HTTP; unset, endpoints run in this process (app/api/dispatch.server.ts). */
  transport?: Transport;
  cache: ApiCache;
  /** Where "this origin" is (publicOrigin in env.server); unset, the browser request's own origin. */
  publicOrigin?: string;
  /** Other origins a redirectUrl may lead to (payment providers). */
  allowedRedirectOrigins: readonly string[];
  /** The browser's address (the screen request's `context.clientAddress`), for the API's per-address limits. */
  clientAddress?: string;
  /** Where Set-Cookie headers from the API also go: the answer of the loader or action running now. */
  responseHeaders?: Headers;
  /**
   * The sessions the browser request has looked up already (in-process only): the endpoints this client runs, and
   * the check before a cached answer, read the session once per request rather than once per call.
   */
  sessions?: RequestSessions;
  /**
   * Whether the session of a Cookie header is still live. Asked once per client before a cached answer is served to
   * a logged-in user, so a session ended elsewhere (logged out on another device, password changed) does not keep
   * seeing its cached name and phone for up to 180 s. Unset (unit tests), cached answers are served unchecked.
   */
  sessionLive?: (cookieHeader: string) => Promise<boolean>;
};

export class ApiClient {
  /** Set-Cookie headers the API sent; return them with the route's response. */
  readonly headers = new Headers();
  private cookie: string;
  private readonly origin: string;
  /** The Cookie header whose session was found live, once it has been checked. */
  private confirmedCookie: string | null = null;

  constructor(
    private readonly request: Request,
    private readonly options: ApiClientOptions,
  ) {
    this.cookie = request.headers.get("Cookie") ?? "";
    this.origin = options.publicOrigin ?? new URL(request.url).origin;
  }

  /**
   * Calls an endpoint by its declaration: `{name}` segments of its path are filled from `params`, `query` becomes
   * the query string and `body` is sent as JSON (a FormData as it is, files and all).
   */
  call<E extends Callable>(
    endpoint: E,
    ...[input]: NoFields extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
  ): Promise<ApiResult<ResultOf<E>>> {
    const { query, params, body } = (input ?? {}) as { query?: Query; params?: Query; body?: unknown };
    return this.exchange(endpoint, params, query, body, true) as Promise<ApiResult<ResultOf<E>>>;
  }

  /**
   * Calls an endpoint for what it does, not for its answer: the screen shows the call's message and reads no result,
   * so the handler may skip building it (in-process; over HTTP the answer is built and left unread).
   */
  act<E extends Callable>(
    endpoint: E,
    ...[input]: NoFields extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
  ): Promise<ApiResult<unknown>> {
    const { query, params, body } = (input ?? {}) as { query?: Query; params?: Query; body?: unknown };
    return this.exchange(endpoint, params, query, body, false);
  }

  private async exchange(
    endpoint: Callable,
    params: Query | undefined,
    query: Query | undefined,
    body: unknown,
    answerRead: boolean,
  ): Promise<ApiResult<unknown>> {
    const { method } = endpoint;
    const path = fillPath(endpoint.path, params);
    const searchParams = toSearchParams(query);
    const search = searchParams.toString();
    const userKey = this.userKey();
    const { cache } = this.options;
    const cacheable = ApiCache.isCached(endpoint);
    const stale = endpoint.invalidates === "all" ? [] : (endpoint.invalidates ?? []);
    if (cacheable) {
      const hit = cache.get(userKey, path, search);
      // A session that has ended gets no cached answer: the call goes to the API, whose 401 ends it here too.
      if (hit !== undefined && (await this.mayServeCached(userKey))) return hit as ApiSuccess<unknown>;
    } else if (method !== "GET") {
      cache.invalidate(userKey, path, stale);
      if (endpoint.invalidates === "all") cache.clearUser(userKey);
    }

    const asked = cache.mark();
    const { transport } = this.options;
    const reply = transport
      ? await this.send(transport, method, path, search, body)
      : await this.run(endpoint, searchParams, params, body, answerRead);
    // Again after the call: a GET answered while this call was running may have cached what it changed. What a call
    // declares stale is dropped on every other instance too (a search, which makes nothing stale, tells nobody).
    if (endpoint.invalidates === "all" || stale.length > 0)
      await cache.dropEverywhere({
        userKey,
        paths: [path, ...stale.map((get) => get.path)],
        everything: endpoint.invalidates === "all",
      });
    else if (method !== "GET") cache.invalidate(userKey, path, stale);
    for (const setCookie of reply.headers.getSetCookie()) {
      this.headers.append("Set-Cookie", setCookie);
      this.options.responseHeaders?.append("Set-Cookie", setCookie);
      this.cookie = mergeCookie(this.cookie, setCookie);
    }
    const { code, status, envelope } = reply;

    if (code === 401) return this.endSession(userKey);
    // The API cannot serve anyone for now (its database cannot be reached): the page cannot either, and says when to
    // come back, rather than showing a half-empty page or a toast (ADR 0042).
    const retryAfter = reply.headers.get("Retry-After");
    if (code === 503 && retryAfter) {
      throw refusal(this.request, 503, readMessage(envelope) ?? UNAVAILABLE_MESSAGE, {
        "Retry-After": retryAfter,
      });
    }
    const redirectUrl = readRedirectUrl(envelope);
    if ((code === 302 || status === 302) && redirectUrl) {
      const target = this.allowedRedirect(redirectUrl);
      if (target) throw redirect(target, { headers: this.headers });
      return failure(status, "We stopped a redirect to a site we do not know.", []);
    }
    if (status >= 200 && status < 300 && envelope && code >= 200 && code < 300) {
      const success: ApiSuccess<unknown> = {
        ok: true,
        status: code,
        message: envelope.responseMessage,
        result: envelope.result,
      };
      if (cacheable) cache.set(userKey, path, search, success, asked);
      return success;
    }
    const message = readMessage(envelope) ?? `The request failed (${status}).`;
    const errors = code === 400 && Array.isArray(envelope?.result) ? (envelope.result as FieldError[]) : [];
    return failure(code, message, errors);
  }

  /**
   * Runs the endpoint in this process: its handler's value comes back as it is, shared with the cache (screens read
   * answers, they never change them).
   */
  private async run(
    endpoint: Callable,
    query: URLSearchParams,
    params: Query | undefined,
    body: unknown,
    answerRead: boolean,
  ): Promise<Reply> {
    const caller = newCaller({
      cookie: this.cookie || null,
      userAgent: this.request.headers.get("User-Agent"),
      origin: this.origin,
      clientAddress: this.options.clientAddress,
      answerRead,
      sessions: this.options.sessions,
    });
    const given = { query, params: pathParams(params), body };
    const answer = await callEndpoint(endpoint as unknown as Endpoint, given, caller);
    return {
      status: answer.status,
      code: answer.status,
      envelope: envelope(answer.status, answer.message, answer.result),
      headers: answer.headers,
    };
  }

  /** Sends the call over HTTP (API_BASE_URL, or a test's fake) and reads the envelope back. */
  private async send(
    transport: Transport,
    method: string,
    path: string,
    search: string,
    body: unknown,
  ): Promise<Reply> {
    const headers = new Headers({ Accept: "application/json" });
    if (this.cookie) headers.set("Cookie", this.cookie);
    const userAgent = this.request.headers.get("User-Agent");
    if (userAgent) headers.set("User-Agent", userAgent);
    // A FormData body sets its own multipart Content-Type, boundary included.
    const form = body instanceof FormData ? body : undefined;
    if (body !== undefined && !form) headers.set("Content-Type", "application/json");
    const url = `${this.origin}${API_PREFIX}${path}${search ? `?${search}` : ""}`;
    const response = await transport(
      new Request(url, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: this.request.signal,
      }),
      { clientAddress: this.options.clientAddress },
    );
    const payload = await response.json().catch(() => null);
    return {
      status: response.status,
      code: isEnvelope(payload) ? payload.responseCode : response.status,
      envelope: isEnvelope(payload) ? payload : null,
      headers: response.headers,
    };
  }

  /** Whether cached answers may be served: always to a visitor; to a logged-in user once the session is found live. */
  private async mayServeCached(userKey: string): Promise<boolean> {
    const { sessionLive, sessions, transport } = this.options;
    if (userKey === "visitor" || !sessionLive || this.confirmedCookie === this.cookie) return true;
    const cookie = this.cookie;
    const live =
      sessions && !transport
        ? (await sessions.find((await getDatabase()).db, cookie)) !== null
        : await sessionLive(cookie);
    if (!live) return false;
    this.confirmedCookie = cookie;
    return true;
  }

  /**
   * docs/product.md, Session end and redirects: a 401 ends the session — local data cleared, home page, and the
   * session-expired toast.
   */
  private async endSession(userKey: string): Promise<never> {
    this.options.cache.clearUser(userKey);
    // The browser gets only the ended session's cookies, not a session the API set earlier in this request.
    this.options.responseHeaders?.delete("Set-Cookie");
    const headers = new Headers();
    headers.append("Set-Cookie", await clearSessionCookie());
    headers.append("Set-Cookie", await toastCookieHeader(errorToast(SESSION_EXPIRED_MESSAGE)));
    throw redirect("/", { headers });
  }

  /** A redirectUrl the browser may follow: on this origin (made relative) or an allow-listed provider's. */
  private allowedRedirect(redirectUrl: string): string | null {
    const { allowedRedirectOrigins } = this.options;
    return (
      safeRedirect(redirectUrl, "", { origin: this.origin, allowedOrigins: allowedRedirectOrigins }) || null
    );
  }

  /** Whose cache entries these are: the session cookie, hashed; visitors share one key. */
  private userKey(): string {
    const value = sessionCookieValue(this.cookie);
    return value ? createHash("sha256").update(value).digest("base64url") : "visitor";
  }
}

function failure(status: number, message: string, errors: FieldError[]): ApiFailure {
  return { ok: false, status, message, errors, toast: errorToast(message) };
}

function readMessage(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const { message, responseMessage } = payload as { message?: unknown; responseMessage?: unknown };
  if (typeof message === "string" && message) return message;
  if (typeof responseMessage === "string" && responseMessage) return responseMessage;
  return undefined;
}

function readRedirectUrl(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const top = (payload as { redirectUrl?: unknown }).redirectUrl;
  const inResult = (payload as Partial<Envelope<{ redirectUrl?: unknown } | null>>).result?.redirectUrl;
  const url = top ?? inResult;
  return typeof url === "string" && url ? url : undefined;
}

/** An endpoint's path with its `{name}` segments filled in: "/space/newSpaceSearch/{n}" and { n: 2 }. */
function fillPath(path: string, params: Query | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A call's query as the API reads it, its names in order (the cache keys calls by it). */
function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  params.sort();
  return params;
}

/** Path parameters as the API reads them: text. */
function pathParams(params: Query | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {}).flatMap(([name, value]) =>
      value === undefined || value === null ? [] : [[name, String(value)]],
    ),
  );
}

/** Applies a Set-Cookie to a Cookie header, so later calls in the same request see a new or cleared session. */
export function mergeCookie(cookieHeader: string, setCookie: string): string {
  const [pair = ""] = setCookie.split(";");
  const eq = pair.indexOf("=");
  if (eq <= 0) return cookieHeader;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const expired = /;\s*max-age=0/i.test(setCookie) || /;\s*expires=thu, 01 jan 1970/i.test(setCookie);
  const others = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${name}=`));
  if (!expired) others.push(`${name}=${value}`);
  return others.join("; ");
}

let sharedCache: ApiCache | undefined;

/**
 * The transport when API_BASE_URL is set: the call goes over HTTP to that API server. The browser's address goes
 * along as X-Forwarded-For, so that server must trust exactly this one hop (TRUST_PROXY=1 there) to count its limits
 * per browser rather than per this server.
 */
export function httpTransport(base: string): Transport {
  return (request, { clientAddress }) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    if (clientAddress) headers.set("X-Forwarded-For", clientAddress);
    else headers.delete("X-Forwarded-For");
    return fetch(new URL(`${url.pathname}${url.search}`, base), {
      method: request.method,
      headers,
      body: request.body,
      redirect: "manual",
      signal: request.signal,
      // Node's fetch needs this to send a streamed body.
      duplex: "half",
    });
  };
}

function defaultOptions(): ApiClientOptions {
  const env = getEnv();
  const base = env.API_BASE_URL;
  const transport = base ? httpTransport(base) : undefined;
  const sessionLive = base
    ? async (cookie: string) => {
        // Over HTTP this server may have no database: the API says whether the session is live.
        const response = await fetch(new URL(`${API_PREFIX}${viewUserProfile.path}`, base), {
          headers: { Accept: "application/json", Cookie: cookie },
        }).catch(() => null);
        const payload = await response?.json().catch(() => null);
        return isEnvelope(payload) && payload.responseCode === 200;
      }
    : async (cookie: string) => isSessionLive((await getDatabase()).db, cookie);
  if (!sharedCache) {
    sharedCache = new ApiCache();
    // Other instances may serve the same users from the same PostgreSQL server; over HTTP, the API is theirs too.
    if (!base && env.DATABASE_URL) shareOverDatabase(sharedCache, env.DATABASE_URL);
  }
  return {
    transport,
    cache: sharedCache,
    sessionLive,
    allowedRedirectOrigins: redirectAllowedOrigins(env),
  };
}

/**
 * The API client for one incoming browser request. The caller's address comes from the loader's or action's
 * context, given here or, by default, the one app/server-build.ts put in place for the loader or action running now.
 */
export function api(
  request: Request,
  context: { clientAddress?: string } = currentRequestContext(),
): ApiClient {
  const { responseHeaders, sessions } = currentRequestContext();
  const options = defaultOptions();
  // The API builds its links from the URL it is called on, so it is called on the one public origin.
  return new ApiClient(request, {
    ...options,
    publicOrigin: publicOrigin(request),
    clientAddress: context.clientAddress,
    responseHeaders,
    // Over HTTP the API reads the session itself, on each call.
    sessions: options.transport ? undefined : sessions,
  });
}
