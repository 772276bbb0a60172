import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import { ImageUploadForm, UPLOAD_PATHS } from "~/components/listing-wizard/image-upload-form";
import { PhotoList } from "~/components/listing-wizard/photo-list";
import { stepFrame } from "~/components/listing-wizard/step-data";
import { ListingStepLayout, StepActions } from "~/components/listing-wizard/step-layout";
import { editListingPath } from "~/components/my-listings/paths";
import { useIsPending } from "~/components/ui/use-is-pending";
import { MAX_SPACE_PHOTOS, MIN_SPACE_PHOTOS, PUBLISHING_MESSAGES, STEP_TITLES } from "~/domain/space";
import { BACK_INTENT, loadListingStep, saveListingStep } from "~/screens/listing-wizard/listing-step.server";
import {
  type PhotoFailure,
  photoAction,
  photoFailure,
  readPhotoForm,
} from "~/screens/listing-wizard/photo-actions.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/**
 * list-your-space step 7: photos (1 to 20, one of them the cover; several can be picked and sent at once) and a
 * floor plan. Everything works as plain forms: uploads are multipart posts that this action forwards to POST /space/imageUploadSpaces and
 * /space/imageUploadFloorplan; a photo's buttons post an intent and this action computes the new order from the
 * draft and saves it with the step's body { photoOrder, coverPhotoIndex } (a photo left out is deleted). JavaScript
 * adds previews, upload progress and drag-and-drop. Continue needs at least one photo.
 */
const STEP = "add-more-details" as const;

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(STEP_TITLES[STEP], "List your space: add photos, choose the cover and add a floor plan.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { space: draft } = await loadListingStep(request, STEP);
  // Opened from the one-page edit of a published listing: offer the way back there.
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  return data({
    editPath: returnTo === "edit" ? editListingPath(draft._id) : null,
    space: stepFrame(draft),
    spaceId: draft._id,
    photos: draft.spacePhotos,
    coverPhotoIndex: draft.coverPhotoIndex,
    floorplan: draft.floorplan,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client, space: draft } = await loadListingStep(request, STEP);
  const { form, failure } = await readPhotoForm(request);
  if (!form) return failure;
  const handled = await photoAction(request, { client, space: draft, form });
  if (handled) return handled;
  // Continue (or Back): the photos as they are saved; Continue needs at least one.
  if (form.get("intent") !== BACK_INTENT && draft.spacePhotos.length < MIN_SPACE_PHOTOS)
    return photoFailure(PUBLISHING_MESSAGES.photo);
  return saveListingStep(request, STEP, {
    formData: form,
    extra: {
      photoOrder: draft.spacePhotos.map((photo) => photo.uploadId),
      coverPhotoIndex: draft.coverPhotoIndex,
    },
  });
}

export default function AddMoreDetailsStep() {
  const { space, spaceId, photos, coverPhotoIndex, floorplan, editPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure: PhotoFailure | null = actionData && !("result" in actionData) ? actionData : null;
  const full = photos.length >= MAX_SPACE_PHOTOS;
  const pending = useIsPending();
  const { formData } = useNavigation();
  // A photo's own buttons (make cover, move, delete) post from this page too, with the photo's id: only Continue
  // and Back say "Saving…".
  const continuing = pending && !formData?.get("photo");
  return (
    <ListingStepLayout
      step={STEP}
      space={space}
      intro="Bright, wide photos get more bookings. The cover photo is the one renters see first."
    >
      {editPath ? (
        <p className="mb-5">
          <Link to={editPath} className="font-semibold text-brand-700 underline">
            Back to editing your listing
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="photos-heading">
        <h2 id="photos-heading" className="text-lg font-semibold text-slate-900">
          Photos{" "}
          <span className="text-sm font-normal text-slate-600">
            ({photos.length} of {MAX_SPACE_PHOTOS})
          </span>
        </h2>
        <div className="mt-3">
          <PhotoList photos={photos} coverPhotoIndex={coverPhotoIndex} />
        </div>
        {failure?.photosError ? (
          <p id="photos-error" role="alert" className="mt-2 text-sm text-red-700">
            {failure.photosError}
          </p>
        ) : null}
        <div className="mt-5">
          {full ? (
            <p className="text-sm text-slate-700">
              You have {MAX_SPACE_PHOTOS} photos, the most a listing can have. Delete one to add another.
            </p>
          ) : (
            <ImageUploadForm
              spaceId={spaceId}
              intent="upload-photo"
              apiPath={UPLOAD_PATHS["upload-photo"]}
              label="Choose a photo or several"
              buttonLabel="Upload photos"
              hint={`JPEG or PNG, up to 15 MB in one upload. Add 1 to ${MAX_SPACE_PHOTOS} photos; you can pick several at once.`}
              multiple
              serverError={failure?.upload === "upload-photo" ? failure.uploadError : null}
              previewAlt="The photo you chose, before it is uploaded"
            />
          )}
        </div>
      </section>

      <section aria-labelledby="floorplan-heading" className="mt-8 border-t border-slate-200 pt-6">
        <h2 id="floorplan-heading" className="text-lg font-semibold text-slate-900">
          Floor plan <span className="text-sm font-normal text-slate-600">(optional)</span>
        </h2>
        {floorplan ? (
          <ResponsiveImage
            image={floorplan}
            alt="The floor plan of your space"
            sizes="(min-width: 640px) 400px, 90vw"
            className="mt-3 max-h-64 w-auto rounded-md bg-slate-100 object-contain"
          />
        ) : null}
        <div className="mt-3">
          <ImageUploadForm
            spaceId={spaceId}
            intent="upload-floorplan"
            apiPath={UPLOAD_PATHS["upload-floorplan"]}
            label={floorplan ? "Choose a new floor plan" : "Choose a floor plan"}
            buttonLabel="Upload floor plan"
            hint="A drawing or photo of the layout, JPEG or PNG. A new one replaces the old."
            serverError={failure?.upload === "upload-floorplan" ? failure.uploadError : null}
            previewAlt="The floor plan you chose, before it is uploaded"
          />
        </div>
      </section>

      <Form method="post" aria-describedby={failure?.photosError ? "photos-error" : undefined}>
        <StepActions pending={continuing} />
      </Form>
    </ListingStepLayout>
  );
}
