import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { StorageSizeFields } from "~/components/listing-wizard/size-fields";
import { inputNumber, type StepFormInput, stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { dimensionsFromMeters } from "~/domain/units";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * list-your-space step 4 (storage only): length, width and height in the host's unit (stored in meters by the API),
 * the floor area and volume they make, and how the space is rented. A saved size comes back in the host's
 * measurement unit.
 */
const STEP = "storage-space-size-measurements" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: its size, and whether it is rented whole or by the unit.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space, measurementUnit } = await loadListingStep(request, STEP);
  const sides = space?.size ? dimensionsFromMeters(space.size, measurementUnit) : null;
  return data({
    space: stepFrame(space),
    size: {
      lengthUnit: measurementUnit,
      length: inputNumber(sides?.length),
      width: inputNumber(sides?.width),
      height: inputNumber(sides?.height),
      entireSpace: space?.rentMode.entireSpace === false ? "" : "on",
      unitOfRental: space?.unitOfRental ?? "",
      unitsAvailable: space && !space.rentMode.entireSpace ? String(space.unitsAvailable) : "",
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function StorageSizeStep() {
  const { space, size } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-storage-size",
    lastResult: actionData?.result,
    defaultValue: size,
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Measure the inside of the space. Renters see its size in their own unit."
    >
      <Form method="post" {...getFormProps(form)}>
        <StorageSizeFields fields={fields} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
