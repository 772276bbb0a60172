import { z } from "zod/v4";
import type { Endpoint } from "./endpoint";

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
        InvalidInput: {
          description:
            "Invalid input: responseMessage is the first failing rule; result lists every field error.",
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/Envelope" },
                  {
                    properties: {
                      result: { type: "array", items: { $ref: "#/components/schemas/FieldError" } },
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
  };
}

function envelopeResponse(description: string) {
  return {
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } },
  };
}

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
    responses: {
      "200": { $ref: "#/components/responses/Success" },
      "400": { $ref: "#/components/responses/InvalidInput" },
      ...(endpoint.auth === "required" ? { "401": { $ref: "#/components/responses/Error" } } : {}),
      ...(endpoint.body || endpoint.bodyType === "multipart"
        ? { "413": { $ref: "#/components/responses/Error" } }
        : {}),
      "500": { $ref: "#/components/responses/Error" },
    },
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
