import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import type { z } from "zod/v4";
import { forgotPassword } from "~/api/user/auth.server";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ForgotPasswordSchema } from "~/domain/account-rules.server";
import { api } from "~/screens/api.server";
import { formFailure } from "~/screens/form.server";
import { authPath } from "~/utils/auth-paths";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Forgot password", "Get a link to choose a new password.");

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return formFailure(submission);
  const client = api(request);
  // The page the person was going to rides in the e-mailed link, to come back to after logging in again.
  const redirectTo = new URL(request.url).searchParams.get("redirectTo") ?? undefined;
  const answer = await client.call(forgotPassword, { query: { email: submission.value.email, redirectTo } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return {
    result: submission.reply({ resetForm: true }),
    sent: answer.message,
    toast: makeToast("success", answer.message),
  };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <p role="status" className="mb-5 rounded-md bg-green-50 p-4 text-green-900">
          {sent}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />
        <SubmitButton pending={isPending}>Send the link</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={authPath("/auth/login", redirectTo)} className="font-semibold text-brand-700 underline">
          Back to log in
        </Link>
      </p>
    </AuthLayout>
  );
}
