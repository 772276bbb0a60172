import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { DiscountFields } from "~/components/listing-wizard/terms-fields";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * discount: the first-month discount (half a month at 6 months or more) and quick move-in (docs/product.md, Constants).
 */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "discount";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "Offer a first-month discount and quick move-in.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({ space });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function Discount() {
  const { space } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<{ firstMonthDiscount: boolean; quickMoveIn: boolean }>({
    id: STEP,
    lastResult: actionData?.result,
    defaultValue: { firstMonthDiscount: space.firstMonthDiscount, quickMoveIn: space.quickMoveIn },
  });
  return (
    <ListingStepLayout step={STEP} space={space} intro="Optional extras that help your listing stand out.">
      <Form method="post" {...getFormProps(form)}>
        <DiscountFields fields={fields} space={space} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
