import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login } from "~/api/user/auth.server";
import type { Profile } from "~/api/user/user.server";
import { viewUserProfile } from "~/api/user/user.server";
import { LoginSchema } from "~/domain/account-rules.server";
import { hasSessionCookie } from "~/infra/session.server";
import { safeRedirect } from "~/utils/redirect";
import { type ApiClient, type ApiResult, api } from "./api.server";

/**
 * Logging in from the screens: remix-auth's form strategy reads the form and asks the API (`POST /user/login`),
 * which checks the password, counts failures and sets the session cookie. The screens never see a password
 * hash or a session row.
 */
function parseLogin(form: FormData) {
  return parseWithZod(form, { schema: LoginSchema });
}

type LoginSubmission = ReturnType<typeof parseLogin>;

export type LoginAttempt =
  | { kind: "invalid"; submission: LoginSubmission }
  | {
      kind: "answered";
      submission: LoginSubmission;
      client: ApiClient;
      answer: ApiResult<Profile>;
      /** Where the user came from (checked to be a path on this site). */
      redirectTo: string;
    };

export const authenticator = new Authenticator<LoginAttempt>();

authenticator.use(
  new FormStrategy<LoginAttempt>(async ({ form, request }) => {
    const submission = parseLogin(form);
    if (submission.status !== "success") return { kind: "invalid", submission };
    const client = api(request);
    const answer = await client.call(login, { body: submission.value });
    return { kind: "answered", submission, client, answer, redirectTo: safeRedirect(form.get("redirectTo")) };
  }),
  "form",
);

/** The logged-in user's profile, or off to the login page (and back here afterwards). */
export function requireProfile(request: Request): Promise<{ profile: Profile; client: ApiClient }> {
  let found = profiles.get(request);
  if (!found) {
    found = loadProfile(request);
    profiles.set(request, found);
  }
  return found;
}

/** Each request's profile and client, asked for once however many parts of its loader or action need them. */
const profiles = new WeakMap<Request, Promise<{ profile: Profile; client: ApiClient }>>();

async function loadProfile(request: Request): Promise<{ profile: Profile; client: ApiClient }> {
  const url = new URL(request.url);
  const loginUrl = `/auth/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`;
  if (!hasSessionCookie(request)) throw redirect(loginUrl);
  const client = api(request);
  const answer = await client.call(viewUserProfile);
  if (!answer.ok) throw redirect(loginUrl);
  return { profile: answer.result, client };
}

/** Pages only for visitors (log in, sign up): a logged-in user goes home instead. */
export function redirectIfLoggedIn(request: Request): void {
  if (hasSessionCookie(request)) throw redirect("/");
}
