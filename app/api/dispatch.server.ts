import { randomUUID } from "node:crypto";
import type { z } from "zod/v4";
import { getDatabase } from "~/db/db.server";
import { isDatabaseUnavailable, unavailableReason } from "~/db/unavailable.server";
import { DomainError, type DomainErrorKind } from "~/domain/errors";
import { getEnv } from "~/env.server";
import { currentRequest, log } from "~/infra/log.server";
import {
  BodyTooLargeError,
  MAX_UPLOAD_BYTES,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "~/infra/security.server";
import { findSession, type RequestSessions } from "~/infra/session.server";
import type { Endpoint } from "./endpoint";
import { ApiError, ApiRedirect, type FieldError } from "./envelope";

/**
 * Runs one declared endpoint, whoever calls it: the HTTP router (app/api/router.server.ts), which reads the input
 * from a Request and writes the answer as the envelope, or the screens' in-process client
 * (app/screens/api.server.ts), which hands over the input as it has it and takes the handler's value back. Both go
 * through the same checks in the same order (length caps, control characters, nesting depth, the endpoint's zod
 * schemas, the login it needs), so one declaration answers both alike (ADR 0002, ADR 0017).
 */

/** The address that limits count by when the server did not say who is calling (unit tests, a bare server). */
export const UNKNOWN_ADDRESS = "unknown";

/** Who is calling, as much of it as a handler may read. */
export type Caller = {
  /** The Cookie header: the session, and a visitor's own cookies. */
  cookie: string | null;
  userAgent: string | null;
  /** The site's public origin, for links in answers and e-mails (publicOrigin in app/env.server.ts). */
  origin: string;
  /** The caller's address as the HTTP server worked it out: what per-address limits count by. */
  clientAddress: string;
  requestId: string;
  /** Whether the caller reads the answer (see HandlerContext). */
  answerRead: boolean;
  /** The sessions the browser request behind an in-process call has looked up already (RequestSessions). */
  sessions?: RequestSessions;
};

/** An endpoint's input as it arrived, before any check: text fields, path parameters, a body, uploaded files. */
export type RawInput = {
  query: Record<string, string | string[]>;
  params: Record<string, string>;
  body: unknown;
  files: Record<string, File[]>;
};

/** What a call answered: the envelope's parts, and the headers the handler or the refusal set. */
export type Answer = { status: number; message: string; result: unknown; headers: Headers };

export function newCaller(
  fields: Omit<Caller, "requestId" | "clientAddress" | "answerRead"> & {
    clientAddress?: string;
    answerRead?: boolean;
  },
): Caller {
  return {
    ...fields,
    clientAddress: fields.clientAddress?.trim() || UNKNOWN_ADDRESS,
    // The id of the HTTP request being answered (what its log line and X-Request-Id say), for a screen's calls too.
    requestId: currentRequest()?.requestId ?? randomUUID(),
    answerRead: fields.answerRead ?? true,
  };
}

/**
 * Runs the endpoint on its raw input, read only once the caller may call it at all (a call that needs a login is
 * refused with 401 before its body is read); a refusal or a failure is thrown (see `errorAnswer`).
 */
export async function runEndpoint(
  endpoint: Endpoint,
  readInput: () => Promise<RawInput> | RawInput,
  caller: Caller,
): Promise<Answer> {
  const { db } = await getDatabase();
  const { sessions, ...callerFields } = caller;
  const session =
    endpoint.auth === "none"
      ? null
      : await (sessions ? sessions.find(db, caller.cookie) : findSession(db, caller.cookie));
  if (endpoint.auth === "required" && !session) throw new ApiError(401, "Please login to continue.");
  await endpoint.gate?.({ db, user: session?.user ?? null, sessionIdHash: session?.idHash ?? null });
  const raw = await readInput();

  const maxText = endpoint.maxTextLength ?? MAX_TEXT_LENGTH;
  const refused = [raw.query, raw.params, raw.body].flatMap((part) => [
    ...overlongTexts(part, "", maxText),
    ...controlCharacterTexts(part, ""),
  ]);
  if (refused.length > 0) throw new ApiError(400, (refused[0] as FieldError).message, refused);

  const errors: FieldError[] = [];
  const query = validate(endpoint.query, raw.query, errors);
  const params = validate(endpoint.params, raw.params, errors);
  const body = validate(endpoint.body, raw.body, errors);
  if (errors.length > 0) throw new ApiError(400, (errors[0] as FieldError).message, errors);

  const headers = new Headers();
  const handled = endpoint.handler({
    query,
    params,
    body,
    user: session?.user ?? null,
    sessionIdHash: session?.idHash ?? null,
    db,
    ...callerFields,
    headers,
    files: raw.files,
  });
  // A change may end the session or change its user: later calls of the same request look it up afresh.
  const changes = endpoint.method !== "GET" && !endpoint.changesNothing;
  const result = await (changes ? handled.finally(() => sessions?.forget()) : handled);
  return { status: 200, message: endpoint.message ?? "Success", result: result ?? null, headers };
}

/** A product rule's refusal (app/domain/errors.ts) as an answer: bad input, not allowed, not now, or not there. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  conflict: 409,
  not_found: 404,
};

/** What a thrown refusal or failure answers; an unexpected failure is logged with the request id it answers with. */
export function errorAnswer(error: unknown, caller: Pick<Caller, "requestId">, what: string): Answer {
  const headers = new Headers();
  if (error instanceof ApiRedirect) {
    headers.set("Location", error.redirectUrl);
    return { status: 302, message: error.message, result: error.result, headers };
  }
  if (error instanceof ApiError) {
    if (error.status === 405)
      headers.set("Allow", (error.result as { allowed: string[] }).allowed.join(", "));
    return { status: error.status, message: error.message, result: error.result, headers };
  }
  if (error instanceof BodyTooLargeError)
    return { status: 413, message: error.message, result: null, headers };
  if (error instanceof DomainError) {
    const result = error.details ?? (error.field ? [{ field: error.field, message: error.message }] : null);
    return { status: DOMAIN_ERROR_STATUS[error.kind], message: error.message, result, headers };
  }
  // The database cannot be reached: come back later, as /readyz says too (ADR 0042). One line, no stack trace.
  if (isDatabaseUnavailable(error)) {
    log.error(
      { requestId: caller.requestId, call: what, reason: unavailableReason(error) },
      "the database cannot be reached",
    );
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return { status: 503, message: UNAVAILABLE_MESSAGE, result: null, headers };
  }
  log.error({ requestId: caller.requestId, call: what, err: error }, "API call failed");
  return {
    status: 500,
    message: `Something went wrong on our side. Please try again. (Request id: ${caller.requestId})`,
    result: { requestId: caller.requestId },
    headers,
  };
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

/**
 * An input a handler builds for another rule (a saved draft booked as a new booking), checked by that rule's schema:
 * a value that does not pass is refused with the schema's own field errors, as if the caller had sent it.
 */
export function validInput<S extends z.ZodType>(schema: S | undefined, input: unknown): z.output<S> {
  const errors: FieldError[] = [];
  const value = validate(schema, input, errors);
  if (errors.length > 0) throw new ApiError(400, (errors[0] as FieldError).message, errors);
  return value as z.output<S>;
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

/** Query parameters as the schemas read them: a name given once is a string, given more often a list. */
export function searchParamsToObject(searchParams: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}

/**
 * How deep a JSON body may nest objects and arrays. No endpoint takes more than a few levels; the checks that walk a
 * body (overlongTexts, the schemas) recurse, and 3,000 levels in 6 KB would overflow their stack.
 */
export const MAX_JSON_DEPTH = 32;

/** Parses a JSON body's text, refusing what is not JSON or nests too deeply. */
export function parseJsonBody(text: string): unknown {
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

/** The most bytes an endpoint's body may have: its own cap, else MAX_UPLOAD_BYTES for uploads or MAX_BODY_BYTES. */
export function bodyCap(endpoint: Endpoint): number {
  return (
    endpoint.maxBodyBytes ?? (endpoint.bodyType === "multipart" ? MAX_UPLOAD_BYTES : getEnv().MAX_BODY_BYTES)
  );
}

export const MULTIPART_ONLY = "This call takes a multipart/form-data body.";

/**
 * A form's parts as an upload endpoint takes them: its text fields for the `body` schema, and its files by field name.
 * Empty file inputs are left out; a file in a field the endpoint does not take is refused.
 */
export function formParts(form: FormData, endpoint: Endpoint): Pick<RawInput, "body" | "files"> {
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
  return { body: searchParamsToObject(text), files };
}

/** An endpoint's input as a screen gives it (app/screens/api.server.ts): already parsed, nothing read from a wire. */
export type GivenInput = { query: URLSearchParams; params: Record<string, string>; body: unknown };

/**
 * Calls an endpoint in-process, as the screens' client does: the same checks as over HTTP, and the handler's value
 * back as it is, without a Request or JSON in between. The body goes through JSON's rules all the same (a value that
 * JSON would drop or turn into text is dropped or turned into text), so a call means the same whichever way it goes.
 */
export async function callEndpoint(endpoint: Endpoint, input: GivenInput, caller: Caller): Promise<Answer> {
  try {
    return await runEndpoint(endpoint, () => givenInput(endpoint, input), caller);
  } catch (error) {
    return errorAnswer(error, caller, `${endpoint.method} ${endpoint.path}`);
  }
}

function givenInput(endpoint: Endpoint, { query, params, body }: GivenInput): RawInput {
  const raw = { query: searchParamsToObject(query), params };
  if (endpoint.bodyType === "multipart") {
    if (!(body instanceof FormData)) throw new ApiError(400, MULTIPART_ONLY);
    if (formBytes(body) > bodyCap(endpoint)) throw new BodyTooLargeError(bodyCap(endpoint));
    return { ...raw, ...formParts(body, endpoint) };
  }
  if (!endpoint.body || body === undefined) return { ...raw, body: {}, files: {} };
  const text = JSON.stringify(body);
  if (Buffer.byteLength(text) > bodyCap(endpoint)) throw new BodyTooLargeError(bodyCap(endpoint));
  return { ...raw, body: parseJsonBody(text), files: {} };
}

/** About how many bytes a form would take on the wire: its texts and its files. */
function formBytes(form: FormData): number {
  let bytes = 0;
  for (const [name, value] of form)
    bytes += name.length + (typeof value === "string" ? Buffer.byteLength(value) : value.size);
  return bytes;
}
