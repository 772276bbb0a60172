import { describe, expect, it } from "vitest";
import { UNKNOWN_CITY } from "./address-rules";
import { DomainError } from "./errors";
import { applyStep, BARANGAY_NOT_IN_CITY, CHOOSE_TYPE_FIRST, newDraft, publish } from "./listing-draft";

/** The listing draft's rules without a database (the API tests run every step end to end). */
describe("a listing draft", () => {
  const location = {
    step: "location" as const,
    addressLine1: "27 Don Pedro Street",
    addressLine2: "Unit B",
    city: "makati",
    barangay: "poblacion",
    province: "Metro Manila",
  };

  it("takes the city as the database knows it and the barangay's own spelling, and marks the step saved", () => {
    const draft = newDraft();
    applyStep(draft, location as never, { id: 7, barangays: ["Poblacion", "Bel-Air"] });
    expect(draft.values).toMatchObject({ cityId: 7, barangay: "Poblacion", completedSteps: ["location"] });
  });

  it("refuses an unknown city, a barangay not in it, and a step before the kind, naming the field", () => {
    const refusal = (run: () => void) => {
      try {
        run();
      } catch (error) {
        if (error instanceof DomainError) return { field: error.field, message: error.message };
      }
      return null;
    };
    expect(refusal(() => applyStep(newDraft(), location as never, null))).toEqual({
      field: "city",
      message: UNKNOWN_CITY,
    });
    expect(
      refusal(() => applyStep(newDraft(), location as never, { id: 7, barangays: ["Bel-Air"] })),
    ).toEqual({
      field: "barangay",
      message: BARANGAY_NOT_IN_CITY,
    });
    expect(
      refusal(() =>
        applyStep(newDraft(), { step: "features", features: [], accessOption: "all_time" } as never),
      ),
    ).toEqual({ field: "storageType", message: CHOOSE_TYPE_FIRST });
  });

  it("is not published while requirements are missing, and lists them all", () => {
    const draft = newDraft();
    try {
      publish(draft);
      throw new Error("published");
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details).toEqual(
        expect.arrayContaining([expect.objectContaining({ step: "location" })]),
      );
    }
    expect(draft.values.status).toBe("pending");
  });
});
