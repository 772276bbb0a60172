import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { editSpace, spaceBriefHostView } from "~/api/space/spaces.server";
import { cityList } from "~/api/user/user.server";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import { RadioGroupField } from "~/components/listing-wizard/choice-fields";
import { ContractUpload, UPLOAD_CONTRACT_INTENT } from "~/components/listing-wizard/contract-upload";
import { DescribeFields } from "~/components/listing-wizard/describe-fields";
import { FeaturesFields } from "~/components/listing-wizard/features-fields";
import { LocationFields } from "~/components/listing-wizard/location-fields";
import { PinFields } from "~/components/listing-wizard/pin-fields";
import { PriceFields, pesoInput } from "~/components/listing-wizard/price-fields";
import { ReadinessFields } from "~/components/listing-wizard/readiness-fields";
import { StorageSizeFields, VehicleSizeFields } from "~/components/listing-wizard/size-fields";
import { inputNumber } from "~/components/listing-wizard/step-data";
import { DepositFields, DiscountFields, FrequencyFields } from "~/components/listing-wizard/terms-fields";
import { MY_LISTINGS, myListingsTab } from "~/components/my-listings/paths";
import { ErrorList } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { todayInManila } from "~/domain/dates";
import { coverPhoto, type SpaceView } from "~/domain/space";
import { dimensionsFromMeters } from "~/domain/units";
import { kindOptionsFor, SPACE_TYPE_LABELS } from "~/domain/vocabulary";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { readListingForm, uploadContract } from "~/screens/listing-wizard/contract-upload.server";
import { loadPriceGuidance } from "~/screens/listing-wizard/price-guidance.server";
import { parseListingEdit } from "~/screens/my-listings/edit-listing.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { listingPath, stepPath } from "~/utils/site-paths";
import { makeToast } from "~/utils/toast";

/**
 * storage-list-form (docs/product.md, Screens and routes): one page to edit a published listing, `?spaceId=`. Every
 * field of every step but the photos (changed on the add-more-details step, linked from here) in one form, checked with
 * each step's rules and saved with one POST /space/editSpace; the first failure is the toast. The type (storage or
 * parking) stays: a different type is a different listing. The host's own contract is uploaded with its own small form.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Edit your listing", "Change the details of your listing.");

const FORM_ID = "edit-listing";

/** The edit form's fields, as conform names them (numbers and prices as typed). */
type EditForm = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  barangay: string;
  province: string;
  latitude: string;
  longitude: string;
  storageType: string;
  kind: string;
  lengthUnit: string;
  length: string;
  width: string;
  height: string;
  entireSpace: string;
  unitOfRental: string;
  unitsAvailable: string;
  vehicleSize: string;
  features: string[];
  accessOption: string;
  elevationM: string;
  floodHistory: string;
  typhoonRatedDoor: boolean;
  raisedStorage: boolean;
  backupPower: boolean;
  aboveFloodLine: boolean;
  spaceTitle: string;
  description: string;
  rentalDurations: string[];
  monthlyPrice: string;
  dailyPrice: string;
  depositRequired: boolean;
  contractType: string;
  firstMonthDiscount: boolean;
  quickMoveIn: boolean;
};

