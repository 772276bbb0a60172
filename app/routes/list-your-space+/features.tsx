import { getFormProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FeaturesFields } from "~/components/listing-wizard/features-fields";
import { type StepFormInput, stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { stepPath } from "~/utils/site-paths";

/**
 * list-your-space step 5: the features of the listing's type and when renters can get in. The features depend on
 * the type, so a draft without one goes to the kind step first.
 */
const STEP = "features" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: what it offers, and when renters can get in.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  if (!space?.storageType) throw redirect(stepPath("kind-of-space-are-you-listing", space?._id));
  return data({
    space: stepFrame(space),
    type: space.storageType,
    features: { features: space.features, accessOption: space.accessOption ?? "" },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function FeaturesStep() {
  const { space, type, features } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-features",
    lastResult: actionData?.result,
    defaultValue: features,
  });
  return (
    <ListingStepLayout step={STEP} space={space}>
      <Form method="post" {...getFormProps(form)}>
        <FeaturesFields fields={fields} type={type} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
