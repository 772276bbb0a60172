import { publicOrigin } from "~/env.server";
import { track } from "~/infra/in-flight.server";
import {
  CROSS_SITE_MESSAGE,
  isBodyTooLarge,
  isCrossOriginMutation,
  readBodyWithin,
  refusal,
} from "~/infra/security.server";
import {
  type Answer,
  bodyCap,
  errorAnswer,
  formParts,
  MULTIPART_ONLY,
  newCaller,
  parseJsonBody,
  type RawInput,
  runEndpoint,
  searchParamsToObject,
} from "./dispatch.server";
import type { Endpoint } from "./endpoint";
import { ENDPOINTS } from "./endpoints.server";
import { ApiError, envelope, fieldError } from "./envelope";
import { buildOpenApiDocument } from "./openapi.server";

/**
 * The JSON API over HTTP: the server (server/app.ts) hands every /api/* request straight here, not through Remix's
 * page routes. It finds the declared endpoint (app/api/endpoints.server.ts) by method and path, reads its input from
 * the Request and runs it (./dispatch.server.ts); the screens' in-process client runs endpoints without HTTP.
 */
export const API_PREFIX = "/api";

type Route = { endpoint: Endpoint; pattern: RegExp; paramNames: string[] };

export function compileRoutes(endpoints: readonly Endpoint[]): Route[] {
  return endpoints.map((endpoint) => {
    const paramNames: string[] = [];
    const source = endpoint.path
      .split("/")
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
        paramNames.push(param[1] as string);
        return "([^/]+)";
      })
      .join("/");
    return { endpoint, pattern: new RegExp(`^${source}$`), paramNames };
  });
}

/** The routes of every declared endpoint (no module of the API imports the API client, so the list is whole). */
const ALL_ROUTES = compileRoutes(ENDPOINTS);

export type ApiRequestOptions = {
  /**
   * The caller's address as the HTTP server worked it out (`context.clientAddress`, TRUST_PROXY hops honoured).
   * Per-address limits count by it; the request's own X-Forwarded-For is never read here. Unset, every caller
   * shares one "unknown" address.
   */
  clientAddress?: string;
  routes?: Route[];
};

/**
 * What the HTTP server (server/app.ts) hands every /api/* request to. A call from another site that would change
 * something is refused with 403, a body whose Content-Length is past the cap with 413, before anything is read; calls
 * in flight are counted, so a stopping server lets them finish before the database closes.
 */
export function serveApi(request: Request, options: ApiRequestOptions = {}): Promise<Response> {
  return track(async () => {
    if (isCrossOriginMutation(request)) return refusal(request, 403, CROSS_SITE_MESSAGE);
    if (isBodyTooLarge(request)) return refusal(request, 413, "The request is too large.");
    return handleApiRequest(request, options);
  });
}

/** An HTTP call of the API: its input read from the Request, its answer written as the envelope (docs/product.md, Envelope). */
export async function handleApiRequest(
  request: Request,
  { clientAddress, routes = ALL_ROUTES }: ApiRequestOptions = {},
): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const caller = newCaller({
    cookie: request.headers.get("Cookie"),
    userAgent: request.headers.get("User-Agent"),
    origin: publicOrigin(request),
    clientAddress,
  });
  let answer: Answer;
  try {
    if (path === "/openapi.json" && request.method === "GET") {
      const listed = routes.map((route) => route.endpoint).filter((endpoint) => !endpoint.unlisted);
      return Response.json(buildOpenApiDocument(listed), {
        headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": caller.requestId },
      });
    }
    const found = matchRoute(routes, request.method, path);
    if (!found) throw new ApiError(404, `There is no API call ${request.method} ${path}.`);
    if ("allowed" in found) {
      throw new ApiError(405, `${request.method} is not allowed on ${path}.`, { allowed: found.allowed });
    }
    const { endpoint } = found.route;
    answer = await runEndpoint(endpoint, () => readInput(request, url, endpoint, found.params), caller);
  } catch (error) {
    answer = errorAnswer(
      error,
      caller,
      `${request.method} ${apiRoutePattern(request.method, url.pathname, routes)}`,
    );
  }
  const { status, message, result, headers } = answer;
  headers.set("X-Request-Id", caller.requestId);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(envelope(status, message, result), { status, headers });
}

function matchRoute(routes: Route[], method: string, path: string) {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.endpoint.method !== method) {
      if (!route.endpoint.unlisted) allowed.push(route.endpoint.method);
      continue;
    }
    const params = Object.fromEntries(
      route.paramNames.map((name, i) => [name, decodeSegment(name, match[i + 1] ?? "")]),
    );
    return { route, params };
  }
  return allowed.length > 0 ? { allowed } : null;
}

/**
 * The declared path a request reaches (`/api/spaces/{id}`), for counting requests by endpoint rather than by URL: the
 * endpoint of its method, else of any method (a 405), else "/api/*" for a path no endpoint declares.
 */
export function apiRoutePattern(method: string, pathname: string, routes: Route[] = ALL_ROUTES): string {
  const path = pathname.slice(API_PREFIX.length) || "/";
  if (path === "/openapi.json") return `${API_PREFIX}${path}`;
  const matching = routes.filter((route) => route.pattern.test(path));
  const route = matching.find((candidate) => candidate.endpoint.method === method) ?? matching[0];
  return route ? `${API_PREFIX}${route.endpoint.path}` : `${API_PREFIX}/*`;
}

/** A path parameter as sent; a broken %-escape ("%E0%A4") is the caller's mistake, refused on that parameter. */
function decodeSegment(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw fieldError(name, `The field ${name} is not correctly encoded.`);
  }
}

/** The call's input from the Request: its query string, path parameters, and body (JSON, a form, or multipart). */
async function readInput(
  request: Request,
  url: URL,
  endpoint: Endpoint,
  params: Record<string, string>,
): Promise<RawInput> {
  const query = searchParamsToObject(url.searchParams);
  if (endpoint.bodyType === "multipart")
    return { query, params, ...(await readMultipart(request, endpoint)) };
  const body = endpoint.body ? await readBody(request, bodyCap(endpoint)) : {};
  return { query, params, body, files: {} };
}

/**
 * Reads a JSON or form-encoded body within its cap (413 past it, whether or not Content-Length tells the truth: the
 * cap's BodyTooLargeError is answered by errorAnswer).
 */
async function readBody(request: Request, limit: number): Promise<unknown> {
  const text = (await readBodyWithin(request, limit)).toString("utf8");
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return searchParamsToObject(new URLSearchParams(text));
  }
  return parseJsonBody(text);
}

/** Reads a multipart/form-data body (form-encoded is accepted too, having no files) within the endpoint's cap. */
async function readMultipart(
  request: Request,
  endpoint: Endpoint,
): Promise<Pick<RawInput, "body" | "files">> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    throw new ApiError(400, MULTIPART_ONLY);
  }
  const bytes = await readBodyWithin(request, bodyCap(endpoint));
  const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } })
    .formData()
    .catch(() => {
      throw new ApiError(400, "The form data could not be read.");
    });
  return formParts(form, endpoint);
}
