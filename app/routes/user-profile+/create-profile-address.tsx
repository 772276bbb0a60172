import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { updateFirstLogin } from "~/api/user/auth.server";
import { cityList } from "~/api/user/user.server";
import { updateAddress } from "~/api/user/verification.server";
import { ErrorList, SubmitButton } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { AddressFields, ProfileStepCard, SecondaryButton } from "~/components/verification-ui";
import type { AddressInput } from "~/domain/address-rules";
import type { ApiClient } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { fillProvinceFromCity } from "~/screens/cities.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { AddressForm } from "~/screens/verification-forms.server";
import { firstLoginEnd, isFirstLoginFlow } from "~/utils/first-login";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

/**
 * The user's address (docs/product.md, Validation texts: line 1, line 2, city from /user/cityList, barangay, province,
 * house number, street), saved with POST /user/updateAddress. The last step of the first-login walk-through with
 * `?flow=first-login`: saving or skipping it records the walk-through as done (POST /user/updateFirstLogin) and goes
 * where the walk-through ends (the page the newcomer was going to when they signed up, else home).
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("Your address", "The address of your Space Solution account.");

const PATH = "/user-profile/create-profile-address";
const ACCOUNT = "/user-profile/user-profile-menu";
const ALL_SET = "You're all set.";

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const list = await client.call(cityList);
  const cities = list.ok
    ? list.result.map(({ name, slug, province, barangays }) => ({ name, slug, province, barangays }))
    : [];
  const saved = profile.address;
  // The select's values are slugs; the profile keeps the city's name.
  const savedCity = saved
    ? (cities.find((city) => city.name.toLowerCase() === saved.city.toLowerCase())?.slug ?? saved.city)
    : undefined;
  return data({
    cities,
    address: saved ? { ...saved, city: savedCity } : null,
    flowPath: isFirstLoginFlow(request.url) ? PATH : null,
    toast: list.ok ? null : list.toast,
  });
}

/** The walk-through is over: recorded once, then on to where it ends with the all-set toast. */
async function finishFirstLogin(client: ApiClient, userId: string, request: Request) {
  const done = await client.call(updateFirstLogin, { body: { userId } });
  if (!done.ok) return data({ result: undefined, toast: done.toast }, { status: done.status });
  return redirectWithToast(firstLoginEnd(request.url), makeToast("success", ALL_SET));
}

export async function action({ request }: ActionFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const formData = await request.formData();
  const inFlow = isFirstLoginFlow(request.url);
  if (formData.get("intent") === "skip" && inFlow) return finishFirstLogin(client, profile.userId, request);
  await fillProvinceFromCity(formData, client, { city: "address.city", province: "address.province" });

  const submission = parseWithZod(formData, { schema: AddressForm });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(updateAddress, { body: { address: submission.value.address } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  if (inFlow) return finishFirstLogin(client, profile.userId, request);
  return redirectWithToast(ACCOUNT, makeToast("success", answer.message));
}

export default function CreateProfileAddress() {
  const { cities, address, flowPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<{ address: AddressInput }>({
    id: "address",
    lastResult: actionData?.result,
    defaultValue: address ? { address } : undefined,
  });
  return (
    <ProfileStepCard
      title="Your address"
      flowPath={flowPath}
      intro={<p>Where you live. It stays private: other users never see your address.</p>}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <AddressFields legend="Address" field={fields.address} cities={cities} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={isPending}>Save address</SubmitButton>
      </Form>
      {flowPath ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="skip" />
          <SecondaryButton>Skip for now</SecondaryButton>
        </Form>
      ) : null}
    </ProfileStepCard>
  );
}
