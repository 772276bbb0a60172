/**
 * The account pages' addresses with the page to come back to (`redirectTo`) carried along, so that moving between
 * log in, sign up, sign up with e-mail and a forgotten password (its e-mailed link too) keeps where the visitor was going. Whoever reads `redirectTo` checks it
 * with safeRedirect (app/utils/redirect.ts).
 */
export type AuthPage =
  | "/auth/login"
  | "/auth/signup"
  | "/auth/signup-form"
  | "/auth/forgot-password"
  | `/auth/reset-password/${string}`;

export function authPath(page: AuthPage, redirectTo: string | null | undefined): string {
  return redirectTo ? `${page}?${new URLSearchParams({ redirectTo })}` : page;
}
