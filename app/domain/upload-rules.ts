import { MAX_CONTRACT_BYTES } from "./space";

/**
 * What uploads are told, in one place for the browser's early check and the server's own (spec §5, §8): images
 * must be JPEG or PNG; a host's contract must be a small PDF.
 */
export const IMAGE_ONLY_MESSAGE = "Please select image file only.";

export const CONTRACT_RULE = `The contract must be a PDF of at most ${MAX_CONTRACT_BYTES / (1024 * 1024)} MB.`;
