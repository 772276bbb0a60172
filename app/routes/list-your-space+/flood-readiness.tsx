import { getFormProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ReadinessFields } from "~/components/listing-wizard/readiness-fields";
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
 * list-your-space step 6 (optional): readiness for typhoon season — height above the street, flood history and what
 * keeps goods or cars dry (docs/product.md, Readiness for typhoon season). What is asked depends on the type, so a
 * draft without one goes to the kind step first. Continue with nothing filled in saves "not stated".
 */
const STEP = "flood-readiness" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: how ready it is for typhoons and floods.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  if (!space?.storageType) throw redirect(stepPath("kind-of-space-are-you-listing", space?._id));
  const { readiness } = space;
  return data({
    space: stepFrame(space),
    type: space.storageType,
    readiness: {
      elevationM: readiness.elevationM === null ? "" : String(readiness.elevationM),
      floodHistory: readiness.floodHistory ?? "",
      typhoonRatedDoor: readiness.typhoonRatedDoor,
      raisedStorage: readiness.raisedStorage,
      backupPower: readiness.backupPower,
      aboveFloodLine: readiness.aboveFloodLine,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveListingStep(request, STEP);
}

export default function FloodReadinessStep() {
  const { space, type, readiness } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<StepFormInput<typeof STEP>>({
    id: "listing-flood-readiness",
    lastResult: actionData?.result,
    defaultValue: readiness,
  });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Optional. Renters storing goods or parking through the rainy season look for these; a Flood-safe listing gets a badge in search."
    >
      <Form method="post" {...getFormProps(form)}>
        <ReadinessFields fields={fields} type={type} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StepActions pending={isPending} />
      </Form>
    </ListingStepLayout>
  );
}
