import { redirect } from "@remix-run/node";
import { CodeChallengeMethod, OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { facebookLogin, googlejwtLogin } from "~/api/user/social.server";
import type { Profile } from "~/api/user/user.server";
import { getEnv, publicOrigin } from "~/env.server";
import { log } from "~/infra/log.server";
import { createSealedCookie } from "~/infra/sealed-cookie.server";
import {
  facebookSettings,
  googleSettings,
  notEnabledMessage,
  oidcDiscovery,
  PROVIDER_LABELS,
  PROVIDER_TIMEOUT_MS,
  ProviderUnavailableError,
  type SocialProvider,
} from "~/infra/social-providers.server";
import { type ApiClient, type ApiResult, api } from "~/screens/api.server";
import { clearEntryCookie, readEntry } from "~/screens/entry-url.server";
import { redirectWithToast } from "~/screens/toast.server";
import { authPath } from "~/utils/auth-paths";
import { firstLoginStart } from "~/utils/first-login";
import { safeRedirect } from "~/utils/redirect";
import { errorToast } from "~/utils/toast";

/**
 * Signing in with Google and Facebook.
 *
 * The provider settings and Google's discovery document are in ./social-providers.server.ts (the API verifies tokens
 * with them too). The screens run the flow here with remix-auth-oauth2 strategies — authorization
 * code with PKCE, the state checked against a short-lived cookie — and then hand the provider's token to the API
 * (`/user/googlejwtLogin` with Google's ID token, `/user/facebookLogin` with Facebook's access token), which
 * verifies it itself and creates the session. The screens never decide who the user is.
 */

// ---------------------------------------------------------------------------------------------------------------
// The flow's cookies: the strategy's state cookies (state and PKCE verifier), and where to go after signing in,
// kept through the provider's round trip in a sealed cookie (it is user data: AES-256-GCM, see sealed-cookie).

const FLOW_MAX_AGE_S = 10 * 60;
const AUTH_PATH = "/auth";

type ReturnTo = { provider: SocialProvider; redirectTo: string };

const returnCookie = createSealedCookie<ReturnTo>("ss_oauth_return", {
  maxAgeSeconds: FLOW_MAX_AGE_S,
  validate(value) {
    const { provider, redirectTo } = (value ?? {}) as Partial<ReturnTo>;
    if (provider !== "google" && provider !== "facebook") return null;
    const safe = safeRedirect(redirectTo, "");
    return safe ? { provider, redirectTo: safe } : null;
  },
});

/** The page to return to that was kept when this provider's sign-in started (a path on this site), if any. */
async function readReturnTo(request: Request, provider: SocialProvider): Promise<string | null> {
  const kept = await returnCookie.parse(request.headers.get("Cookie"));
  return kept?.provider === provider ? kept.redirectTo : null;
}

function cookieNames(request: Request): string[] {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.slice(0, part.indexOf("=")).trim())
    .filter(Boolean);
}

