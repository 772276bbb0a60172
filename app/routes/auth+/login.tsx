import { getFormProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { z } from "zod/v4";
import { AuthLayout } from "~/components/auth-layout";
import { OrDivider, SocialButtons } from "~/components/social-buttons";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { LoginSchema } from "~/domain/account-rules.server";
import { enabledProviders } from "~/infra/social-providers.server";
import { authenticator, redirectIfLoggedIn } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { loginPurpose } from "~/screens/login-purpose.server";
import { authPath } from "~/utils/auth-paths";
import { firstLoginStart } from "~/utils/first-login";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Log in", "Log in to find, book and manage storage and parking space.");

export async function loader({ request }: LoaderFunctionArgs) {
  redirectIfLoggedIn(request);
  const purpose = await loginPurpose(request, new URL(request.url).searchParams.get("redirectTo"));
  return { socialProviders: enabledProviders(), purpose };
}

export async function action({ request }: ActionFunctionArgs) {
  const attempt = await authenticator.authenticate("form", request);
  if (attempt.kind === "invalid") return formFailure(attempt.submission, { hideFields: ["password"] });
  const { answer, submission, redirectTo } = attempt;
  if (!answer.ok) {
    return formFailure(submission, { failure: answer, hideFields: ["password"] });
  }
  // A new account is walked through photo, phone and address once, on its first login, then goes on its way.
  return redirect(answer.result.firstLogin ? firstLoginStart(redirectTo) : redirectTo);
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>();
  const { socialProviders, purpose } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    lastResult: actionData?.result,
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <AuthLayout
      title={purpose ? `Log in to ${purpose}` : "Log in"}
      intro={
        <>
          New to Space Solution?{" "}
          <Link to={authPath("/auth/signup", redirectTo)} className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <SocialButtons providers={socialProviders} redirectTo={redirectTo} />
      {socialProviders.google || socialProviders.facebook ? <OrDivider /> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isPending}>Log in</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link
          to={authPath("/auth/forgot-password", redirectTo)}
          className="font-semibold text-brand-700 underline"
        >
          Forgot your password?
        </Link>
      </p>
    </AuthLayout>
  );
}
