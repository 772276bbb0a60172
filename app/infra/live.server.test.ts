import { describe, expect, it } from "vitest";
import { createLiveBus } from "./live.server";

describe("the in-process live bus (PGlite)", () => {
  it("tells each user's subscribers only, until they unsubscribe", async () => {
    const bus = createLiveBus();
    const heard: string[] = [];
    const stopA = bus.subscribe("a", (change) => heard.push(`a:${change.topic}`));
    bus.subscribe("b", (change) => heard.push(`b:${change.topic}`));
    await bus.publish([{ userId: "a", topic: "messages" }]);
    stopA();
    await bus.publish([
      { userId: "a", topic: "notifications" },
      { userId: "b", topic: "viewings" },
    ]);
    expect(heard).toEqual(["a:messages", "b:viewings"]);
    await bus.close();
  });

  it("says whether a reconnecting stream missed a change since its last event id", async () => {
    const bus = createLiveBus();
    const seen: number[] = [];
    bus.subscribe("a", (change) => seen.push(change.at));
    await bus.publish([{ userId: "a", topic: "messages" }]);
    const last = seen[0] as number;
    expect(bus.changedSince("a", last)).toBe(false);
    expect(bus.changedSince("a", last - 1)).toBe(true);
    // Nothing known of a user without changes, or of a moment before the bus started: catch up to be safe.
    expect(bus.changedSince("nobody", Date.now())).toBe(false);
    expect(bus.changedSince("a", 0)).toBe(true);
    expect(bus.changedSince("a", Number.NaN)).toBe(true);
    await bus.close();
  });
});