function defaults(space: SpaceView, unit: "meter" | "feet"): Partial<EditForm> {
  const sides = space.size ? dimensionsFromMeters(space.size, unit) : null;
  return {
    addressLine1: space.address.addressLine1 ?? "",
    addressLine2: space.address.addressLine2 ?? "",
    city: space.address.citySlug ?? "",
    barangay: space.address.barangay ?? "",
    province: space.address.province ?? "",
    latitude: inputNumber(space.latitude, 6),
    longitude: inputNumber(space.longitude, 6),
    storageType: space.storageType ?? "",
    kind: space.kind ?? "",
    lengthUnit: unit,
    length: inputNumber(sides?.length),
    width: inputNumber(sides?.width),
    height: inputNumber(sides?.height),
    entireSpace: space.rentMode.entireSpace ? "on" : "",
    unitOfRental: space.unitOfRental ?? "",
    unitsAvailable: String(space.unitsAvailable),
    vehicleSize: space.vehicleSize ?? "",
    features: space.features,
    accessOption: space.accessOption ?? "",
    elevationM: space.readiness.elevationM === null ? "" : String(space.readiness.elevationM),
    floodHistory: space.readiness.floodHistory ?? "",
    typhoonRatedDoor: space.readiness.typhoonRatedDoor,
    raisedStorage: space.readiness.raisedStorage,
    backupPower: space.readiness.backupPower,
    aboveFloodLine: space.readiness.aboveFloodLine,
    spaceTitle: space.spaceTitle ?? "",
    description: space.description ?? "",
    rentalDurations: space.rentalDurations,
    monthlyPrice: pesoInput(space.listingPrice),
    dailyPrice: pesoInput(space.dailyPrice),
    depositRequired: space.depositRequired,
    contractType: space.contract.type ?? "standard",
    firstMonthDiscount: space.firstMonthDiscount,
    quickMoveIn: space.quickMoveIn,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  if (!spaceId) throw redirect(MY_LISTINGS);
  const answer = await client.call(spaceBriefHostView, { query: { spaceId, editSpace: "true" } });
  if (!answer.ok) throw await redirectWithToast(MY_LISTINGS, answer.toast);
  const space = answer.result;
  // A draft is finished in the wizard, where it stopped.
  if (space.status === "pending" || !space.storageType) throw redirect(stepPath(space.resumeStep, space._id));
  const unit = profile.measurementUnit === "feet" ? "feet" : "meter";
  const [list, guidance] = await Promise.all([client.call(cityList), loadPriceGuidance(client, space)]);
  const cities = list.ok ? list.result : [];
  const city = cities.find((each) => each.slug === space.address.citySlug);
  return data({
    space,
    type: space.storageType,
    defaults: defaults(space, unit),
    cities: cities.map(({ name, slug, province, barangays }) => ({ name, slug, province, barangays })),
    center: city ? { latitude: city.latitude, longitude: city.longitude } : undefined,
    cityName: city?.name ?? null,
    guidance,
    today: todayInManila(),
    toast: list.ok ? null : list.toast,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readListingForm(request);
  if (!(form instanceof FormData)) return form;
  const { client } = await requireProfile(request);
  const url = new URL(request.url);
  const spaceId = url.searchParams.get("spaceId");
  if (!spaceId) throw redirect(MY_LISTINGS);
  if (form.get("intent") === UPLOAD_CONTRACT_INTENT)
    return uploadContract(client, spaceId, form, `${url.pathname}${url.search}`);

  const type = form.get("storageType") === "parking" ? "parking" : "storage";
  const { submission, value } = parseListingEdit(form, type);
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(editSpace, { body: { spaceId, ...value } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(myListingsTab(answer.result.status), makeToast("success", answer.message));
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm sm:p-8">
      <h2 id={id} className="mb-5 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function StorageListForm() {
  const loaded = useLoaderData<typeof loader>();
  const { space } = loaded;
  const actionData = useActionData<typeof action>();
  const saving = useIsPending();
  const uploading = useIsPending({ intent: UPLOAD_CONTRACT_INTENT });
  const title = space.spaceTitle ?? "Your listing";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <p className="text-sm">
        <Link to={myListingsTab(space.status)} className="font-semibold text-brand-700 underline">
          Back to my listings
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Edit your listing</h1>
      <p className="mt-1 text-slate-700">
        {title} ·{" "}
        {space.status === "active" ? (
          <Link to={listingPath(space)} className="text-brand-700 underline">
            See it as renters do
          </Link>
        ) : (
          "Inactive: renters do not see it until you activate it."
        )}
      </p>
      {/* An upload makes the host's contract the chosen one (the API does): the form starts again from the saved listing. */}
      <EditListingForm
        key={space.contract.url ?? "standard"}
        {...loaded}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        pending={saving && !uploading}
      />
      <div className="mt-6">
        <ContractUpload
          currentUrl={space.contract.type === "uploaded" ? space.contract.url : null}
          error={actionData && "uploadError" in actionData ? actionData.uploadError : null}
          pending={uploading}
        />
      </div>
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function EditListingForm({
  space,
  type,
  defaults,
  cities,
  center,
  cityName,
  guidance,
  today,
  lastResult,
  pending,
}: Loaded & { lastResult: SubmissionResult<string[]> | undefined; pending: boolean }) {
  const [form, fields] = useForm<EditForm>({ id: FORM_ID, lastResult, defaultValue: defaults });
  const title = space.spaceTitle ?? "Your listing";
  const cover = coverPhoto(space);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <input type="hidden" name="storageType" value={type} />
      <Section id="edit-location" title="Location">
        <LocationFields fields={fields} cities={cities} />
      </Section>
      <Section id="edit-pin" title="Map pin">
        <PinFields fields={fields} center={center} cityName={cityName} />
      </Section>
      <Section id="edit-kind" title={`Kind of ${type} space`}>
        <RadioGroupField
          field={fields.kind}
          legend={`${SPACE_TYPE_LABELS[type]}: what kind of space is it?`}
          choices={kindOptionsFor(type)}
          columns={2}
        />
      </Section>
      <Section id="edit-size" title={type === "parking" ? "Vehicle and slots" : "Size and rent mode"}>
        {type === "parking" ? <VehicleSizeFields fields={fields} /> : <StorageSizeFields fields={fields} />}
      </Section>
      <Section id="edit-features" title="Features and access">
        <FeaturesFields fields={fields} type={type} />
      </Section>
      <Section id="edit-readiness" title="Typhoon and flood readiness">
        <ReadinessFields fields={fields} type={type} />
      </Section>
      <Section id="edit-photos" title="Photos">
        <div className="flex flex-wrap items-center gap-4">
          {cover ? (
            <ResponsiveImage
              image={cover}
              alt={`Cover photo of ${title}`}
              sizes="10rem"
              className="aspect-[4/3] h-auto w-40 rounded-lg bg-slate-200 object-cover"
            />
          ) : null}
          <div className="text-sm text-slate-700">
            <p>
              {space.spacePhotos.length} photo{space.spacePhotos.length === 1 ? "" : "s"}
              {space.floorplan ? " and a floor plan" : ""}.
            </p>
            <Link
              to={`${stepPath("add-more-details", space._id)}&returnTo=edit`}
              className="mt-1 inline-block font-semibold text-brand-700 underline"
            >
              Add, reorder or delete photos
            </Link>
            <p className="mt-1 text-slate-600">
              Save your changes here first: the photos open on their own page.
            </p>
          </div>
        </div>
      </Section>
      <Section id="edit-describe" title="Title and description">
        <DescribeFields fields={fields} />
      </Section>
      <Section id="edit-durations" title="Rental durations">
        <FrequencyFields field={fields.rentalDurations} />
      </Section>
      <Section id="edit-price" title="Price">
        <PriceFields fields={fields} space={space} guidance={guidance} today={today} />
      </Section>
      <Section id="edit-deposit" title="Deposit">
        <DepositFields field={fields.depositRequired} space={space} />
      </Section>
      <Section id="edit-contract" title="Contract">
        <RadioGroupField
          field={fields.contractType}
          legend="The contract renters sign"
          choices={[
            { value: "standard", label: "Space Solution standard contract" },
            {
              value: "uploaded",
              label: "My own contract",
              description: space.contract.url
                ? "The PDF you uploaded (replace it below)."
                : "Upload your PDF below first.",
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
      </Section>
      <Section id="edit-discount" title="Discounts">
        <DiscountFields fields={fields} space={space} />
      </Section>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? "Saving…" : "Save changes"}
      </button>
    </Form>
  );
}