/** Set-Cookie headers that remove the flow's cookies (the strategy's state cookies and the return cookie). */
function clearFlowCookies(request: Request, provider: SocialProvider): Headers {
  const headers = new Headers();
  const secure = getEnv().secureCookies ? "; Secure" : "";
  for (const name of cookieNames(request)) {
    if (name.startsWith(`${stateCookieName(provider)}:`)) {
      headers.append("Set-Cookie", `${name}=; Path=${AUTH_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    }
  }
  if (cookieNames(request).includes(returnCookie.name)) headers.append("Set-Cookie", returnCookie.clear());
  return headers;
}

// ---------------------------------------------------------------------------------------------------------------
// The strategies.

/** What a finished provider round trip gives the callback screen: the API's answer to the token. */
type SignInAnswer = { client: ApiClient; answer: ApiResult<Profile> };

type Tokens = OAuth2Strategy.VerifyOptions["tokens"];

function stateCookieName(provider: SocialProvider): string {
  return `ss_oauth_${provider}`;
}

function callbackUrl(request: Request, provider: SocialProvider): string {
  const origin = publicOrigin(request);
  return `${origin}${AUTH_PATH}/${provider}/callback`;
}

function strategyCookie(provider: SocialProvider) {
  return {
    name: stateCookieName(provider),
    path: AUTH_PATH,
    maxAge: FLOW_MAX_AGE_S,
    httpOnly: true as const,
    sameSite: "Lax" as const,
    ...(getEnv().secureCookies ? { secure: true as const } : {}),
  };
}

/** The answer of a token endpoint, with the accessors remix-auth-oauth2's tokens have. */
class ProviderTokens implements Tokens {
  constructor(public data: Record<string, unknown>) {}
  private string(name: string): string {
    const value = this.data[name];
    if (typeof value !== "string") throw new Error(`Missing or invalid '${name}' field`);
    return value;
  }
  tokenType() {
    return this.string("token_type");
  }
  accessToken() {
    return this.string("access_token");
  }
  accessTokenExpiresInSeconds() {
    const value = this.data.expires_in;
    if (typeof value !== "number") throw new Error("Missing or invalid 'expires_in' field");
    return value;
  }
  accessTokenExpiresAt() {
    return new Date(Date.now() + this.accessTokenExpiresInSeconds() * 1000);
  }
  hasRefreshToken() {
    return typeof this.data.refresh_token === "string";
  }
  refreshToken() {
    return this.string("refresh_token");
  }
  hasScopes() {
    return typeof this.data.scope === "string";
  }
  scopes() {
    return this.string("scope").split(" ");
  }
  idToken() {
    return this.string("id_token");
  }
}

/** The token endpoint refused the code or answered something that is not a token. */
class TokenExchangeError extends Error {
  override name = "TokenExchangeError";
}

/**
 * remix-auth-oauth2's strategy with the code exchange done here, the app's credentials sent as client_id and
 * client_secret in the form body ("client_secret_post"), for two reasons:
 * - Facebook's token endpoint takes them only that way (the generic strategy sends HTTP Basic); Google takes both;
 * - the generic exchange (arctic) sets Content-Length by hand, which the fetch of our server's runtime refuses
 *   ("invalid content-length header": the server installs undici's fetch over Node's own, whose dispatcher it
 *   then shares).
 */
class CodeFlowStrategy<User> extends OAuth2Strategy<User> {
  constructor(
    readonly provider: SocialProvider,
    options: OAuth2Strategy.ConstructorOptions,
    verify: ConstructorParameters<typeof OAuth2Strategy<User>>[1],
  ) {
    super(options, verify);
    this.name = provider;
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<Tokens> {
    const { tokenEndpoint, clientId, clientSecret, redirectURI } = this.options;
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      client_id: clientId,
      client_secret: clientSecret ?? "",
      redirect_uri: String(redirectURI ?? ""),
    });
    const response = await fetch(tokenEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || typeof data?.access_token !== "string") {
      throw new TokenExchangeError(
        `${PROVIDER_LABELS[this.provider]}'s token endpoint answered ${response.status}`,
      );
    }
    return new ProviderTokens(data);
  }
}

/** The visitor's entry URL (docs/product.md, Stored data), stored on the account if this sign-in creates one. */
async function entryFields(request: Request): Promise<{ entryUrl?: string; entryUrlAt?: string }> {
  const entry = await readEntry(request);
  return entry ? { entryUrl: entry.url, entryUrlAt: entry.at } : {};
}

