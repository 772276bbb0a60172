import { randomUUID } from "node:crypto";
import type { z } from "zod/v4";
import { getDatabase } from "~/db/db.server";
import { isDatabaseUnavailable, unavailableReason } from "~/db/unavailable.server";
import { DomainError, type DomainErrorKind } from "~/domain/errors";
import { getEnv } from "~/env.server";
import {
  BodyTooLargeError,
  MAX_UPLOAD_BYTES,
  RETRY_AFTER_SECONDS,
  readBodyWithin,
  UNAVAILABLE_MESSAGE,
} from "~/services/security.server";
import { findSession } from "~/services/session.server";
import type { Endpoint } from "./endpoint";
import { ENDPOINTS } from "./endpoints.server";
import { ApiError, ApiRedirect, envelope, type FieldError, fieldError } from "./envelope";
import { buildOpenApiDocument } from "./openapi.server";

/**
 * The JSON API: one dispatcher for the declared endpoints (app/api/endpoints.server.ts). It is reached over HTTP
 * through the /api splat route and in-process by app/services/api.server.ts; both hand it a standard Request.
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

/** The address that limits count by when the server did not say who is calling (unit tests, a bare server). */
export const UNKNOWN_ADDRESS = "unknown";

export type ApiRequestOptions = {
  /**
   * The caller's address as the HTTP server worked it out (`context.clientAddress`, TRUST_PROXY hops honoured).
   * Per-address limits count by it; the request's own X-Forwarded-For is never read here. Unset, every caller
   * shares one "unknown" address.
   */
  clientAddress?: string;
  routes?: Route[];
};

export async function handleApiRequest(
  request: Request,
  { clientAddress, routes = ALL_ROUTES }: ApiRequestOptions = {},
): Promise<Response> {
  const requestId = randomUUID();
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  try {
    if (path === "/openapi.json" && request.method === "GET") {
      return Response.json(buildOpenApiDocument(routes.map((route) => route.endpoint)), {
        headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": requestId },
      });
    }
    const found = matchRoute(routes, request.method, path);
    if (!found) throw new ApiError(404, `There is no API call ${request.method} ${path}.`);
    if ("allowed" in found) {
      throw new ApiError(405, `${request.method} is not allowed on ${path}.`, { allowed: found.allowed });
    }
    const address = clientAddress?.trim() || UNKNOWN_ADDRESS;
    return await runEndpoint(request, url, requestId, address, found.route.endpoint, found.params);
  } catch (error) {
    return errorResponse(error, requestId, request, path);
  }
}

function matchRoute(routes: Route[], method: string, path: string) {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.endpoint.method !== method) {
      allowed.push(route.endpoint.method);
      continue;
    }
    const params = Object.fromEntries(
      route.paramNames.map((name, i) => [name, decodeSegment(name, match[i + 1] ?? "")]),
    );
    return { route, params };
  }
  return allowed.length > 0 ? { allowed } : null;
}

/** A path parameter as sent; a broken %-escape ("%E0%A4") is the caller's mistake, refused on that parameter. */
function decodeSegment(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw fieldError(name, `The field ${name} is not correctly encoded.`);
  }
}

