/** Every answer of the JSON API has this shape (docs/product.md, Envelope). */
export type Envelope<T = unknown> = {
  responseCode: number;
  responseMessage: string;
  result: T;
};

/** One failing rule of an input: the field's path ("email", "address.city") and the rule's message. */
export type FieldError = { field: string; message: string };

/** Thrown by handlers (and the router) to answer with an error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Thrown by a handler to send the browser elsewhere (for example to a payment provider's checkout):
 * the product's "error 302 carrying redirectUrl".
 */
export class ApiRedirect extends ApiError {
  constructor(
    readonly redirectUrl: string,
    message = "Redirecting.",
  ) {
    super(302, message, { redirectUrl });
    this.name = "ApiRedirect";
  }
}

export function envelope<T>(responseCode: number, responseMessage: string, result: T): Envelope<T> {
  return { responseCode, responseMessage, result };
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Envelope).responseCode === "number" &&
    "result" in value
  );
}

/** A refusal about one field of the input: its message, and the field it is about (shown next to it). */
export function fieldError(field: string, message: string, status = 400): ApiError {
  return new ApiError(status, message, [{ field, message }]);
}
