import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { OrDivider, SocialButtons } from "~/components/social-buttons";
import { enabledProviders } from "~/infra/social-providers.server";
import { redirectIfLoggedIn } from "~/screens/auth.server";
import { loginPurpose } from "~/screens/login-purpose.server";
import { authPath } from "~/utils/auth-paths";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import type { ShellHandle } from "~/utils/shell";

export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Sign up", "Create a Space Solution account to rent or list space.");

export async function loader({ request }: LoaderFunctionArgs) {
  redirectIfLoggedIn(request);
  // The page the visitor was going to (Reserve, ask for a viewing) stays with every way of signing up.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return {
    socialProviders: enabledProviders(),
    redirectTo,
    purpose: await loginPurpose(request, redirectTo),
  };
}

/** Choosing how to sign up. Google and Facebook appear here once their client settings are configured. */
export default function SignupChoice() {
  const { socialProviders, redirectTo, purpose } = useLoaderData<typeof loader>();
  return (
    <AuthLayout
      title={purpose ? `Create your account to ${purpose}` : "Create your account"}
      intro="Rent storage or parking near you, or earn from the space you do not use."
    >
      <SocialButtons providers={socialProviders} redirectTo={redirectTo} />
      {socialProviders.google || socialProviders.facebook ? <OrDivider /> : null}
      <Link
        to={authPath("/auth/signup-form", redirectTo)}
        className="block w-full rounded-md bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700"
      >
        Sign up with e-mail
      </Link>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to={authPath("/auth/login", redirectTo)} className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