async function runEndpoint(
  request: Request,
  url: URL,
  requestId: string,
  clientAddress: string,
  endpoint: Endpoint,
  rawParams: Record<string, string>,
): Promise<Response> {
  const { db } = await getDatabase();
  const session = endpoint.auth === "none" ? null : await findSession(db, request.headers.get("Cookie"));
  if (endpoint.auth === "required" && !session) throw new ApiError(401, "Please login to continue.");

  const form = endpoint.bodyType === "multipart" ? await readMultipart(request, endpoint) : null;
  const rawQuery = searchParamsToObject(url.searchParams);
  const rawBody = form ? form.fields : endpoint.body ? await readBody(request, endpoint.maxBodyBytes) : {};
  const maxText = endpoint.maxTextLength ?? MAX_TEXT_LENGTH;
  const refused = [rawQuery, rawParams, rawBody].flatMap((part) => [
    ...overlongTexts(part, "", maxText),
    ...controlCharacterTexts(part, ""),
  ]);
  if (refused.length > 0) throw new ApiError(400, (refused[0] as FieldError).message, refused);

  const errors: FieldError[] = [];
  const query = validate(endpoint.query, rawQuery, errors);
  const params = validate(endpoint.params, rawParams, errors);
  const body = validate(endpoint.body, rawBody, errors);
  if (errors.length > 0) throw new ApiError(400, (errors[0] as FieldError).message, errors);

  const headers = new Headers();
  const result = await endpoint.handler({
    query,
    params,
    body,
    user: session?.user ?? null,
    sessionIdHash: session?.idHash ?? null,
    db,
    request,
    requestId,
    clientAddress,
    headers,
    files: form?.files ?? {},
  });
  headers.set("X-Request-Id", requestId);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(envelope(200, endpoint.message ?? "Success", result ?? null), { headers });
}

/**
 * Every text an endpoint takes has a length cap, checked here before any rule reads the value: the fields' own rules
 * name tighter ones ("Email must be at most 254 characters."), and this one stands for every field that has none, so
 * a megabyte in a field is a clear 400, never a slow rule or a database error.
 */
export const MAX_TEXT_LENGTH = 10_000;

/** Every string in `value` (a query, path parameters, a JSON or form body) longer than `max`, as field errors. */
export function overlongTexts(value: unknown, path: string, max: number): FieldError[] {
  if (typeof value === "string") {
    if (value.length <= max) return [];
    const field = path || "body";
    return [{ field, message: `The field ${field} is too long (at most ${max} characters).` }];
  }
  if (typeof value !== "object" || value === null) return [];
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => overlongTexts(item, path ? `${path}.${key}` : key, max));
}

/**
 * C0 and C1 control characters (and DEL), but for tab, line feed and carriage return, which multi-line texts
 * (messages, descriptions) carry. None is text a person types: NUL cannot even be stored in a PostgreSQL text, and
 * the others would reach mail, receipts and other people's screens as they are.
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/**
 * Every string in `value` (a query, path parameters, a JSON or form body) holding a control character, as field
 * errors; a name (an object's key) holding one too, named with the character escaped. One rule for every field of
 * every declared call, checked before any rule or the database sees the value (docs/decisions/0041).
 */
export function controlCharacterTexts(value: unknown, path: string): FieldError[] {
  if (typeof value === "string") {
    if (!CONTROL_CHARACTER.test(value)) return [];
    const field = path || "body";
    return [{ field, message: `The field ${field} may not contain control characters.` }];
  }
  if (typeof value !== "object" || value === null) return [];
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => {
    const name = key.replace(
      new RegExp(CONTROL_CHARACTER, "gu"),
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    const field = path ? `${path}.${name}` : name;
    if (name !== key) return [{ field, message: `The field ${field} may not contain control characters.` }];
    return controlCharacterTexts(item, field);
  });
}

