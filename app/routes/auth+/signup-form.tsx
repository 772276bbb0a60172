import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod/v4";
import { userSignup } from "~/api/user/auth.server";
import { AuthLayout } from "~/components/auth-layout";
import { askApi, LiveCheck, type LiveMessage } from "~/components/live-check";
import { CheckboxField, ErrorList, SelectField, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { EMAIL_TAKEN, INTERESTED_OPTIONS } from "~/domain/account-options";
import { SignupSchema } from "~/domain/account-rules.server";
import { isAllowedText } from "~/domain/vocabulary";
import { api } from "~/screens/api.server";
import { redirectIfLoggedIn } from "~/screens/auth.server";
import { clearEntryCookie, readEntry } from "~/screens/entry-url.server";
import { formFailure } from "~/screens/form.server";
import { authPath } from "~/utils/auth-paths";
import { firstLoginStart } from "~/utils/first-login";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import type { ShellHandle } from "~/utils/shell";

export const handle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Sign up with e-mail", "Create a Space Solution account.");

export function loader({ request }: LoaderFunctionArgs) {
  redirectIfLoggedIn(request);
  const search = new URL(request.url).searchParams;
  // A friend's share link (getMyCode's shareUrl) carries their code: it fills the referral code in.
  const code = search.get("referralCode")?.trim().toUpperCase() ?? "";
  return {
    referralCode: code.length <= 20 && isAllowedText("code", code) ? code : "",
    redirectTo: safeRedirect(search.get("redirectTo"), ""),
  };
}

const PASSWORDS = ["password", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SignupSchema });
  if (submission.status !== "success") return formFailure(submission, { hideFields: PASSWORDS });
  const client = api(request);
  // The entry URL comes from the visitor's sealed cookie (docs/product.md, Stored data), never from the form.
  const { entryUrl: _url, entryUrlAt: _at, ...fields } = submission.value;
  const entry = await readEntry(request);
  const answer = await client.call(userSignup, {
    body: {
      ...fields,
      acceptTerms: true,
      ...(entry ? { entryUrl: entry.url, entryUrlAt: entry.at } : {}),
    },
  });
  if (!answer.ok) return formFailure(submission, { failure: answer, hideFields: PASSWORDS });
  // The form posts to its own address, which keeps the page the visitor was going to: the walk-through ends there.
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirect(firstLoginStart(redirectTo), { headers: { "Set-Cookie": clearEntryCookie() } });
}

export default function SignupForm() {
  const { referralCode, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof SignupSchema>>({
    id: "signup",
    lastResult: actionData?.result,
    defaultValue: { referralCode },
  });
  return (
    <AuthLayout
      title="Sign up with e-mail"
      intro={
        <>
          Already have an account?{" "}
          <Link to={authPath("/auth/login", redirectTo)} className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
          <TextField
            field={fields.middleName}
            label="Middle name (optional)"
            autoComplete="additional-name"
          />
          <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
          <TextField
            field={fields.suffix}
            label="Suffix (optional)"
            autoComplete="honorific-suffix"
            hint="Jr., Sr., III"
          />
        </div>
        <TextField
          field={fields.nickName}
          label="Nickname"
          autoComplete="nickname"
          hint="What other users see."
        />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />
        <LiveCheck inputId={fields.email.id} check={checkEmail} />
        <TextField
          field={fields.phoneNumber}
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="For example 0917 123 4567."
        />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <TextField
          field={fields.confirmPassword}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
        <SelectField
          field={fields.interested}
          label="Why are you signing up?"
          placeholder="Choose one"
          options={INTERESTED_OPTIONS}
        />
        <TextField field={fields.dob} label="Birth date" type="date" autoComplete="bday" />
        <TextField
          field={fields.referralCode}
          label="Referral code (optional)"
          autoComplete="off"
          hint="Got a code from a friend? You both get a voucher after your first booking."
        />
        <LiveCheck inputId={fields.referralCode.id} check={checkReferralCode} />
        <CheckboxField
          field={fields.acceptTerms}
          label="I accept the terms and conditions and the privacy policy."
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isPending}>Create account</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** emailCheck as the user leaves the field (docs/product.md, Calls), so a taken address is known before submitting. */
async function checkEmail(email: string, signal: AbortSignal): Promise<LiveMessage | null> {
  const answer = await askApi<{ available: boolean }>(
    `/user/emailCheck?email=${encodeURIComponent(email)}`,
    signal,
  );
  if (!answer) return null;
  return answer.available ? null : { tone: "error", text: EMAIL_TAKEN };
}

/** checkReferralCode as the user leaves the field. */
async function checkReferralCode(code: string, signal: AbortSignal): Promise<LiveMessage | null> {
  const answer = await askApi<{ valid: boolean }>(
    `/space/checkReferralCode?referralCode=${encodeURIComponent(code)}`,
    signal,
  );
  if (!answer) return null;
  return answer.valid
    ? { tone: "ok", text: "Referral code found: you both get a voucher after your first booking." }
    : { tone: "error", text: "This referral code is not valid." };
}
