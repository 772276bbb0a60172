import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RadioGroupField } from "~/components/listing-wizard/choice-fields";
import { ContractUpload, UPLOAD_CONTRACT_INTENT } from "~/components/listing-wizard/contract-upload";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { type SpaceView, STEP_TITLES } from "~/domain/space";
import { requireProfile } from "~/screens/auth.server";
import { readListingForm, uploadContract } from "~/screens/listing-wizard/contract-upload.server";
import { loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { stepPath } from "~/utils/site-paths";

/**
 * contract-facility (docs/product.md, Screens and routes): the contract renters sign — the Space Solution standard
 * contract (contract-template, filled in with the listing's details) or the host's own PDF, uploaded here first (POST
 * /space/uploadContract).
 */
export const handle: ShellHandle = { hideBottomMenu: true };

const STEP = "contract-facility";

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "Choose the contract renters of your space sign.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space } = await loadListingStep(request, STEP);
  return data({ space });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readListingForm(request);
  if (!(form instanceof FormData)) return form;
  if (form.get("intent") === UPLOAD_CONTRACT_INTENT) {
    const { client } = await requireProfile(request);
    const url = new URL(request.url);
    const spaceId = url.searchParams.get("spaceId");
    if (!spaceId) throw redirect(stepPath("location"));
    return uploadContract(client, spaceId, form, `${url.pathname}${url.search}`);
  }
  return saveListingStep(request, STEP, { formData: form });
}

export default function ContractFacility() {
  const { space } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useIsPending();
  const uploading = useIsPending({ intent: UPLOAD_CONTRACT_INTENT });
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Renters agree to a contract when they book. Use ours, filled in with your listing's details, or your own."
    >
      <div className="space-y-6">
        <ContractUpload
          currentUrl={space.contract.type === "uploaded" ? space.contract.url : null}
          error={actionData && "uploadError" in actionData ? actionData.uploadError : null}
          pending={uploading}
        />
        {/* A new upload makes the host's contract the chosen one: the form starts again from the saved choice. */}
        <ContractChoice
          key={space.contract.url ?? "standard"}
          space={space}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          pending={saving && !uploading}
        />
      </div>
    </ListingStepLayout>
  );
}

function ContractChoice({
  space,
  lastResult,
  pending,
}: {
  space: SpaceView;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
}) {
  const [form, fields] = useForm<{ contractType: string }>({
    id: STEP,
    lastResult,
    defaultValue: { contractType: space.contract.type ?? "standard" },
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <RadioGroupField
        field={fields.contractType}
        legend="The contract renters sign"
        choices={[
          {
            value: "standard",
            label: "Space Solution standard contract",
            description: "Written for storage and parking rentals, with your listing's details filled in.",
          },
          {
            value: "uploaded",
            label: "My own contract",
            description: space.contract.url
              ? "The PDF you uploaded above."
              : "Upload your PDF above before you choose this.",
          },
        ]}
      />
      <p className="mt-3 text-sm">
        <Link
          to={stepPath("contract-template", space._id)}
          className="font-semibold text-brand-700 underline"
        >
          Read the standard contract with your listing's details
        </Link>
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <StepActions pending={pending} />
    </Form>
  );
}
