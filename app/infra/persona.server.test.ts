import { describe, expect, it } from "vitest";
import { isFinalDecision, parsePersonaEvent, personaEventBody } from "./persona.server";

const AT = new Date("2026-11-28T03:00:00.000Z");
const inquiry = {
  type: "inquiry",
  id: "inq_123",
  attributes: { status: "approved", "reference-id": "user-1" },
};

describe("parsePersonaEvent", () => {
  it("reads an inquiry's event: its outcome, the inquiry, the user it was made for and when it happened", () => {
    expect(parsePersonaEvent(personaEventBody("evt_1", "inquiry.approved", inquiry, [], AT))).toEqual({
      eventId: "evt_1",
      event: {
        eventId: "evt_1",
        name: "inquiry.approved",
        outcome: "passed",
        inquiryId: "inq_123",
        referenceId: "user-1",
        createdAt: AT.toISOString(),
        reason: null,
      },
    });
    const outcome = (name: string) =>
      parsePersonaEvent(personaEventBody("evt", name, inquiry)).event?.outcome;
    // Completed is not yet a decision: Persona's workflow approves, declines or marks it for review next.
    expect(outcome("inquiry.completed")).toBeNull();
    expect(outcome("inquiry.declined")).toBe("failed");
    expect(outcome("inquiry.failed")).toBe("failed");
    expect(outcome("inquiry.marked-for-review")).toBe("review");
    expect(outcome("inquiry.started")).toBeNull();
    expect(isFinalDecision("inquiry.declined")).toBe(true);
    expect(isFinalDecision("inquiry.completed")).toBe(false);
  });

  it("gives Persona's reason for a refusal: the verification checks that failed, in words", () => {
    const included = [
      {
        type: "verification/government-id",
        attributes: {
          status: "failed",
          checks: [
            { name: "id_expired", status: "failed" },
            { name: "id_barcode_detection", status: "passed" },
          ],
        },
      },
      {
        type: "verification/selfie",
        attributes: { checks: [{ name: "selfie_id_comparison", status: "failed" }] },
      },
      { type: "account", attributes: { checks: [{ name: "not_a_check", status: "failed" }] } },
    ];
    const { event } = parsePersonaEvent(personaEventBody("evt_2", "inquiry.declined", inquiry, included));
    expect(event?.reason).toBe("Persona could not verify: id expired, selfie id comparison.");
    const bare = parsePersonaEvent(personaEventBody("evt_3", "inquiry.failed", inquiry)).event;
    expect(bare?.reason).toBe("Persona could not verify your identity.");
  });

  it("takes another resource's event as nothing to do, and throws on a body that is not an event", () => {
    const account = { type: "account", id: "act_1", attributes: {} };
    expect(parsePersonaEvent(personaEventBody("evt_4", "account.created", account))).toEqual({
      eventId: "evt_4",
      event: null,
    });
    expect(() => parsePersonaEvent("{}")).toThrow();
    expect(() => parsePersonaEvent("not json")).toThrow();
  });
});
