/** Stripe's error shape ({ error: { type, code, message, param } }) and the param readers. */
import type { Param, Params } from "./form";

export type ErrorType = "invalid_request_error" | "idempotency_error" | "card_error" | "api_error";

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body(requestLogUrl?: string): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (requestLogUrl) error.request_log_url = requestLogUrl;
    return { error };
  }
}

export function missing(param: string): StripeApiError {
  return new StripeApiError(
    400,
    "invalid_request_error",
    `Missing required param: ${param}.`,
    "parameter_missing",
    param,
  );
}

export function invalid(param: string, message: string, code = "parameter_invalid"): StripeApiError {
  return new StripeApiError(400, "invalid_request_error", message, code, param);
}

/** Stripe's 404: "No such customer: 'cus_123'". */
export function noSuch(kind: string, id: string, param = "id"): StripeApiError {
  return new StripeApiError(
    404,
    "invalid_request_error",
    `No such ${kind}: '${id}'`,
    "resource_missing",
    param,
  );
}

export function optionalString(params: Params, name: string, path = name): string | undefined {
  const value: Param | undefined = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(path, `Invalid string: ${path}`);
  return value;
}

export function requiredString(params: Params, name: string, path = name): string {
  const value = optionalString(params, name, path);
  if (value === undefined || value === "") throw missing(path);
  return value;
}

export function optionalInteger(params: Params, name: string, path = name): number | undefined {
  const value = optionalString(params, name, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(path, `Invalid integer: ${value}`, "parameter_invalid_integer");
  return Number(value);
}

export function optionalObject(params: Params, name: string, path = name): Params | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value === "string" || Array.isArray(value)) throw invalid(path, `Invalid object`);
  return value;
}

export function optionalList(params: Params, name: string, path = name): Param[] | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (!Array.isArray(value)) throw invalid(path, `Invalid array`, "parameter_invalid_array");
  return value;
}

/** `metadata[...]`: string values only, as Stripe keeps them. */
export function metadataOf(params: Params, name = "metadata"): Record<string, string> {
  const value = optionalObject(params, name) ?? {};
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw invalid(`${name}[${key}]`, "Invalid metadata value");
    if (entry !== "") metadata[key] = entry;
  }
  return metadata;
}

export function optionalBoolean(params: Params, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false")
    throw invalid(name, `Invalid boolean: ${value}`, "parameter_invalid_boolean");
  return value === "true";
}

/** The name Stripe reports for a nested param: `line_items[0][price_data]` + `currency`. */
export function paramPath(prefix: string, name: string): string {
  return prefix ? `${prefix}[${name}]` : name;
}
