import { randomUUID } from "node:crypto";
import type { z } from "zod/v4";
import { getDatabase } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { findSession } from "~/services/session.server";
import type { Endpoint } from "./endpoint";
import { ENDPOINTS } from "./endpoints.server";
import { ApiError, ApiRedirect, envelope, type FieldError } from "./envelope";
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

const ROUTES = compileRoutes(ENDPOINTS);

export async function handleApiRequest(request: Request, routes: Route[] = ROUTES): Promise<Response> {
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
    return await runEndpoint(request, url, requestId, found.route.endpoint, found.params);
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
      route.paramNames.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
    );
    return { route, params };
  }
  return allowed.length > 0 ? { allowed } : null;
}

async function runEndpoint(
  request: Request,
  url: URL,
  requestId: string,
  endpoint: Endpoint,
  rawParams: Record<string, string>,
): Promise<Response> {
  const { db } = await getDatabase();
  const session = endpoint.auth === "none" ? null : await findSession(db, request.headers.get("Cookie"));
  if (endpoint.auth === "required" && !session) throw new ApiError(401, "Please login to continue.");

  const errors: FieldError[] = [];
  const query = validate(endpoint.query, searchParamsToObject(url.searchParams), errors);
  const params = validate(endpoint.params, rawParams, errors);
  const body = validate(endpoint.body, endpoint.body ? await readBody(request) : {}, errors);
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
    headers,
  });
  headers.set("X-Request-Id", requestId);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(envelope(200, endpoint.message ?? "Success", result ?? null), { headers });
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

/** Reads a JSON or form body, refusing more than MAX_BODY_BYTES whether or not Content-Length tells the truth. */
async function readBody(request: Request): Promise<unknown> {
  const limit = getEnv().MAX_BODY_BYTES;
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw new ApiError(413, `The request body is larger than ${limit} bytes.`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw new ApiError(413, `The request body is larger than ${limit} bytes.`);
      chunks.push(chunk);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return searchParamsToObject(new URLSearchParams(text));
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
}

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
  console.error(`[api] ${requestId} ${request.method} ${path} failed:`, error);
  return Response.json(
    envelope(500, `Something went wrong on our side. Please try again. (Request id: ${requestId})`, {
      requestId,
    }),
    { status: 500, headers },
  );
}