function validate(
  schema: z.ZodType | undefined,
  input: unknown,
  errors: FieldError[],
): Record<string, unknown> {
  if (!schema) return {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  for (const issue of parsed.error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [""];
    for (const key of keys) {
      const field = [...issue.path, ...(key ? [key] : [])].map(String).join(".");
      errors.push({ field, message: issue.message });
    }
  }
  return {};
}

function searchParamsToObject(searchParams: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}

/** Reads the raw bytes of a body within its cap (413 past it, whether or not Content-Length tells the truth). */
async function readBytes(request: Request, limit: number): Promise<Buffer> {
  try {
    return await readBodyWithin(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, error.message);
    throw error;
  }
}

/** Reads a JSON or form-encoded body, refusing more than MAX_BODY_BYTES (or the endpoint's own cap). */
async function readBody(request: Request, limit = getEnv().MAX_BODY_BYTES): Promise<unknown> {
  const text = (await readBytes(request, limit)).toString("utf8");
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return searchParamsToObject(new URLSearchParams(text));
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
  if (nestingDepth(parsed, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError(400, `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
  }
  return parsed;
}

/**
 * How deep a JSON body may nest objects and arrays. No endpoint takes more than a few levels; the checks that walk a
 * body (overlongTexts, the schemas) recurse, and 3,000 levels in 6 KB would overflow their stack.
 */
export const MAX_JSON_DEPTH = 32;

/** How deeply `value` nests objects and arrays, counted without recursion and only up to just past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item !== "object" || item === null) continue;
    const level = depth + 1;
    if (level > limit) return level;
    deepest = Math.max(deepest, level);
    for (const inner of Object.values(item)) pending.push([inner, level]);
  }
  return deepest;
}

/**
 * Reads a multipart/form-data body (form-encoded is accepted too, having no files) within the endpoint's cap:
 * its text fields for the `body` schema, and its files by field name. Empty file inputs are left out.
 */
async function readMultipart(
  request: Request,
  endpoint: Endpoint,
): Promise<{ fields: Record<string, string | string[]>; files: Record<string, File[]> }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    throw new ApiError(400, "This call takes a multipart/form-data body.");
  }
  const bytes = await readBytes(request, endpoint.maxBodyBytes ?? MAX_UPLOAD_BYTES);
  const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } })
    .formData()
    .catch(() => {
      throw new ApiError(400, "The form data could not be read.");
    });
  const text = new URLSearchParams();
  const files: Record<string, File[]> = {};
  for (const [name, value] of form) {
    if (typeof value === "string") {
      // A file input left empty may arrive as an empty text part: that is no file, not a text field.
      if (!endpoint.fileFields?.includes(name)) text.append(name, value);
      continue;
    }
    if (value.size === 0 && value.name === "") continue;
    if (!endpoint.fileFields?.includes(name)) throw new ApiError(400, `This call takes no file "${name}".`);
    files[name] = [...(files[name] ?? []), value];
  }
  return { fields: searchParamsToObject(text), files };
}

/** A product rule's refusal (app/domain/errors.ts) as an answer: bad input, not allowed, not now, or not there. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  conflict: 409,
  not_found: 404,
};

function errorResponse(error: unknown, requestId: string, request: Request, path: string): Response {
  const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "private, no-store" });
  if (error instanceof ApiRedirect) {
    headers.set("Location", error.redirectUrl);
    return Response.json(envelope(302, error.message, error.result), { status: 302, headers });
  }
  if (error instanceof ApiError) {
    if (error.status === 405)
      headers.set("Allow", (error.result as { allowed: string[] }).allowed.join(", "));
    return Response.json(envelope(error.status, error.message, error.result), {
      status: error.status,
      headers,
    });
  }
  if (error instanceof DomainError) {
    const status = DOMAIN_ERROR_STATUS[error.kind];
    const result = error.details ?? (error.field ? [{ field: error.field, message: error.message }] : null);
    return Response.json(envelope(status, error.message, result), { status, headers });
  }
  // The database cannot be reached: come back later, as /readyz says too (ADR 0042). One line, no stack trace.
  if (isDatabaseUnavailable(error)) {
    console.error(
      `[api] ${requestId} ${request.method} ${path}: the database cannot be reached: ${unavailableReason(error)}`,
    );
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return Response.json(envelope(503, UNAVAILABLE_MESSAGE, null), { status: 503, headers });
  }
  console.error(`[api] ${requestId} ${request.method} ${path} failed:`, error);
  return Response.json(
    envelope(500, `Something went wrong on our side. Please try again. (Request id: ${requestId})`, {
      requestId,
    }),
    { status: 500, headers },
  );
}
