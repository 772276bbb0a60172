import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handleApiRequest } from "~/api/router.server";
import { type Answer, call, loggedInUser } from "./helpers";

/**
 * Every operation /api/openapi.json declares, driven with values generated from its own declared schemas (the zod
 * declarations' JSON Schema), logged out and logged in: whatever a caller sends, the answer is never a 5xx, its status
 * is one the operation declares, and its body is the declared envelope for that status. Mostly values the schemas
 * take, now and then a value of another kind in a field, so the rules behind the declarations are reached too.
 * Reproducible: a fixed seed per operation (docs/decisions/0041).
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};
type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: Schema };
type Operation = {
  operationId: string;
  security: unknown[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref: string }>;
};

const document = (await (
  await handleApiRequest(new Request("http://localhost/api/openapi.json"))
).json()) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } & Record<
    string,
    Record<string, Schema>
  >;
};

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

/** Runs per operation: logged in, and logged out (a required login stops those at the door). */
const RUNS = { loggedIn: 6, loggedOut: 3 };

/**
 * Operations that start work outside the API get fewer runs, none is left out: each still runs logged out and
 * logged in, with the reason here.
 */
const FEWER_RUNS: Record<string, { runs: number; reason: string }> = {
  "POST /reserve/payBooking": { runs: 3, reason: "opens a checkout with the payments provider's sandbox" },
  "POST /payment/payBill": { runs: 3, reason: "opens a checkout with the payments provider's sandbox" },
  "POST /user/mobileOtp": { runs: 3, reason: "sends a text message (the SMS sink)" },
  "POST /user/updateProfilePic": {
    runs: 3,
    reason: "an upload: text fields only, the files are the upload tests'",
  },
  "POST /space/imageUploadFeedback": { runs: 3, reason: "an upload: text fields only" },
  "POST /space/uploadContract": { runs: 3, reason: "an upload: text fields only" },
  "POST /space/imageUploadSpaces": { runs: 3, reason: "an upload: text fields only" },
  "POST /space/imageUploadFloorplan": { runs: 3, reason: "an upload: text fields only" },
  "POST /space/imageUploadBookingFeedback": { runs: 3, reason: "an upload: text fields only" },
  "POST /user/itemPhoto": { runs: 3, reason: "an upload: text fields only" },
  "POST /space/imageUploadResolution": { runs: 3, reason: "an upload: text fields only" },
};

/** A value of another kind than declared, or none: what a careless or hostile caller sends. */
const stray: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(""),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

/** A calendar day within a couple of years of now, as forms send dates ("2026-03-01"), for fields named *date*. */
const day = fc
  .integer({ min: -400, max: 800 })
  .map((offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10));

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

/** Values the declared schema takes (as far as JSON Schema says), with `ids` among the uuids: the caller's own. */
function declared(schema: Schema, name: string, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => declared(variant, name, ids, depth)));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => declared({ ...schema, type }, name, ids, depth)));
  switch (typeOf(schema)) {
    case "string": {
      if (schema.format === "uuid") return fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...ids));
      if (schema.format === "date-time") return day.map((date) => `${date}T08:00:00.000Z`);
      const min = schema.minLength ?? 0;
      const text = fc.string({
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxLength ?? 24, 24)),
      });
      if (schema.pattern) return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), text);
      return /date/i.test(name) ? fc.oneof(day, text) : text;
    }
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1_000_000_000, 1_000_000_000),
      });
    case "number":
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        minExcluded: schema.exclusiveMinimum !== undefined,
        noNaN: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = schema.minItems ?? 0;
      return fc.array(field(schema.items ?? {}, name, ids, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case "object":
      return object(schema, ids, depth + 1);
    default:
      return stray;
  }
}

/** A field's value: mostly one its schema takes, sometimes a stray one. */
function field(schema: Schema, name: string, ids: string[], depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return stray;
  return fc.oneof(
    { weight: 6, arbitrary: declared(schema, name, ids, depth) },
    { weight: 1, arbitrary: stray },
  );
}

function object(schema: Schema, ids: string[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, value]) => [name, field(value, name, ids, depth)]),
    ),
    // A query's or path's fields (depth 0) may all be left out, so the refusals of missing ones are reached too; a
    // body keeps its required ones, so the rules behind them are reached.
    { requiredKeys: depth === 0 ? [] : (schema.required ?? []) },
  );
}

/** An input for the operation: path parameters, query and body, from its declared schemas. */
function input(operation: Operation, ids: string[]) {
  const byPlace = (place: "path" | "query") =>
    object(
      {
        type: "object",
        properties: Object.fromEntries(
          operation.parameters.filter((p) => p.in === place).map((p) => [p.name, p.schema]),
        ),
        required: operation.parameters.filter((p) => p.in === place && p.required).map((p) => p.name),
      },
      ids,
    );
  const content = operation.requestBody?.content ?? {};
  const bodySchema = (content["application/json"] ?? content["multipart/form-data"])?.schema;
  return fc.record({
    path: byPlace("path"),
    query: byPlace("query"),
    body: bodySchema
      ? fc.oneof(
          { weight: 8, arbitrary: declared(bodySchema, "body", ids) },
          // Now and then a body that is no JSON at all.
          { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((raw) => new RawBody(raw)) },
        )
      : fc.constant(undefined),
  });
}

