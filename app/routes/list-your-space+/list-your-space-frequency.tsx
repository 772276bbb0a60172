import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { FrequencyFields } from "~/components/listing-wizard/terms-fields";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/** list-your-space-frequency: the rental durations the listing offers (docs/product.md, Screens and routes). */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "list-your-space-frequency";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "Choose how long renters can book your space.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({ space });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function ListYourSpaceFrequency() {
  const { space } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<{ rentalDurations: string[] }>({
    id: STEP,
    lastResult: actionData?.result,
    defaultValue: { rentalDurations: space.rentalDurations },
  });
  return (
    <ListingStepLayout step={STEP} space={space}>
      <Form method="post" {...getFormProps(form)}>
        <FrequencyFields field={fields.rentalDurations} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
