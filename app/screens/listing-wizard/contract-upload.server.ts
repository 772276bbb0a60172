import { data } from "@remix-run/node";
import * as spaceFilesApi from "~/api/space/space-files.server";
import { CONTRACT_RULE } from "~/components/listing-wizard/contract-upload";
import type { SpaceView } from "~/domain/space";
import { log } from "~/infra/log.server";
import { BodyTooLargeError, readFormWithin } from "~/infra/security.server";
import type { ApiClient, ApiResult } from "~/screens/api.server";
import { redirectWithToast } from "~/screens/toast.server";
import { errorToast, makeToast } from "~/utils/toast";

/**
 * The server side of ContractUpload: a form read within the upload cap, and the contract forwarded to
 * POST /space/uploadContract. Success goes back to `returnTo` with the API's toast (so a reload does not send it
 * again); a refusal stays with the API's message next to the file input and as the toast.
 */

const UPLOAD_FAILED = "Upload failed.";

export function contractFailure(message: string, status = 400) {
  return data({ uploadError: message, toast: errorToast(message) }, { status });
}

/** The posted form, or the refusal of a body over the cap (a contract far over 10 MB). */
export async function readListingForm(
  request: Request,
): Promise<FormData | ReturnType<typeof contractFailure>> {
  try {
    return await readFormWithin(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return contractFailure(CONTRACT_RULE, 413);
    throw error;
  }
}

export async function uploadContract(client: ApiClient, spaceId: string, form: FormData, returnTo: string) {
  const upload = new FormData();
  upload.append("spaceId", spaceId);
  const file = form.get("contract");
  // Whatever was chosen (or nothing) goes to the API, which says what is wrong with it.
  if (file instanceof File && (file.size > 0 || file.name)) upload.append("contract", file, file.name);
  let answer: ApiResult<SpaceView>;
  try {
    answer = await client.call(spaceFilesApi.uploadContract, { body: upload });
  } catch (error) {
    // Redirects (an ended session) pass; a request that did not get through is "Upload failed.".
    if (error instanceof Response) throw error;
    log.error({ err: error }, "[contract upload] the upload did not reach the API");
    return contractFailure(UPLOAD_FAILED, 502);
  }
  if (!answer.ok) return contractFailure(answer.message, answer.status === 413 ? 413 : 400);
  return redirectWithToast(returnTo, makeToast("success", answer.message));
}
