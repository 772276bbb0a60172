import { describe, expect, it } from "vitest";
import { IMAGE_UPLOADED, imagesUploadedMessage } from "./upload-rules";

describe("imagesUploadedMessage", () => {
  it("says the product's words for one image, and how many for several", () => {
    expect(imagesUploadedMessage(1)).toBe(IMAGE_UPLOADED);
    expect(IMAGE_UPLOADED).toBe("Image uploaded successfully.");
    expect(imagesUploadedMessage(2)).toBe("2 images uploaded successfully.");
    expect(imagesUploadedMessage(12)).toBe("12 images uploaded successfully.");
  });
});
