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
  /** The Cookie header (a visitor's own cookies; the session is `user` already). */
  cookie: string | null;
  userAgent: string | null;
  /** The site's public origin, for links in answers and e-mails. */
  origin: string;
  requestId: string;
  /** The caller's address as the HTTP server worked it out: what per-address limits count by. */
  clientAddress: string;
  /**
   * Whether the caller reads the answer: false when a screen acts and shows only the call's message (the client's
   * `act`), so a handler may skip building a view nobody reads. Always true over HTTP.
   */
  answerRead: boolean;
  /** Headers added to the answer, e.g. Set-Cookie on login and logout. */
  headers: Headers;
  /** The files of a multipart body by field name (empty file inputs left out); {} for other bodies. */
  files: Record<string, File[]>;
};

/**
 * The statuses a call may answer besides those every call declares (200; 400; 401 when it needs a login; 413 when it
 * takes a body; 500): 302 to send the browser elsewhere, 403 not allowed, 404 not found, 409 not in this state,
 * 410 gone (a listing withdrawn from renters), 429 too many, 502 a provider it needs failed, 503 a provider it needs is not there. /api/openapi.json lists them
 * (docs/decisions/0041).
 */
export type DeclaredStatus = 302 | 403 | 404 | 409 | 410 | 429 | 502 | 503;

/** How a body is sent: JSON (or form-encoded), or multipart/form-data for uploads. */
export type BodyType = "json" | "multipart";

/**
 * An endpoint's declaration. Its types carry what screens need to call it (app/screens/api.server.ts `call`): the
 * inputs from the zod schemas and the result `R` from the handler's return type.
 */
export type Endpoint<
  Q extends Shape | undefined = Shape | undefined,
  P extends Shape | undefined = Shape | undefined,
  B extends Shape | undefined = Shape | undefined,
  A extends AuthRequirement = AuthRequirement,
  R = unknown,
  F extends BodyType = BodyType,
> = {
  method: HttpMethod;
  /** The product's path without /api, with {name} for path parameters: "/user/getHideReview/{id}". */
  path: string;
  auth: A;
  /** One line for the API reference. */
  summary: string;
  tags?: string[];
  query?: Q;
  params?: P;
  body?: B;
  /**
   * "multipart": the body is multipart/form-data (uploads); its text fields are checked with `body` and its files
   * reach the handler as `files`. "json" (the default) also takes form-encoded bodies.
   */
  bodyType?: F;
  /** The most bytes a body may have; defaults to MAX_BODY_BYTES, or MAX_UPLOAD_BYTES for multipart. */
  maxBodyBytes?: number;
  /** The longest text any field may have (query, path, body); defaults to MAX_TEXT_LENGTH (10,000 characters). */
  maxTextLength?: number;
  /** The file fields a multipart body may carry (any other is refused). */
  fileFields?: readonly string[];
  /** The statuses besides the common ones this call may answer (see DeclaredStatus). */
  answers?: readonly DeclaredStatus[];
  /** responseMessage of a successful answer. */
  message?: string;
  /**
   * A GET whose successful answers screens keep per user for 180 s (docs/product.md, Caching; the API client's cache,
   * app/screens/api-cache.server.ts).
   */
  cache?: boolean;
  /**
   * The cached GETs this call makes stale: the client drops the caller's cached answers of them (and of the URL it
   * called) before and after the call. "all" drops every cached answer of the caller (logout).
   */
  invalidates?: readonly CachedGet[] | "all";
  /**
   * A call other than GET that changes nothing (a search, posted for its many filters): the session it found stays
   * good for the rest of the browser's request, as after a GET (RequestSessions in app/infra/session.server.ts).
   */
  changesNothing?: boolean;
  /**
   * Left out of /api/openapi.json, and a wrong method on its path is a 404 rather than a 405: the operator console's
   * calls, whose existence is told to nobody else (docs/operations.md).
   */
  unlisted?: boolean;
  /**
   * Who may call it at all, checked right after the session and before the input is read or checked: it throws to
   * refuse (the console answers everyone else exactly as a path that does not exist), so a caller who may not call it
   * learns nothing from its rules.
   */
  gate?(context: GateContext): Promise<void>;
  // Method syntax on purpose: it lets every endpoint be listed as a plain `Endpoint`.
  handler(
    context: HandlerContext<
      Infer<Q>,
      Infer<P>,
      Infer<B>,
      A extends "required" ? CurrentUser : CurrentUser | null
    >,
  ): Promise<R>;
};

/** What an endpoint's `gate` reads: the caller's session, before any input. */
export type GateContext = { db: Database; user: CurrentUser | null; sessionIdHash: string | null };

/** What a call's `invalidates` names: a cached GET's declaration. */
export type CachedGet = { readonly path: string; readonly cache?: boolean };

/** Declares an endpoint once: the router, the input validation and /api/openapi.json all read this declaration. */
export function defineEndpoint<
  Q extends Shape | undefined = undefined,
  P extends Shape | undefined = undefined,
  B extends Shape | undefined = undefined,
  A extends AuthRequirement = "none",
  R = unknown,
  F extends BodyType = "json",
>(endpoint: Endpoint<Q, P, B, A, R, F>): Endpoint<Q, P, B, A, R, F> {
  return endpoint;
}