async function strategyFor(
  provider: SocialProvider,
  request: Request,
): Promise<OAuth2Strategy<SignInAnswer> | null> {
  if (provider === "google") {
    const settings = googleSettings();
    if (!settings) return null;
    const discovery = await oidcDiscovery(settings.issuer);
    return new CodeFlowStrategy<SignInAnswer>(
      "google",
      {
        cookie: strategyCookie("google"),
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        authorizationEndpoint: discovery.authorization_endpoint,
        tokenEndpoint: discovery.token_endpoint,
        redirectURI: callbackUrl(request, "google"),
        scopes: ["openid", "email", "profile"],
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      // Google's ID token goes to the API, which checks its signature, issuer, audience and expiry.
      async ({ request, tokens }) => {
        const client = api(request);
        const body = { token: tokens.idToken(), ...(await entryFields(request)) };
        return { client, answer: await client.call(googlejwtLogin, { body }) };
      },
    );
  }
  const settings = facebookSettings();
  if (!settings) return null;
  return new CodeFlowStrategy<SignInAnswer>(
    "facebook",
    {
      cookie: strategyCookie("facebook"),
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authorizationEndpoint: settings.authorizeUrl,
      tokenEndpoint: settings.tokenUrl,
      redirectURI: callbackUrl(request, "facebook"),
      scopes: ["email", "public_profile"],
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    // Facebook's access token goes to the API, which asks the Graph API whose token it is and for which app.
    async ({ request, tokens }) => {
      const client = api(request);
      const body = { accessToken: tokens.accessToken(), ...(await entryFields(request)) };
      return { client, answer: await client.call(facebookLogin, { body }) };
    },
  );
}

function unavailableMessage(provider: SocialProvider): string {
  return `We could not reach ${PROVIDER_LABELS[provider]}. Please try again in a moment.`;
}

/**
 * Starts signing in with a provider (the "Continue with …" buttons post here): keeps the page to return to and
 * sends the browser to the provider's consent screen, with the state and PKCE verifier in a cookie.
 */
export async function startSocialSignIn(provider: SocialProvider, request: Request): Promise<Response> {
  const url = new URL(request.url);
  // A POST that is not a form (no body, JSON) has no fields to read: it starts like a plain link.
  const fields =
    request.method === "POST" ? await request.formData().catch(() => new FormData()) : url.searchParams;
  const redirectTo = safeRedirect(fields.get("redirectTo"), "");
  let strategy: OAuth2Strategy<SignInAnswer> | null;
  try {
    strategy = await strategyFor(provider, request);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    log.error(`[social] ${error.message}`);
    return redirectWithToast(authPath("/auth/login", redirectTo), errorToast(unavailableMessage(provider)));
  }
  if (!strategy)
    return redirectWithToast(authPath("/auth/login", redirectTo), errorToast(notEnabledMessage(provider)));
  // Only the path: a `state` in the query would make the strategy treat this as the provider's callback.
  const start = new Request(`${url.origin}${url.pathname}`, { headers: request.headers });
  try {
    await strategy.authenticate(start);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const headers = new Headers(thrown.headers);
    if (redirectTo) headers.append("Set-Cookie", await returnCookie.serialize({ provider, redirectTo }));
    return redirect(thrown.headers.get("Location") ?? "/auth/login", { headers });
  }
  throw new Error("the OAuth2 strategy neither redirected nor failed");
}

/** The toast for a round trip that did not end with a token for the API. */
function failureMessage(provider: SocialProvider, error: unknown, request: Request): string {
  const label = PROVIDER_LABELS[provider];
  const url = new URL(request.url);
  if (error instanceof OAuth2RequestError && url.searchParams.has("error")) {
    return error.code === "access_denied"
      ? `You cancelled signing in with ${label}.`
      : `${label} could not sign you in. Please try again.`;
  }
  if (error instanceof ReferenceError || error instanceof RangeError) {
    // No state cookie, or a state that is not ours: an old tab, or a link someone else made.
    return `Your ${label} sign-in expired or was not started here. Please try again.`;
  }
  return `We could not complete your ${label} sign-in. Please try again.`;
}

/**
 * The provider's redirect back: checks the state, exchanges the code, hands the token to the API and sends the
 * user on — through the first-login steps when the account is new, else back where they came from. Failures go
 * to the login page with an error toast.
 */
export async function finishSocialSignIn(provider: SocialProvider, request: Request): Promise<Response> {
  const headers = clearFlowCookies(request, provider);
  const redirectTo = await readReturnTo(request, provider);
  const fail = (message: string) =>
    redirectWithToast(authPath("/auth/login", redirectTo), errorToast(message), { headers });

  let signedIn: SignInAnswer;
  try {
    const strategy = await strategyFor(provider, request);
    if (!strategy) return fail(notEnabledMessage(provider));
    signedIn = await strategy.authenticate(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ProviderUnavailableError) {
      log.error(`[social] ${error.message}`);
      return fail(unavailableMessage(provider));
    }
    let cause = "";
    for (
      let inner = error instanceof Error ? error.cause : undefined;
      inner;
      inner = (inner as Error).cause
    ) {
      cause += ` (${inner})`;
    }
    log.warn(
      `[social] ${provider} sign-in failed: ${error instanceof Error ? error.message : error}${cause}`,
    );
    return fail(failureMessage(provider, error, request));
  }

  const { answer } = signedIn;
  if (!answer.ok) return fail(answer.message);
  headers.append("Set-Cookie", clearEntryCookie());
  // A new account is walked through photo, phone and address once, as after an e-mail sign-up, and then goes on to
  // the page it was signing in for.
  return redirect(answer.result.firstLogin ? firstLoginStart(redirectTo) : (redirectTo ?? "/"), { headers });
}
