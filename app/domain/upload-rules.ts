import { MAX_CONTRACT_BYTES } from "./space";

/**
 * What uploads are told, in one place for the browser's early check and the server's own (docs/product.md, Uploads and
 * images): images must be JPEG or PNG; a host's contract must be a small PDF; an upload that worked says so.
 */
export const IMAGE_ONLY_MESSAGE = "Please select image file only.";

/** The product's words (docs/product.md, Uploads and images) when an upload succeeds. */
export const IMAGE_UPLOADED = "Image uploaded successfully.";

/** What a successful upload of `count` images says: the product's words for one, and how many for several. */
export function imagesUploadedMessage(count: number): string {
  return count > 1 ? `${count} images uploaded successfully.` : IMAGE_UPLOADED;
}

export const CONTRACT_RULE = `The contract must be a PDF of at most ${MAX_CONTRACT_BYTES / (1024 * 1024)} MB.`;
