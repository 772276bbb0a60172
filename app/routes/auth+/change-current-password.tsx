import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { z } from "zod/v4";
import { changePassword } from "~/api/user/auth.server";
import { AuthLayout } from "~/components/auth-layout";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ChangePasswordSchema } from "~/domain/account-rules.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Change password");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireProfile(request);
  return null;
}

const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const submission = parseWithZod(await request.formData(), { schema: ChangePasswordSchema });
  if (submission.status !== "success") return formFailure(submission, { hideFields: PASSWORDS });
  const answer = await client.call(changePassword, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer, hideFields: PASSWORDS });
  return redirectWithToast("/user-profile/user-profile-menu", makeToast("success", answer.message));
}

export default function ChangePassword() {
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthLayout title="Change password" intro="Your other devices will be logged out.">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <TextField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          field={fields.newPassword}
          label="New password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          field={fields.confirmPassword}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isPending}>Change password</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/user-profile/user-profile-menu" className="font-semibold text-brand-700 underline">
          Back to my account
        </Link>
      </p>
    </AuthLayout>
  );
}
