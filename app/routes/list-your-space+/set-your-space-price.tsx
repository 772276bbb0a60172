import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PriceFields, pesoInput } from "~/components/listing-wizard/price-fields";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { todayInManila } from "~/domain/dates";
import { STEP_TITLES } from "~/domain/space";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { loadPriceGuidance } from "~/screens/listing-wizard/price-guidance.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * set-your-space-price (docs/product.md, Screens and routes): the monthly price of one unit or of the whole space
 * (storage), or the daily and full-month prices (parking), with the city's current prices as guidance and an example of
 * what renters pay.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "set-your-space-price";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "Set the price of your space, with the prices of your city as a guide.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, space } = await loadListingStep(request, STEP);
  const guidance = await loadPriceGuidance(client, space);
  return data({ space, guidance, today: todayInManila() });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function SetYourSpacePrice() {
  const { space, guidance, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<{ monthlyPrice: string; dailyPrice: string }>({
    id: STEP,
    lastResult: actionData?.result,
    defaultValue: { monthlyPrice: pesoInput(space.listingPrice), dailyPrice: pesoInput(space.dailyPrice) },
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Prices are in pesos. You can change them at any time."
    >
      <Form method="post" {...getFormProps(form)}>
        <PriceFields fields={fields} space={space} guidance={guidance} today={today} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
