/**
 * A local identity provider for the social sign-in tests: oauth2-mock-server (a real OpenID Connect provider:
 * discovery document, JWKS, /authorize that approves at once, /token with PKCE, /userinfo) plus a Facebook Graph
 * API double on the same server (`/graph/v19.0/me` and `/graph/v19.0/debug_token`, answering in the Graph API's own
 * request and response shapes).
 *
 * Who signs in is decided by the browser: a cookie named IDENTITY_COOKIE (path /authorize) holding an identity as
 * base64url JSON. Its `deny: true` makes /authorize answer like a user who pressed "Cancel" (error=access_denied).
 * Without the cookie the default identity signs in.
 *
 * Run on its own for the e2e suite (`node --import tsx tests/doubles/identity-provider.ts`, port from
 * IDP_PORT); the API tests start it in-process with `startIdentityProvider()`.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { createLocalJWKSet, importJWK, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { type MutableRedirectUri, type MutableToken, OAuth2Server } from "oauth2-mock-server";

export const IDENTITY_COOKIE = "mock_idp_identity";
export const GRAPH_PATH = "/graph/v19.0";

export type MockIdentity = {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** The user refuses at the provider's consent screen. */
  deny?: boolean;
};

export const DEFAULT_IDENTITY: MockIdentity = {
  sub: "mock-user-0001",
  email: "lea.mock@example.ph",
  emailVerified: true,
  givenName: "Lea",
  familyName: "Reyes",
};

export type FacebookApp = { id: string; secret: string };

export function encodeIdentity(identity: MockIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString("base64url");
}

function decodeIdentity(value: string | undefined): MockIdentity | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as MockIdentity;
    return typeof parsed.sub === "string" || parsed.deny ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** The OpenID Connect claims of an identity (what Google puts in ID tokens and answers at userinfo). */
export function identityClaims(identity: MockIdentity): Record<string, unknown> {
  const name = [identity.givenName, identity.familyName].filter(Boolean).join(" ");
  return {
    sub: identity.sub,
    ...(identity.email ? { email: identity.email, email_verified: identity.emailVerified ?? false } : {}),
    ...(identity.givenName ? { given_name: identity.givenName } : {}),
    ...(identity.familyName ? { family_name: identity.familyName } : {}),
    ...(name ? { name } : {}),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const content = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(content));
  res.end(content);
}

/** The Graph API's error answer (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
function graphError(res: ServerResponse, status: number, code: number, message: string) {
  sendJson(res, status, {
    error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("base64url") },
  });
}

function clientIdOf(req: IncomingMessage & { body?: unknown }): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith("Basic ")) {
    const decoded = Buffer.from(auth.slice(6), "base64").toString("utf8");
    return decodeURIComponent(decoded.slice(0, decoded.indexOf(":")));
  }
  const body = req.body as Record<string, unknown> | undefined;
  return typeof body?.client_id === "string" ? body.client_id : undefined;
}

export type IdentityProvider = {
  server: OAuth2Server;
  /** The issuer URL (no trailing slash), also the base of every endpoint. */
  issuer: string;
  graphUrl: string;
  /** A token signed with the provider's key; `claims` are merged over the defaults (iss, iat, exp, nbf). */
  signToken(claims: Record<string, unknown>, options?: { expiresIn?: number }): Promise<string>;
  /** An ID token as Google issues it to `clientId` for `identity`. */
  idToken(identity: MockIdentity, clientId: string, options?: { expiresIn?: number }): Promise<string>;
  /** An access token for `identity`, issued to the app `clientId` (userinfo and the Graph double accept it). */
  accessToken(identity: MockIdentity, clientId: string, options?: { expiresIn?: number }): Promise<string>;
  stop(): Promise<void>;
};

