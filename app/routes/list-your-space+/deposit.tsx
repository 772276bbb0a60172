import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { DepositFields } from "~/components/listing-wizard/terms-fields";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/** deposit: whether renters pay a deposit of one month's price (docs/product.md, Pricing and Constants). */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "deposit";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "Choose whether renters pay a deposit for your space.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({ space });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function Deposit() {
  const { space } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<{ depositRequired: boolean }>({
    id: STEP,
    lastResult: actionData?.result,
    defaultValue: { depositRequired: space.depositRequired },
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="A deposit protects you against damage or unpaid rent on longer bookings."
    >
      <Form method="post" {...getFormProps(form)}>
        <DepositFields field={fields.depositRequired} space={space} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