/** A body sent as it is, not as JSON. */
class RawBody {
  constructor(readonly text: string) {}
  toJSON() {
    return { raw: this.text };
  }
}

/** A value as text in a query, a path or a form: how a URL or a form carries it. */
function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

async function send(
  method: string,
  path: string,
  operation: Operation,
  value: { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
  cookie?: string,
): Promise<Answer> {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const text = value.path[name] === undefined ? "" : asText(value.path[name]);
    // An empty segment is another address (the router's 404), not this operation.
    return encodeURIComponent(text === "" ? "0" : text);
  });
  const query = new URLSearchParams();
  for (const [name, item] of Object.entries(value.query)) {
    if (item === undefined) continue;
    for (const one of Array.isArray(item) ? item : [item]) query.append(name, asText(one));
  }
  const target = query.size > 0 ? `${url}?${query}` : url;
  const multipart = Boolean(operation.requestBody?.content["multipart/form-data"]);
  if (value.body instanceof RawBody)
    return call(method, target, {
      cookie,
      rawBody: value.body.text,
      headers: { "Content-Type": multipart ? "application/x-www-form-urlencoded" : "application/json" },
    });
  if (multipart) {
    const form = new URLSearchParams();
    for (const [name, item] of Object.entries((value.body ?? {}) as Record<string, unknown>)) {
      if (item !== undefined) form.append(name, asText(item));
    }
    return call(method, target, {
      cookie,
      rawBody: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  }
  return call(method, target, { cookie, body: value.body });
}

/** Resolves a "#/components/…" reference of the document. */
function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const [, , group, name] = schema.$ref.split("/") as [string, string, string, string];
  const target = document.components[group]?.[name] as Schema & {
    content?: Record<string, { schema: Schema }>;
  };
  return resolve(target.content ? (target.content["application/json"]?.schema ?? {}) : target);
}

/** Where `value` breaks the declared `schema` (the parts of JSON Schema the declarations use), or null. */
function mismatch(schema: Schema, value: unknown, at: string): string | null {
  const resolved = resolve(schema);
  for (const part of resolved.allOf ?? []) {
    const problem = mismatch(part, value, at);
    if (problem) return problem;
  }
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants?.every((variant) => mismatch(variant, value, at) !== null))
    return `${at}: ${JSON.stringify(value)} is none of the declared kinds`;
  const type = typeOf(resolved);
  const kinds: Record<string, (v: unknown) => boolean> = {
    object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
    array: Array.isArray,
    string: (v) => typeof v === "string",
    integer: Number.isInteger,
    number: (v) => typeof v === "number",
    boolean: (v) => typeof v === "boolean",
    null: (v) => v === null,
  };
  if (type && !kinds[type]?.(value)) return `${at}: ${JSON.stringify(value)} is not ${type}`;
  if (type === "object" || (resolved.properties && kinds.object?.(value))) {
    const record = value as Record<string, unknown>;
    for (const key of resolved.required ?? []) if (!(key in record)) return `${at}: no ${key}`;
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      const problem = key in record ? mismatch(property, record[key], `${at}.${key}`) : null;
      if (problem) return problem;
    }
  }
  if (type === "array" && resolved.items) {
    for (const [i, item] of (value as unknown[]).entries()) {
      const problem = mismatch(resolved.items, item, `${at}[${i}]`);
      if (problem) return problem;
    }
  }
  return null;
}

/** What is wrong with an answer by the operation's declaration: nothing, or why. */
function problemOf(answer: Answer, operation: Operation): string | null {
  if (answer.status >= 500) return `${answer.status}: ${answer.body.responseMessage}`;
  const response = operation.responses[String(answer.status)];
  if (!response) return `${answer.status} is not declared (${answer.body.responseMessage})`;
  if (answer.body.responseCode !== answer.status) return `responseCode ${answer.body.responseCode}`;
  const problem = mismatch(response, answer.body, "body");
  return problem ? `${answer.status}: ${problem}` : null;
}

describe("generated input for every declared operation", () => {
  it("declares operations to drive", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations)("$method $path", async ({ method, path, operation }) => {
    const label = `${method} ${path}`;
    const fewer = FEWER_RUNS[label]?.runs;
    const me = await loggedInUser();
    const ids = [me.user.id];
    // A fixed seed per operation: the same values every run, whatever other operations are added.
    const seed = [...label].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, 7);
    const problems: string[] = [];
    for (const [who, runs, cookie] of [
      ["logged in", fewer ?? RUNS.loggedIn, me.cookie],
      ["logged out", Math.min(fewer ?? RUNS.loggedOut, RUNS.loggedOut), undefined],
    ] as const) {
      for (const value of fc.sample(input(operation, ids), { numRuns: runs, seed })) {
        const answer = await send(method, path, operation, value, cookie);
        const problem = problemOf(answer, operation);
        if (problem) problems.push(`${who}, ${JSON.stringify(value)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
