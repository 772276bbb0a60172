import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod/v4";
import {
  addPushSubscription,
  getPushSubscriptions,
  removePushSubscription,
} from "~/api/conversations/push-subscriptions.server";
import { editProfile, viewAccountSettings } from "~/api/user/profile.server";
import { Card, ProfilePage } from "~/components/profile-form";
import { PUSH_INTENTS, PushSettings } from "~/components/push-settings";
import { CheckboxField, ErrorList, SubmitButton } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { AccountSettingsFormSchema } from "~/domain/profile-rules.server";
import { PUSH_MESSAGES } from "~/domain/push";
import { LENGTH_UNIT_LABELS, LENGTH_UNITS } from "~/domain/vocabulary";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Account settings", "Choose how we notify you and whether sizes show in meters or feet.");

const PAGE = "/user-profile/account-settings";

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const [settings, push] = await Promise.all([
    client.call(viewAccountSettings),
    client.call(getPushSubscriptions),
  ]);
  if (!settings.ok) throw new Response(settings.message, { status: settings.status });
  if (!push.ok) throw new Response(push.message, { status: push.status });
  return { ...settings.result, push: push.result };
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = form.get("intent");
  // Push on this device: the page's script posts the browser's subscription; the device list's forms remove one.
  if (intent === PUSH_INTENTS.add || intent === PUSH_INTENTS.turnOff || intent === PUSH_INTENTS.remove) {
    const answer =
      intent === PUSH_INTENTS.add
        ? await client.act(addPushSubscription, {
            body: { endpoint: field("endpoint"), keys: { p256dh: field("p256dh"), auth: field("auth") } },
          })
        : await client.act(removePushSubscription, {
            body:
              intent === PUSH_INTENTS.turnOff
                ? { endpoint: field("endpoint") }
                : { subscriptionId: field("subscriptionId") },
          });
    // This browser turned off after its device was already gone from the list (removed here, or by the push
    // service): off is what was asked.
    const off = intent === PUSH_INTENTS.turnOff && !answer.ok && answer.status === 404;
    if (answer.ok || off)
      return redirectWithToast(
        PAGE,
        makeToast("success", answer.ok ? answer.message : PUSH_MESSAGES.removed),
      );
    return redirectWithToast(PAGE, answer.toast);
  }
  const submission = parseWithZod(form, { schema: AccountSettingsFormSchema });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(editProfile, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(PAGE, makeToast("success", "Your settings have been saved."));
}

const UNIT_HINTS = { meter: "Square meters, e.g. 12 sqm", feet: "Square feet, e.g. 129 sq ft" } as const;

export default function AccountSettingsPage() {
  const settings = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const payout = settings.bankDetails
    ? { label: settings.bankDetails.bankName ?? "Bank", detail: settings.bankDetails }
    : settings.gCash
      ? { label: "GCash", detail: settings.gCash }
      : settings.paymayaDetails
        ? { label: "Paymaya", detail: settings.paymayaDetails }
        : null;
  const [form, fields] = useForm<z.input<typeof AccountSettingsFormSchema>>({
    id: "account-settings",
    lastResult: actionData?.result,
    defaultValue: {
      emailNotifications: settings.emailNotifications,
      smsNotifications: settings.smsNotifications,
      allowFacebookNotifications: settings.allowFacebookNotifications,
      measurementUnit: settings.measurementUnit,
    },
  });
  return (
    <ProfilePage
      title="Account settings"
      intro={
        <>
          Logged in as <strong className="font-semibold">{settings.email}</strong>.
        </>
      }
    >
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-8">
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-slate-900">Notifications</legend>
            <p className="text-sm text-slate-600">
              Booking requests, messages and payments. What you switch off still shows in the app.
            </p>
            <CheckboxField field={fields.emailNotifications} label="E-mail notifications" />
            <CheckboxField field={fields.smsNotifications} label="SMS notifications" />
            <CheckboxField field={fields.allowFacebookNotifications} label="Facebook notifications" />
          </fieldset>
          <fieldset
            className="space-y-3"
            aria-describedby={fields.measurementUnit.errors ? fields.measurementUnit.errorId : undefined}
          >
            <legend className="text-lg font-semibold text-slate-900">Measurement unit</legend>
            <p className="text-sm text-slate-600">How sizes of spaces are shown to you.</p>
            {LENGTH_UNITS.map((unit) => {
              const { key: _key, ...props } = getInputProps(fields.measurementUnit, {
                type: "radio",
                value: unit,
              });
              const id = `${fields.measurementUnit.id}-${unit}`;
              return (
                <div key={unit} className="flex items-start gap-3">
                  <input {...props} id={id} className="mt-1 h-5 w-5 border-slate-400" />
                  <label htmlFor={id} className="text-sm text-slate-800">
                    <span className="font-medium">{LENGTH_UNIT_LABELS[unit]}</span>
                    <span className="block text-slate-600">{UNIT_HINTS[unit]}</span>
                  </label>
                </div>
              );
            })}
            <ErrorList id={fields.measurementUnit.errorId} errors={fields.measurementUnit.errors} />
          </fieldset>
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton pending={isPending}>Save settings</SubmitButton>
        </Form>
      </Card>
      <Card labelledBy="push-notifications">
        <PushSettings
          applicationServerKey={settings.push.applicationServerKey}
          devices={settings.push.devices}
        />
      </Card>
      <Card labelledBy="payout-details">
        <h2 id="payout-details" className="text-lg font-semibold text-slate-900">
          Payouts
        </h2>
        <p className="mt-2 text-sm text-slate-700" data-testid="account-payout">
          {payout
            ? `${payout.label} ${payout.detail.accountNumber}, ${payout.detail.accountName}`
            : "No payout method yet: hosts add one to get their earnings."}
        </p>
        <p className="mt-3 text-sm">
          <Link to="/payment/payout-settings" className="font-semibold text-brand-700 underline">
            {payout ? "Change payout method" : "Add payout method"}
          </Link>
        </p>
      </Card>
    </ProfilePage>
  );
}
