/** Which social sign-in providers are configured (the login and sign-up loaders say so). */
export type SocialProviders = { google: boolean; facebook: boolean };

const PROVIDERS = [
  { id: "google", label: "Continue with Google" },
  { id: "facebook", label: "Continue with Facebook" },
] as const;

function ProviderLogo({ id }: { id: (typeof PROVIDERS)[number]["id"] }) {
  return id === "google" ? (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.2 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.2 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

/**
 * "Continue with Google" / "Continue with Facebook": one link per configured provider to /auth/google or
 * /auth/facebook, which sends the browser on to the provider; `redirectTo` (the page to come back to after signing
 * in) rides along. Links rather than forms: a form whose answer redirects to another origin is blocked by our
 * Content-Security-Policy (`form-action 'self'`) when JavaScript is off, a link is not, and starting the flow
 * changes nothing on the server. Renders nothing when no provider is configured.
 */
export function SocialButtons({
  providers,
  redirectTo = "",
}: {
  providers: SocialProviders;
  redirectTo?: string;
}) {
  const shown = PROVIDERS.filter((provider) => providers[provider.id]);
  if (shown.length === 0) return null;
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  return (
    <div className="space-y-3">
      {shown.map((provider) => (
        <a
          key={provider.id}
          href={`/auth/${provider.id}${query}`}
          className="flex w-full items-center justify-center gap-3 rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50"
        >
          <ProviderLogo id={provider.id} />
          {provider.label}
        </a>
      ))}
      <p className="text-center text-xs text-slate-600">
        By continuing with{" "}
        {shown.map((provider) => provider.label.replace("Continue with ", "")).join(" or ")}, you accept the
        terms and conditions and the privacy policy.
      </p>
    </div>
  );
}

/** The "or" between the social buttons and the e-mail form. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
