import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod/v4";
import { applyReferralCode } from "~/api/space/referral-codes.server";
import { getMyCode, inviteFriend } from "~/api/user/profile.server";
import { Card, ProfilePage } from "~/components/profile-form";
import { CopyLink } from "~/components/ui/copy-link";
import { ErrorList, SubmitButton, TextAreaField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { INVITATIONS_PER_CALL, INVITATIONS_PER_DAY } from "~/domain/profile-options";
import { ApplyReferralCodeFormSchema, InviteFriendFormSchema } from "~/domain/profile-rules.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
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
  // getMyCode is a POST in the product rules, but it only reads.
  const code = await client.call(getMyCode);
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
    const answer = await client.call(applyReferralCode, {
      body: {
        referralCode: submission.value.referralCode,
      },
    });
    if (!answer.ok) return formFailure(submission, { failure: answer });
    return redirectWithToast(
      HERE,
      makeToast(
        "success",
        `${answer.message} You and ${answer.result.referrerName} get a voucher after your first booking.`,
      ),
    );
  }
  const submission = parseWithZod(formData, { schema: InviteFriendFormSchema });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(inviteFriend, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  const { sent, remainingToday } = answer.result;
  return redirectWithToast(
    HERE,
    makeToast(
      "success",
      `${sent === 1 ? "Your invitation has been sent." : `Your ${sent} invitations have been sent.`} You can send ${remainingToday} more today.`,
    ),
  );
}

/** A voucher's or coupon's state in the holder's words. */
const STATUS_WORDS = {
  available: "ready to use",
  held: "applied to a booking waiting for payment",
  used: "used",
  expired: "expired",
} as const;

/** Which form an answer belongs to: the intent button that was pressed is in the submitted values. */
function answerFor(actionData: ReturnType<typeof useActionData<typeof action>>, intent: string) {
  const submitted = actionData?.result.initialValue?.intent;
  return submitted === intent ? actionData?.result : undefined;
}

export default function InviteAFriend() {
  const { referralCode, shareUrl, referred, vouchers, coupons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const inviting = useIsPending({ intent: "invite" });
  const applying = useIsPending({ intent: "apply" });
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
        <CopyLink
          label="Your sign-up link"
          url={shareUrl}
          share={{ title: "Space Solution", text: "Join me on Space Solution" }}
          className="mt-5"
        />
      </Card>

      <Card labelledBy="vouchers-heading">
        <h2 id="vouchers-heading" className="text-lg font-semibold text-slate-900">
          Your vouchers and coupons
        </h2>
        {vouchers.length || coupons.length ? (
          <ul className="mt-3 divide-y divide-slate-200 text-sm" data-testid="my-vouchers">
            {vouchers.map((voucher) => (
              <li key={voucher.code} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-mono font-semibold text-slate-900">{voucher.code}</span>
                <span className="text-slate-700">
                  {formatPeso(voucher.amount)} off · {STATUS_WORDS[voucher.status]}
                  {voucher.status === "available" ? ` until ${formatCalendarDate(voucher.expiresOn)}` : ""}
                </span>
              </li>
            ))}
            {coupons.map((coupon) => (
              <li key={coupon.code} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-mono font-semibold text-slate-900">{coupon.code}</span>
                <span className="text-slate-700">
                  {coupon.description} · {STATUS_WORDS[coupon.status]}
                  {coupon.status === "available" ? ` until ${formatCalendarDate(coupon.validUntil)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            None yet. Your voucher comes when a friend you invited makes a first booking. Enter a code when
            you pay for a booking.
          </p>
        )}
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
          <SubmitButton pending={inviting}>Send invitations</SubmitButton>
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
            <SubmitButton pending={applying}>Apply code</SubmitButton>
          </Form>
        </Card>
      )}
    </ProfilePage>
  );
}
