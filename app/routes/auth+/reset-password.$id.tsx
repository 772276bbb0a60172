import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod/v4";
import { resetPassword } from "~/api/user/auth.server";
import { AuthLayout } from "~/components/auth-layout";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ResetPasswordSchema } from "~/domain/account-rules.server";
import { api } from "~/screens/api.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { authPath } from "~/utils/auth-paths";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Choose a new password");

const PASSWORDS = ["newPassword", "confirmPassword"];

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") return formFailure(submission, { hideFields: PASSWORDS });
  const client = api(request);
  const answer = await client.call(resetPassword, { body: { id: params.id as string, ...submission.value } });
  if (!answer.ok) return formFailure(submission, { failure: answer, hideFields: PASSWORDS });
  // Back to log in with the new password, then on to the page the person was going to when they asked for the link.
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirectWithToast(
    authPath("/auth/login", redirectTo ? safeRedirect(redirectTo, "") : null),
    makeToast("success", answer.message),
  );
}

export default function ResetPassword() {
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    id: "reset-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthLayout
      title="Choose a new password"
      intro="Use at least 8 characters. All your other sessions will be logged out."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <TextField
          field={fields.newPassword}
          label="New password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          field={fields.confirmPassword}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isPending}>Save the new password</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/forgot-password" className="font-semibold text-brand-700 underline">
          Ask for a new link
        </Link>
      </p>
    </AuthLayout>
  );
}
