import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { KindFields } from "~/components/listing-wizard/kind-fields";
import { type StepFormInput, stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * list-your-space step 3: storage or parking, and the kind of that type. The type decides the next step (the
 * storage size step or the vehicle size step); changing it makes the API forget what belonged to the old type.
 */
const STEP = "kind-of-space-are-you-listing" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: storage or parking, and what kind of space it is.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({
    space: stepFrame(space),
    kind: { storageType: space?.storageType ?? "", kind: space?.kind ?? "" },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function KindStep() {
  const { space, kind } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-kind",
    lastResult: actionData?.result,
    defaultValue: kind,
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro={
        space?.storageType
          ? "Changing between storage and parking clears the size, features and price you saved for the other type."
          : undefined
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <KindFields fields={fields} savedType={space?.storageType ?? null} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
