import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { OrDivider, SocialButtons } from "~/components/social-buttons";
import { redirectIfLoggedIn } from "~/services/auth.server";
import { enabledProviders } from "~/services/social-providers.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Sign up", "Create a Space Solution account to rent or list space.");

export function loader({ request }: LoaderFunctionArgs) {
  redirectIfLoggedIn(request);
  return { socialProviders: enabledProviders() };
}

/** Choosing how to sign up. Google and Facebook appear here once their client settings are configured. */
export default function SignupChoice() {
  const { socialProviders } = useLoaderData<typeof loader>();
  return (
    <AuthLayout
      title="Create your account"
      intro="Rent storage or parking near you, or earn from the space you do not use."
    >
      <SocialButtons providers={socialProviders} />
      {socialProviders.google || socialProviders.facebook ? <OrDivider /> : null}
      <Link
        to="/auth/signup-form"
        className="block w-full rounded-md bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700"
      >
        Sign up with e-mail
      </Link>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/auth/login" className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
