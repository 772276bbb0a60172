import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as userApi from "~/api/user/user.server";
import { LocationFields } from "~/components/listing-wizard/location-fields";
import { type StepFormInput, stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import type { ApiClient } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { fillProvinceFromCity } from "~/screens/cities.server";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * list-your-space step 1: the address of the space. Without ?spaceId= it starts a new draft (the API creates it on
 * the first save). The city is one of /user/cityList; an empty province is filled in from the city.
 */
const STEP = "location" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: where it is. Renters see only the city and barangay.");

function cityList(client: ApiClient) {
  return client.call(userApi.cityList);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, space } = await loadListingStep(request, STEP);
  const list = await cityList(client);
  const cities = list.ok
    ? list.result.map(({ name, slug, province, barangays }) => ({ name, slug, province, barangays }))
    : [];
  const address = space?.address;
  return data({
    space: stepFrame(space),
    cities,
    address: address
      ? {
          addressLine1: address.addressLine1 ?? "",
          addressLine2: address.addressLine2 ?? "",
          city: address.citySlug ?? "",
          barangay: address.barangay ?? "",
          province: address.province ?? "",
        }
      : null,
    toast: list.ok ? null : list.toast,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { client } = await requireProfile(request);
  await fillProvinceFromCity(formData, client, { city: "city", province: "province" });
  return saveListingStep(request, STEP, { formData });
}

export default function LocationStep() {
  const { space, cities, address } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-location",
    lastResult: actionData?.result,
    defaultValue: address ?? undefined,
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Renters see only the city and barangay until they book; the full address is shared with your renter."
    >
      <Form method="post" {...getFormProps(form)}>
        <LocationFields fields={fields} cities={cities} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} showBack={false} />
      </Form>
    </ListingStepLayout>
  );
}
