import { z } from "zod/v4";
import type { DeclaredStatus, Endpoint } from "./endpoint";

/** /api/openapi.json: OpenAPI 3.1, generated from the same declarations the router runs. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method.toLowerCase()]: operation(endpoint),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Space Solution API",
      version: "2.1.10",
      description:
        "Every answer is the envelope { responseCode, responseMessage, result }. Calls that change state refuse other origins.",
    },
    servers: [{ url: "/api" }],
    paths,
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "ss_session" } },
      schemas: {
        Envelope: {
          type: "object",
          required: ["responseCode", "responseMessage", "result"],
          properties: { responseCode: { type: "integer" }, responseMessage: { type: "string" }, result: {} },
        },
        FieldError: {
          type: "object",
          required: ["field", "message"],
          properties: { field: { type: "string" }, message: { type: "string" } },
        },
      },
      responses: {
        Success: envelopeResponse("The call succeeded; result carries its answer."),
        Error: envelopeResponse("The call failed; responseMessage says why."),
        InvalidInput: envelopeResponse(
          "Invalid input: responseMessage is the first failing rule; result lists every field error, or is null when the refusal is about the request as a whole (a body that is not JSON, a rule of no one field). A text holding a control character (C0 or C1, but tab, line feed and carriage return) is refused on its field.",
          {
            anyOf: [{ type: "array", items: { $ref: "#/components/schemas/FieldError" } }, { type: "null" }],
          },
        ),
        Redirect: envelopeResponse(
          "Go elsewhere: the browser goes to result.redirectUrl, also in the Location header.",
          {
            type: "object",
            required: ["redirectUrl"],
            properties: { redirectUrl: { type: "string" } },
          },
        ),
        Unauthorized: envelopeResponse("Not logged in, or the session ended: a client ends its session."),
        Forbidden: envelopeResponse("Not allowed for the caller; responseMessage says why."),
        NotFound: envelopeResponse("What the call names does not exist, or is not the caller's to see."),
        Gone: envelopeResponse("The listing was withdrawn from renters; responseMessage says why."),
        Conflict: envelopeResponse(
          "Not in this state: what the call changes has moved on; responseMessage says why.",
        ),
        TooLarge: envelopeResponse("The body is larger than the call takes."),
        TooMany: envelopeResponse(
          "Too many tries: wait and try again; result.retryAfterSeconds says how long, where known.",
        ),
        ProviderFailed: envelopeResponse("A provider the call needs answered with an error; try again."),
        Unavailable: envelopeResponse(
          "The database, or a provider the call needs, cannot be reached or is not set up right now; Retry-After says when to try again.",
        ),
      },
    },
  };
}

/** An answer in the envelope; `result`, when given, is the schema of its result. */
function envelopeResponse(description: string, result?: Record<string, unknown>) {
  const envelope = { $ref: "#/components/schemas/Envelope" };
  return {
    description,
    content: {
      "application/json": {
        schema: result ? { allOf: [envelope, { properties: { result } }] } : envelope,
      },
    },
  };
}

/** The response each status a call may declare (Endpoint.answers) refers to. */
const DECLARED_RESPONSES: Record<DeclaredStatus, string> = {
  302: "Redirect",
  403: "Forbidden",
  404: "NotFound",
  410: "Gone",
  409: "Conflict",
  429: "TooMany",
  502: "ProviderFailed",
  503: "Unavailable",
};

const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

function jsonSchema(schema: z.ZodType) {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function operation(endpoint: Endpoint) {
  return {
    summary: endpoint.summary,
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c = "") => c.toUpperCase())}`,
    tags: endpoint.tags ?? [endpoint.path.split("/")[1] ?? "api"],
    security:
      endpoint.auth === "none"
        ? []
        : endpoint.auth === "required"
          ? [{ session: [] }]
          : [{}, { session: [] }],
    parameters: [...parameters(endpoint.params, "path"), ...parameters(endpoint.query, "query")],
    ...requestBody(endpoint),
    responses: Object.fromEntries(
      (
        [
          [200, "Success"],
          [400, "InvalidInput"],
          ...(endpoint.auth === "required" ? [[401, "Unauthorized"] as const] : []),
          ...(endpoint.body || endpoint.bodyType === "multipart" ? [[413, "TooLarge"] as const] : []),
          ...(endpoint.answers ?? [])
            .filter((status) => status !== 503)
            .map((status) => [status, DECLARED_RESPONSES[status]] as const),
          [500, "Error"],
          // Any call answers 503 while the database cannot be reached (ADR 0042).
          [503, "Unavailable"],
        ] as const
      )
        .toSorted(([a], [b]) => a - b)
        .map(([status, name]) => [String(status), response(name)]),
    ),
  };
}

/** JSON (or form-encoded) bodies; multipart bodies list their text fields and their files as binary strings. */
function requestBody(endpoint: Endpoint) {
  if (endpoint.bodyType === "multipart") {
    const fields = (endpoint.body ? jsonSchema(endpoint.body) : { type: "object", properties: {} }) as {
      properties?: Record<string, unknown>;
    };
    const files = Object.fromEntries(
      (endpoint.fileFields ?? []).map((name) => [name, { type: "string", format: "binary" }]),
    );
    return {
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: { ...fields, type: "object", properties: { ...fields.properties, ...files } },
          },
        },
      },
    };
  }
  if (!endpoint.body) return {};
  return {
    requestBody: {
      required: true,
      content: {
        "application/json": { schema: jsonSchema(endpoint.body) },
        "application/x-www-form-urlencoded": { schema: jsonSchema(endpoint.body) },
      },
    },
  };
}
