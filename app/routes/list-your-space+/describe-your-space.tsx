import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DescribeFields } from "~/components/listing-wizard/describe-fields";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/** describe-your-space: the listing's title and description (docs/product.md, Screens and routes). */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "describe-your-space";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "Give your space a title and tell renters about it.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({ space });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function DescribeYourSpace() {
  const { space } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<{ spaceTitle: string; description: string }>({
    id: STEP,
    lastResult: actionData?.result,
    defaultValue: { spaceTitle: space.spaceTitle ?? "", description: space.description ?? "" },
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="A clear title and a few honest lines help renters choose your space."
    >
      <Form method="post" {...getFormProps(form)}>
        <DescribeFields fields={fields} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
