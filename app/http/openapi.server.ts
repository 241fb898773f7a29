/**
 * The Admin API's OpenAPI 3.1 document (issue 38), generated from API_OPERATIONS: each
 * operation's path, scope and the JSON Schemas of its zod schemas (zod 4's own output, JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1). Built once per process: it changes only with
 * the code.
 */
import { z } from "zod/v4";
import { apiError } from "~/lib/validation/api";
import { API_OPERATIONS, type ApiOperation } from "~/lib/validation/api-operations";
import { API_RATE_LIMIT } from "./api.server";

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "throw" });
  return rest;
}

const PATH_PARAMETERS: Record<string, { description: string; schema: JsonSchema }> = {
  id: { description: "The resource's id.", schema: { type: "string", format: "uuid" } },
  number: { description: "The order's number.", schema: { type: "string", pattern: "^[0-9]{1,9}$" } },
};

const RATE_HEADERS = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/RateLimitLimit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
};

const REFUSALS: Record<number, { name: string; description: string }> = {
  400: { name: "BadRequest", description: "The query or body is not valid; `fields` says where." },
  401: { name: "Unauthorized", description: "No token, or not a live token of this store." },
  403: { name: "Forbidden", description: "The token lacks the operation's scope." },
  404: { name: "NotFound", description: "No such resource in this store." },
  409: { name: "Conflict", description: "Not possible in the resource's state, or a key still running." },
  412: { name: "PreconditionFailed", description: "If-Match does not match the resource's ETag." },
  422: { name: "Unprocessable", description: "This Idempotency-Key was used with another body." },
  429: { name: "TooManyRequests", description: "The token's leaky bucket is full; see Retry-After." },
  503: { name: "Unavailable", description: "The store is closed or the service is not ready." },
};

function parametersOf(operation: ApiOperation): JsonSchema[] {
  const path = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    ...PATH_PARAMETERS[name!],
  }));
  const query = Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: !(schema as z.ZodType).safeParse(undefined).success,
    schema: schemaOf(schema as z.ZodType, "input"),
  }));
  const headers =
    operation.method === "post"
      ? [
          { $ref: "#/components/parameters/IdempotencyKey" },
          ...(operation.etag ? [{ $ref: "#/components/parameters/IfMatch" }] : []),
        ]
      : [];
  return [...path, ...query, ...headers];
}

function operationObject(id: string, operation: ApiOperation): JsonSchema {
  const statuses = [400, 401, 403, ...(operation.refusals ?? []), 429, 503].sort((a, b) => a - b);
  return {
    operationId: id,
    summary: operation.summary,
    description: [operation.description, `Scope: \`${operation.scope}\`.`].filter(Boolean).join(" "),
    security: [{ apiToken: [operation.scope] }],
    parameters: parametersOf(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: false,
            content: { "application/json": { schema: schemaOf(operation.body, "input") } },
          },
        }
      : {}),
    responses: {
      [operation.created ? "201" : "200"]: {
        description: operation.created ? "Created" : "OK",
        headers: {
          ...RATE_HEADERS,
          ...(operation.etag ? { ETag: { $ref: "#/components/headers/ETag" } } : {}),
        },
        content: { "application/json": { schema: schemaOf(operation.answer, "output") } },
      },
      ...Object.fromEntries(
        statuses.map((status) => [
          String(status),
          { $ref: `#/components/responses/${REFUSALS[status]!.name}` },
        ]),
      ),
    },
  };
}

function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [id, operation] of Object.entries(API_OPERATIONS) as [string, ApiOperation][])
    (paths[operation.path] ??= {})[operation.method] = operationObject(id, operation);
  const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  return {
    openapi: "3.1.0",
    info: {
      title: "Store Admin API",
      version: "1",
      description:
        "Each store's own API, on the store's host. Authenticate with `Authorization: Bearer <token>` " +
        "(tokens are made at /admin/api). Every POST takes an optional `Idempotency-Key`: the same key " +
        `and body get the same answer for a day. Each token may make ${API_RATE_LIMIT.burst} requests at ` +
        `once, then ${API_RATE_LIMIT.perSecond} a second. Amounts are integers in the currency's minor unit.`,
    },
    servers: [{ url: "/api/v1" }],
    security: [{ apiToken: [] }],
    paths,
    components: {
      securitySchemes: {
        apiToken: { type: "http", scheme: "bearer", description: "A store's API token (`sfat_…`)." },
      },
      schemas: { Error: schemaOf(apiError, "output") },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
        },
        IfMatch: {
          name: "If-Match",
          in: "header",
          required: false,
          description: "The ETag read with GET; another one is a 412.",
          schema: { type: "string" },
        },
      },
      headers: {
        ETag: { description: "The resource's version.", schema: { type: "string" } },
        RateLimitLimit: { description: "The bucket's size.", schema: { type: "integer" } },
        RateLimitRemaining: { description: "Requests left at once.", schema: { type: "integer" } },
        RateLimitReset: { description: "Seconds until the bucket is empty.", schema: { type: "integer" } },
      },
      responses: Object.fromEntries(
        Object.values(REFUSALS).map(({ name, description }) => [
          name,
          { description, content: errorContent },
        ]),
      ),
    },
  };
}

let built: JsonSchema | null = null;

/** The document (the same object every call). */
export function openApiDocument(): JsonSchema {
  return (built ??= buildDocument());
}
