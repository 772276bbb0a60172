import type { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import type { User } from "~/db/schema";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Who may call an endpoint: anyone, anyone (with the user when logged in), or logged-in users only. */
export type AuthRequirement = "none" | "optional" | "required";

type Shape = z.ZodType<Record<string, unknown>>;
type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export type CurrentUser = User;

export type HandlerContext<Q, P, B, U> = {
  query: Q;
  params: P;
  body: B;
  user: U;
  /** The hash of the current session's id, when there is one (logout revokes it). */
  sessionIdHash: string | null;
  db: Database;
  request: Request;
  requestId: string;
  /** Headers added to the answer, e.g. Set-Cookie on login and logout. */
  headers: Headers;
};

export type Endpoint<
  Q extends Shape | undefined = Shape | undefined,
  P extends Shape | undefined = Shape | undefined,
  B extends Shape | undefined = Shape | undefined,
  A extends AuthRequirement = AuthRequirement,
> = {
  method: HttpMethod;
  /** The spec's path without /api, with {name} for path parameters: "/user/getHideReview/{id}". */
  path: string;
  auth: A;
  /** One line for the API reference. */
  summary: string;
  tags?: string[];
  query?: Q;
  params?: P;
  body?: B;
  /** responseMessage of a successful answer. */
  message?: string;
  // Method syntax on purpose: it lets every endpoint be listed as a plain `Endpoint`.
  handler(
    context: HandlerContext<
      Infer<Q>,
      Infer<P>,
      Infer<B>,
      A extends "required" ? CurrentUser : CurrentUser | null
    >,
  ): Promise<unknown>;
};

/** Declares an endpoint once: the router, the input validation and /api/openapi.json all read this declaration. */
export function defineEndpoint<
  Q extends Shape | undefined = undefined,
  P extends Shape | undefined = undefined,
  B extends Shape | undefined = undefined,
  A extends AuthRequirement = "none",
>(endpoint: Endpoint<Q, P, B, A>): Endpoint<Q, P, B, A> {
  return endpoint;
}