export async function startIdentityProvider(
  options: { port?: number; host?: string; publicHost?: string; facebookApp?: FacebookApp } = {},
): Promise<IdentityProvider> {
  const server = new OAuth2Server(undefined, undefined, { endpoints: { userinfo: "/builtin-userinfo" } });
  await server.issuer.keys.generate("RS256");
  if (options.port && options.publicHost) {
    server.issuer.url = `http://${options.publicHost}:${options.port}`;
  }
  const service = server.service;
  /** The identity each authorization code was issued for. */
  const identityByCode = new Map<string, MockIdentity>();

  const verifyAccessToken = async (token: string): Promise<JWTPayload | null> => {
    try {
      const keys = createLocalJWKSet({ keys: server.issuer.keys.toJSON() as never });
      const { payload } = await jwtVerify(token, keys, { issuer: server.issuer.url as string });
      return payload.token_use === "access" ? payload : null;
    } catch {
      return null;
    }
  };

  service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const identity = decodeIdentity(readCookie(req, IDENTITY_COOKIE)) ?? DEFAULT_IDENTITY;
    const code = redirect.url.searchParams.get("code");
    if (identity.deny) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      redirect.url.searchParams.set("error_reason", "user_denied");
      redirect.url.searchParams.set("error_description", "The user denied the request.");
      return;
    }
    if (code) identityByCode.set(code, identity);
  });

  service.on("beforeTokenSigning", (token: MutableToken, req: IncomingMessage & { body?: unknown }) => {
    const body = req.body as Record<string, unknown> | undefined;
    const code = typeof body?.code === "string" ? body.code : undefined;
    const identity = (code && identityByCode.get(code)) || DEFAULT_IDENTITY;
    const isIdToken = "aud" in token.payload;
    Object.assign(token.payload, identityClaims(identity), {
      client_id: clientIdOf(req),
      token_use: isIdToken ? "id" : "access",
    });
  });

  service.on("beforeResponse", (_response: unknown, req: IncomingMessage & { body?: unknown }) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (typeof body?.code === "string") identityByCode.delete(body.code);
  });

  // userinfo answers only for a valid access token of this provider, as a real one does (the built-in one
  // answers anyone, so it is moved aside in the constructor and this route takes its place).
  service.addRoute("GET", "/userinfo", async (req, res) => {
    const auth = req.headers.authorization ?? "";
    const payload = auth.startsWith("Bearer ") ? await verifyAccessToken(auth.slice(7)) : null;
    if (!payload) {
      res.setHeader("WWW-Authenticate", 'Bearer error="invalid_token"');
      return sendJson(res, 401, { error: "invalid_token", error_description: "Invalid Credentials" });
    }
    const { sub, email, email_verified, given_name, family_name, name } = payload;
    sendJson(res, 200, { sub, email, email_verified, given_name, family_name, name });
  });
  service.on("beforeWellKnownOpenIdConfiguration", (response: { body: Record<string, unknown> | "" }) => {
    if (response.body) response.body.userinfo_endpoint = `${server.issuer.url}/userinfo`;
  });

  const facebookApp = options.facebookApp;
  /** The user access token of a Graph call: `access_token` in the query, or a Bearer header. */
  const graphToken = (req: IncomingMessage & { query: Record<string, string | string[] | undefined> }) => {
    const fromQuery = req.query.access_token;
    if (typeof fromQuery === "string") return fromQuery;
    const auth = req.headers.authorization ?? "";
    return auth.startsWith("Bearer ") || auth.startsWith("OAuth ") ? auth.split(" ")[1] : undefined;
  };

  service.addRoute("GET", `${GRAPH_PATH}/me`, async (req, res) => {
    const token = graphToken(req);
    if (!token)
      return graphError(
        res,
        400,
        2500,
        "An active access token must be used to query information about the current user.",
      );
    const payload = await verifyAccessToken(token);
    if (!payload) return graphError(res, 400, 190, "Invalid OAuth access token - Cannot parse access token");
    const proof = req.query.appsecret_proof;
    if (facebookApp && proof !== undefined) {
      const expected = createHmac("sha256", facebookApp.secret).update(token).digest("hex");
      if (proof !== expected)
        return graphError(res, 400, 100, "Invalid appsecret_proof provided in the API argument");
    }
    const requested = String(req.query.fields ?? "id,name").split(",");
    const all: Record<string, unknown> = {
      id: payload.sub,
      email: payload.email,
      first_name: payload.given_name,
      last_name: payload.family_name,
      name: payload.name,
    };
    const answer: Record<string, unknown> = {};
    for (const field of requested) if (all[field] !== undefined) answer[field] = all[field];
    sendJson(res, 200, answer);
  });

  service.addRoute("GET", `${GRAPH_PATH}/debug_token`, async (req, res) => {
    const appToken = req.query.access_token;
    if (!facebookApp || appToken !== `${facebookApp.id}|${facebookApp.secret}`) {
      return graphError(res, 400, 190, "Invalid OAuth access token signature.");
    }
    const input = typeof req.query.input_token === "string" ? req.query.input_token : "";
    const payload = input ? await verifyAccessToken(input) : null;
    if (!payload) {
      return sendJson(res, 200, {
        data: {
          error: { code: 190, message: "Invalid OAuth access token - Cannot parse access token" },
          is_valid: false,
          scopes: [],
        },
      });
    }
    sendJson(res, 200, {
      data: {
        app_id: payload.client_id,
        type: "USER",
        application: "Space Solution (test)",
        data_access_expires_at: (payload.exp ?? 0) + 90 * 24 * 3600,
        expires_at: payload.exp,
        is_valid: true,
        scopes: ["email", "public_profile"],
        user_id: payload.sub,
      },
    });
  });

  await server.start(options.port ?? 0, options.host ?? "127.0.0.1");
  const issuer = server.issuer.url as string;

  const signToken = async (claims: Record<string, unknown>, opts: { expiresIn?: number } = {}) => {
    const key = server.issuer.keys.get();
    if (!key) throw new Error("no signing key");
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      iat: now,
      nbf: now - 10,
      exp: now + (opts.expiresIn ?? 3600),
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.kid })
      .sign(await importJWK(key as never, "RS256"));
  };

  return {
    server,
    issuer,
    graphUrl: `${issuer}${GRAPH_PATH}`,
    signToken,
    idToken: (identity, clientId, opts) =>
      signToken({ ...identityClaims(identity), aud: clientId, azp: clientId, token_use: "id" }, opts),
    accessToken: (identity, clientId, opts) =>
      signToken({ ...identityClaims(identity), client_id: clientId, token_use: "access" }, opts),
    stop: () => server.stop(),
  };
}

// Run on its own (the e2e suite's webServer): IDP_PORT, FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.IDP_PORT ?? 4210);
  const provider = await startIdentityProvider({
    port,
    host: "localhost",
    publicHost: "localhost",
    facebookApp: {
      id: process.env.FACEBOOK_CLIENT_ID ?? "e2e-facebook-app",
      secret: process.env.FACEBOOK_CLIENT_SECRET ?? "e2e-facebook-secret",
    },
  });
  console.info(`[identity-provider] listening at ${provider.issuer}`);
  const stop = () => provider.stop().finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
