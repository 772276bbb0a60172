import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { cityList } from "~/api/user/user.server";
import { PinFields } from "~/components/listing-wizard/pin-fields";
import { inputNumber, type StepFormInput, stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { MANILA } from "~/domain/geo";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * list-your-space step 2: the pin. A draggable pin on a map with JavaScript; the latitude and longitude inputs, which
 * the pin writes, without. They start at the saved pin, else the centre of the draft's city (GET /user/cityList).
 */
const STEP = "pin-location-on-map" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(
    STEP_TITLES[STEP],
    "List your space: pin its exact location. Renters see only an approximate area.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, space } = await loadListingStep(request, STEP);
  const list = await client.call(cityList);
  const city = list.ok ? list.result.find((each) => each.slug === space?.address.citySlug) : undefined;
  const center = city ? { latitude: city.latitude, longitude: city.longitude } : MANILA;
  const pinned = space?.latitude != null && space.longitude != null;
  return data({
    space: stepFrame(space),
    center,
    // Said only while the numbers are the city's centre, not a saved pin.
    cityName: pinned ? null : (city?.name ?? null),
    pin: {
      latitude: inputNumber(pinned ? space?.latitude : center.latitude, 6),
      longitude: inputNumber(pinned ? space?.longitude : center.longitude, 6),
    },
    toast: list.ok ? null : list.toast,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function PinStep() {
  const { space, center, cityName, pin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-pin",
    lastResult: actionData?.result,
    defaultValue: pin,
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Renters see an approximate area on the map until they book; the exact pin helps your renter find you."
    >
      <Form method="post" {...getFormProps(form)}>
        <PinFields fields={fields} center={center} cityName={cityName} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
