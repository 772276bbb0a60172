import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { VehicleSizeFields } from "~/components/listing-wizard/size-fields";
import { type StepFormInput, stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/** list-your-space step 4 (parking only): the largest vehicle that fits, and how many slots there are. */
const STEP = "vehicle-size-measurements" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: the largest vehicle that fits, and how many slots.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({
    space: stepFrame(space),
    vehicle: {
      vehicleSize: space?.vehicleSize ?? "",
      // A new draft has one slot: the usual case, ready to confirm.
      unitsAvailable: String(space?.unitsAvailable ?? 1),
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function VehicleSizeStep() {
  const { space, vehicle } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-vehicle-size",
    lastResult: actionData?.result,
    defaultValue: vehicle,
  });
  return (
    <ListingStepLayout step={STEP} space={space}>
      <Form method="post" {...getFormProps(form)}>
        <VehicleSizeFields fields={fields} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
