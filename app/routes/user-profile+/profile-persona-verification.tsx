import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { Profile } from "~/api/user/user.server";
import { cityList } from "~/api/user/user.server";
import {
  persona,
  personaStatus,
  saveCorporateProfile,
  viewCorporateProfile,
} from "~/api/user/verification.server";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { AddressFields, ProfileStepCard } from "~/components/verification-ui";
import type { AddressInput } from "~/domain/address-rules";
import { requireProfile } from "~/screens/auth.server";
import { fillProvinceFromCity } from "~/screens/cities.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { CompanyForm } from "~/screens/verification-forms.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * The identity check and the company profile. "Start verification" asks POST /user/persona { action: "start" },
 * whose 302 + redirectUrl sends the browser to the provider. The built-in sandbox (/verification-sandbox/<ref>)
 * sends it back here with ?reference=…&result=…&signature=…, which this loader records with { action: "complete" }
 * before showing the page again. Persona's hosted flow sends it back with ?inquiry-id=…: its result comes only by
 * its signed webhook, so the page just says the check is under way ("Pending") until the webhook lands.
 * "Renting as a company?" saves /user/userCorporateProfile.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(
    "Verify your identity",
    "Verify your identity and, if you rent as a company, your company's details.",
  );

const PATH = "/user-profile/profile-persona-verification";

type IdentityStatus = Profile["identityStatus"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const url = new URL(request.url);
  if (url.searchParams.has("inquiry-id")) {
    // Back from Persona's hosted flow: nothing to record, the result comes by its webhook.
    throw await redirectWithToast(
      PATH,
      makeToast("info", "Thank you. We will tell you as soon as your identity check has a result."),
    );
  }
  const reference = url.searchParams.get("reference");
  const result = url.searchParams.get("result");
  if (reference !== null || result !== null) {
    // Back from the provider: record the result once (the API checks the provider's signature), then show the page
    // without it in the URL.
    const signature = url.searchParams.get("signature");
    const answer = await client.call(persona, {
      body: {
        action: "complete",
        reference: reference ?? "",
        // What the provider's redirect says, as it is: the API refuses anything but passed or failed.
        result: (result ?? "") as "passed" | "failed",
        ...(signature === null ? {} : { signature }),
      },
    });
    const toast = !answer.ok
      ? answer.toast
      : answer.result.status === "passed"
        ? makeToast("success", "Your identity has been verified.")
        : makeToast("warning", "The identity check did not pass. You can try again.");
    throw await redirectWithToast(PATH, toast);
  }
  const [company, list, latest] = await Promise.all([
    client.call(viewCorporateProfile),
    client.call(cityList),
    // The latest check, read fresh: its result may have come by the provider's webhook a moment ago, which the
    // profile's cached answer has not heard of; and why it failed (the provider's words, or the trust team's).
    client.call(personaStatus, { query: {} }),
  ]);
  const check = latest.ok ? latest.result : null;
  const cities = list.ok
    ? list.result.map(({ name, slug, province, barangays }) => ({ name, slug, province, barangays }))
    : [];
  const saved = company.ok ? company.result : null;
  const slugOf = (name: string) =>
    cities.find((city) => city.name.toLowerCase() === name.toLowerCase())?.slug ?? name;
  return data({
    identityStatus: check?.status ?? profile.identityStatus,
    identityReason: check?.status === "failed" ? check.reason : null,
    company: saved
      ? {
          companyName: saved.companyName,
          tinNumber: saved.tinNumber,
          businessAddress: { ...saved.businessAddress, city: slugOf(saved.businessAddress.city) },
        }
      : null,
    cities,
    toast: !company.ok ? company.toast : !list.ok ? list.toast : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const formData = await request.formData();
  if (formData.get("intent") === "start") {
    // On success the API answers 302 + redirectUrl, and the client sends the browser to the provider.
    const answer = await client.call(persona, { body: { action: "start" } });
    const toast = answer.ok ? makeToast("error", "The identity check could not be started.") : answer.toast;
    return data({ result: undefined, toast }, { status: answer.ok ? 502 : answer.status });
  }
  await fillProvinceFromCity(formData, client, {
    city: "businessAddress.city",
    province: "businessAddress.province",
  });
  const submission = parseWithZod(formData, { schema: CompanyForm });
  if (submission.status !== "success") return formFailure(submission);
  const { intent: _, ...company } = submission.value;
  const answer = await client.call(saveCorporateProfile, { body: company });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(PATH, makeToast("success", answer.message));
}

const STATUS: Record<IdentityStatus, { label: string; text: string; button: string | null }> = {
  none: {
    label: "Not started",
    text: "Verified users get more bookings and more trust from hosts. It takes a few minutes with a valid ID.",
    button: "Start verification",
  },
  pending: {
    label: "Pending",
    text: "Your identity check has started but has no result yet. We will tell you as soon as it has one. If you did not finish it, start again.",
    button: "Start verification",
  },
  review: {
    label: "In review",
    text: "Your identity check needs a closer look by our team. We will tell you as soon as it is decided.",
    button: null,
  },
  passed: { label: "Passed", text: "Your identity has been verified. Thank you!", button: null },
  failed: {
    label: "Failed",
    text: "Your last identity check did not pass. Check that your ID is valid and readable, then try again.",
    button: "Try again",
  },
};

type CompanyFields = { companyName: string; tinNumber: string; businessAddress: AddressInput };

export default function ProfilePersonaVerification() {
  const { identityStatus, identityReason, company, cities } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<CompanyFields>({
    id: "company",
    lastResult: actionData?.result,
    defaultValue: company ?? undefined,
  });
  const status = STATUS[identityStatus];
  const pending = useIsPending();
  return (
    <ProfileStepCard
      title="Verify your identity"
      intro={
        <p>We check your identity with our verification partner. Your ID is never shown to other users.</p>
      }
      after={
        <section aria-labelledby="company-heading" className="mt-6 rounded-xl bg-white p-6 shadow-sm md:p-8">
          <h2 id="company-heading" className="text-xl font-bold text-slate-900">
            Renting as a company?
          </h2>
          <p className="mt-2 text-slate-700">
            Add your company's details and its TIN, so receipts and contracts carry the company's name.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <input type="hidden" name="intent" value="company" />
            <TextField field={fields.companyName} label="Company name" autoComplete="organization" />
            <TextField
              field={fields.tinNumber}
              label="TIN number"
              inputMode="numeric"
              hint="9 to 12 digits, for example 123-456-789-000."
            />
            <AddressFields legend="Business address" field={fields.businessAddress} cities={cities} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton pending={pending}>Save company profile</SubmitButton>
          </Form>
        </section>
      }
    >
      <section aria-labelledby="identity-heading" className="space-y-4">
        <h2 id="identity-heading" className="text-lg font-semibold text-slate-900">
          Identity check
        </h2>
        <p>
          Status: <strong data-testid="identity-status">{status.label}</strong>
        </p>
        <p className="text-slate-700">{status.text}</p>
        {identityReason ? (
          <p className="text-slate-700" data-testid="identity-reason">
            Reason: {identityReason}
          </p>
        ) : null}
        {status.button ? (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <SubmitButton pending={pending}>{status.button}</SubmitButton>
          </Form>
        ) : null}
      </section>
    </ProfileStepCard>
  );
}
