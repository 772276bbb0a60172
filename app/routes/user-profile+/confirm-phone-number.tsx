import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { mobileOtp, verifyOtp } from "~/api/user/verification.server";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ProfileStepCard, SecondaryButton, SkipLink } from "~/components/verification-ui";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { codeSentMessage, PhoneSendForm, PhoneVerifyForm } from "~/screens/verification-forms.server";
import { firstLoginEnd, isFirstLoginFlow, nextFirstLoginStep } from "~/utils/first-login";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * Confirming the phone number, in two steps on one page: send a 6-digit code to the number (POST /user/mobileOtp),
 * then enter it (POST /user/verifyOtp). Step 2 of the first-login walk-through with `?flow=first-login`.
 * Without JavaScript every step is a form post; the number a code went to travels in the answer, not the URL.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Confirm your phone number", "Confirm your mobile number with a code we text you.");

const PATH = "/user-profile/confirm-phone-number";
const ACCOUNT = "/user-profile/user-profile-menu";

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireProfile(request);
  const inFlow = isFirstLoginFlow(request.url);
  return {
    phoneNumber: profile.phoneNumber,
    phoneVerified: profile.phoneVerified,
    flowPath: inFlow ? PATH : null,
    next: inFlow ? nextFirstLoginStep(PATH, request.url) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const formData = await request.formData();

  if (formData.get("intent") === "verify") {
    const submission = parseWithZod(formData, { schema: PhoneVerifyForm });
    if (submission.status !== "success") return formFailure(submission, { hideFields: ["otp"] });
    const answer = await client.call(verifyOtp, {
      body: {
        phoneNumber: submission.value.phoneNumber,
        otp: submission.value.otp,
      },
    });
    if (!answer.ok) return formFailure(submission, { failure: answer, hideFields: ["otp"] });
    const next = isFirstLoginFlow(request.url)
      ? (nextFirstLoginStep(PATH, request.url) ?? firstLoginEnd(request.url))
      : ACCOUNT;
    return redirectWithToast(next, makeToast("success", answer.message));
  }

  const submission = parseWithZod(formData, { schema: PhoneSendForm });
  if (submission.status !== "success") return formFailure(submission);
  const sentTo = submission.value.phoneNumber;
  const answer = await client.call(mobileOtp, { body: { phoneNumber: sentTo } });
  if (!answer.ok) {
    // A code went out less than a minute ago: it still works, so the code step is the place to be.
    if (answer.status === 429 && submission.value.intent === "send") {
      return data({ result: submission.reply(), sentTo, toast: answer.toast }, { status: 429 });
    }
    return formFailure(submission, { failure: answer });
  }
  return data({
    result: submission.reply(),
    sentTo: answer.result.phoneNumber,
    toast: makeToast("success", codeSentMessage(answer.result.phoneNumber)),
  });
}

export default function ConfirmPhoneNumber() {
  const { phoneNumber: current, phoneVerified, flowPath, next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const last = actionData?.result;
  const lastIntent = last?.initialValue?.intent;
  const sentTo =
    actionData && "sentTo" in actionData
      ? String(actionData.sentTo)
      : lastIntent === "verify" || lastIntent === "resend"
        ? String(last?.initialValue?.phoneNumber ?? "")
        : null;
  const pending = useIsPending();

  const [sendForm, sendFields] = useForm<{ phoneNumber: string }>({
    id: "phone-send",
    lastResult: lastIntent === "send" && !sentTo ? last : undefined,
    defaultValue: { phoneNumber: current ?? "" },
  });
  const [verifyForm, verifyFields] = useForm<{ otp: string }>({
    id: "phone-verify",
    lastResult: lastIntent === "verify" ? last : undefined,
  });

  return (
    <ProfileStepCard
      title="Confirm your phone number"
      flowPath={flowPath}
      intro={
        sentTo ? (
          <p role="status">
            We sent a 6-digit code to <strong>{sentTo}</strong>. It is valid for 5 minutes.
          </p>
        ) : phoneVerified && current ? (
          <p>
            Your number <strong>{current}</strong> is confirmed. To use another number, confirm it here.
          </p>
        ) : (
          <p>
            We will text a 6-digit code to your mobile number. Enter it on the next step to confirm the
            number.
          </p>
        )
      }
    >
      {sentTo ? (
        <div className="space-y-6">
          <Form method="post" {...getFormProps(verifyForm)} className="space-y-5">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="phoneNumber" value={sentTo} />
            <TextField
              field={verifyFields.otp}
              label="6-digit code"
              autoComplete="one-time-code"
              inputMode="numeric"
              hint="From the text message we sent you."
            />
            <ErrorList id={verifyForm.errorId} errors={verifyForm.errors} />
            <SubmitButton pending={pending}>Confirm</SubmitButton>
          </Form>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="phoneNumber" value={sentTo} />
            <p className="text-sm text-slate-600">
              No text message? You can ask for a new code once a minute.
            </p>
            <SecondaryButton>Send a new code</SecondaryButton>
          </Form>
          <p className="text-center text-sm">
            <Link
              to={`${location.pathname}${location.search}`}
              className="font-semibold text-brand-700 underline"
            >
              Use another number
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(sendForm)} className="space-y-5">
          <input type="hidden" name="intent" value="send" />
          <TextField
            field={sendFields.phoneNumber}
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint="For example 0917 123 4567."
          />
          <ErrorList id={sendForm.errorId} errors={sendForm.errors} />
          <SubmitButton pending={pending}>Send the code</SubmitButton>
        </Form>
      )}
      {next ? (
        <div className="mt-4">
          <SkipLink to={next} />
        </div>
      ) : null}
    </ProfileStepCard>
  );
}
