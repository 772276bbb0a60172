import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { z } from "zod/v4";
import type { MyCode } from "~/api/profile.server";
import { Card, ProfilePage } from "~/components/profile-form";
import { ErrorList, SubmitButton, TextAreaField, TextField } from "~/components/ui/field";
import { INVITATIONS_PER_CALL, INVITATIONS_PER_DAY } from "~/domain/profile-options";
import { ApplyReferralCodeFormSchema, InviteFriendFormSchema } from "~/domain/profile-rules.server";
import { requireProfile } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";
import { formFailure } from "~/utils/form.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(
    "Invite a friend",
    "Share your referral code: you and your friend both get a voucher after their first booking.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  // getMyCode is a POST in the spec, but it only reads.
  const code = await client.post<MyCode>("/user/getMyCode");
  if (!code.ok) throw new Response(code.message, { status: code.status });
  return code.result;
}

const HERE = "/user-profile/invite-a-friend";

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const formData = await request.formData();
  if (formData.get("intent") === "apply") {
    const submission = parseWithZod(formData, { schema: ApplyReferralCodeFormSchema });
    if (submission.status !== "success") return formFailure(submission);
    const answer = await client.post<{ referrerName: string }>("/space/applyReferralCode", {
      referralCode: submission.value.referralCode,
    });
    if (!answer.ok) return formFailure(submission, { failure: answer, headers: client.headers });
    return redirectWithToast(
      HERE,
      makeToast(
        "success",
        `${answer.message} You and ${answer.result.referrerName} get a voucher after your first booking.`,
      ),
      { headers: client.headers },
    );
  }
  const submission = parseWithZod(formData, { schema: InviteFriendFormSchema });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.post<{ sent: number; remainingToday: number }>(
    "/user/inviteFriend",
    submission.value,
  );
  if (!answer.ok) return formFailure(submission, { failure: answer, headers: client.headers });
  const { sent, remainingToday } = answer.result;
  return redirectWithToast(
    HERE,
    makeToast(
      "success",
      `${sent === 1 ? "Your invitation has been sent." : `Your ${sent} invitations have been sent.`} You can send ${remainingToday} more today.`,
    ),
    { headers: client.headers },
  );
}

/** Which form an answer belongs to: the intent button that was pressed is in the submitted values. */
function answerFor(actionData: ReturnType<typeof useActionData<typeof action>>, intent: string) {
  const submitted = actionData?.result.initialValue?.intent;
  return submitted === intent ? actionData?.result : undefined;
}

export default function InviteAFriend() {
  const { referralCode, shareUrl, referred } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [inviteForm, inviteFields] = useForm<z.input<typeof InviteFriendFormSchema>>({
    id: "invite",
    lastResult: answerFor(actionData, "invite"),
  });
  const [applyForm, applyFields] = useForm<z.input<typeof ApplyReferralCodeFormSchema>>({
    id: "apply-code",
    lastResult: answerFor(actionData, "apply"),
  });
  return (
    <ProfilePage
      title="Invite a friend"
      intro="Share your code: when a friend signs up with it and makes a first booking, you both get a voucher."
    >
      <Card labelledBy="your-code-heading">
        <h2 id="your-code-heading" className="text-lg font-semibold text-slate-900">
          Your referral code
        </h2>
        <p
          className="mt-2 font-mono text-3xl font-bold tracking-wider text-brand-700"
          data-testid="referral-code"
        >
          {referralCode}
        </p>
        <ShareLink url={shareUrl} />
      </Card>

      <Card labelledBy="invite-heading">
        <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
          Invite by e-mail
        </h2>
        <Form method="post" {...getFormProps(inviteForm)} className="mt-4 space-y-5">
          <TextAreaField
            field={inviteFields.emails}
            label="Your friends' e-mail addresses"
            rows={3}
            hint={`Separate them with commas or new lines: up to ${INVITATIONS_PER_CALL} at a time, ${INVITATIONS_PER_DAY} a day.`}
          />
          <TextAreaField
            field={inviteFields.message}
            label="A message from you (optional)"
            rows={3}
            maxLength={500}
            hint="Up to 500 characters. We add your code and sign-up link."
          />
          <ErrorList id={inviteForm.errorId} errors={inviteForm.errors} />
          <input type="hidden" name="intent" value="invite" />
          <SubmitButton pending={submittingIntent === "invite"}>Send invitations</SubmitButton>
        </Form>
      </Card>

      {referred ? null : (
        <Card labelledBy="apply-code-heading">
          <h2 id="apply-code-heading" className="text-lg font-semibold text-slate-900">
            Got a code from a friend?
          </h2>
          <p className="mt-1 text-sm text-slate-600">You can add one friend's code, once.</p>
          <Form method="post" {...getFormProps(applyForm)} className="mt-4 space-y-5">
            <TextField
              field={applyFields.referralCode}
              label="Friend's referral code"
              autoComplete="off"
              keyFilter="code"
            />
            <ErrorList id={applyForm.errorId} errors={applyForm.errors} />
            <input type="hidden" name="intent" value="apply" />
            <SubmitButton pending={submittingIntent === "apply"}>Apply code</SubmitButton>
          </Form>
        </Card>
      )}
    </ProfilePage>
  );
}

/**
 * The sign-up link: always shown, selectable, so it can be copied by hand without JavaScript; with JavaScript a
 * copy button, and a share button where the browser can share (the Web Share API, mostly phones).
 */
function ShareLink({ url }: { url: string }) {
  const [enhanced, setEnhanced] = useState<{ canShare: boolean } | null>(null);
  const [status, setStatus] = useState("");
  useEffect(() => {
    setEnhanced({ canShare: typeof navigator.share === "function" });
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus("Could not copy the link: please select it and copy it by hand.");
    }
  }

  async function share() {
    try {
      await navigator.share({ title: "Space Solution", text: "Join me on Space Solution", url });
    } catch {
      // Cancelled by the user, or refused by the browser: nothing to do.
    }
  }

  return (
    <div className="mt-5">
      <label htmlFor="share-link" className="block text-sm font-semibold text-slate-800">
        Your sign-up link
      </label>
      <input
        id="share-link"
        type="text"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900"
      />
      {enhanced ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={copy}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Copy link
          </button>
          {enhanced.canShare ? (
            <button
              type="button"
              onClick={share}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Share
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}
