import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatHistory, ChatSummary } from "~/api/conversations/conversations.server";
import type { NotificationView } from "~/api/conversations/notifications.server";
import { handleApiRequest } from "~/api/router.server";
import type { SearchResult } from "~/api/space/search-queries.server";
import { getDatabase } from "~/db/db.server";
import { messages, spaces } from "~/db/schema";
import {
  FLOOD_HISTORIES,
  isFloodSafe,
  NO_RENTERS_TO_UPDATE,
  STORM_UPDATE_LIMIT,
} from "~/domain/flood-readiness";
import { ELEVATION_MESSAGE } from "~/domain/listing-rules.server";
import type { SpaceView } from "~/domain/space";
import { aHostAndARenter, anApprovedBooking, createListing } from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser } from "./helpers";

/**
 * Readiness for typhoon season (docs/product.md; ADR 0080, 0081): the stored Flood-safe column against the domain's
 * rule, the wizard's flood-readiness step, the Flood-safe search and the storm update.
 */

type Person = Awaited<ReturnType<typeof loggedInUser>>;

describe("Flood-safe", () => {
  it("is the same in the database as isFloodSafe says, for every combination of facts", async () => {
    const host = await loggedInUser();
    const { db } = await getDatabase();
    const combinations = [];
    for (const storageType of ["storage", "parking"] as const)
      for (const floodHistory of [null, ...FLOOD_HISTORIES])
        for (const elevationM of [null, 0, 0.99, 1, 6])
          for (const raisedStorage of [false, true])
            for (const aboveFloodLine of [false, true])
              combinations.push({ storageType, floodHistory, elevationM, raisedStorage, aboveFloodLine });
    const rows = await db
      .insert(spaces)
      .values(combinations.map((facts) => ({ hostId: host.user.id, ...facts })))
      .returning();
    const disagreeing = rows.filter((row) => row.floodSafe !== isFloodSafe(row));
    expect(disagreeing).toEqual([]);
    expect(rows.some((row) => row.floodSafe)).toBe(true);
  });
});

describe("the flood-readiness step", () => {
  let host: Person;

  beforeAll(async () => {
    host = await loggedInUser();
  });

  async function draft(storageType: "storage" | "parking") {
    const { db } = await getDatabase();
    const [row] = await db.insert(spaces).values({ hostId: host.user.id, storageType }).returning();
    if (!row) throw new Error("draft not stored");
    return row.id;
  }

  function save(body: Record<string, unknown>) {
    return call<SpaceView>("POST", "/space/addMySpace", {
      cookie: host.cookie,
      body: { step: "flood-readiness", ...body },
    });
  }

  it("saves storage's facts and makes it Flood-safe by the rule", async () => {
    const spaceId = await draft("storage");
    const saved = await save({ spaceId, elevationM: 1.5, floodHistory: "never", backupPower: true });
    expectStatus(saved, 200);
    expect(saved.body.result.readiness).toEqual({
      elevationM: 1.5,
      floodHistory: "never",
      typhoonRatedDoor: false,
      raisedStorage: false,
      backupPower: true,
      aboveFloodLine: false,
      floodSafe: true,
    });
    expect(saved.body.result.completedSteps).toContain("flood-readiness");
  });

  it("is optional: nothing stated saves the step, not Flood-safe", async () => {
    const spaceId = await draft("storage");
    const saved = await save({ spaceId });
    expectStatus(saved, 200);
    expect(saved.body.result.readiness.floodSafe).toBe(false);
    expect(saved.body.result.completedSteps).toContain("flood-readiness");
  });

  it("keeps only the listing type's answers: a parking slot has no raised storage", async () => {
    const spaceId = await draft("parking");
    const saved = await save({ spaceId, floodHistory: "once", raisedStorage: true, aboveFloodLine: true });
    expectStatus(saved, 200);
    expect(saved.body.result.readiness).toMatchObject({
      raisedStorage: false,
      aboveFloodLine: true,
      floodSafe: true,
    });
  });

  it("refuses a height out of range and an unknown flood history, changing nothing", async () => {
    const spaceId = await draft("storage");
    expectRefused(await save({ spaceId, elevationM: -2 }), "elevationM", ELEVATION_MESSAGE);
    expectRefused(
      await save({ spaceId, floodHistory: "sometimes" }),
      "floodHistory",
      "Please choose how often the spot flooded.",
    );
    const { db } = await getDatabase();
    const [row] = await db.select().from(spaces).where(eq(spaces.id, spaceId));
    expect(row).toMatchObject({ elevationM: null, floodHistory: null, completedSteps: [] });
  });

  it("refuses someone else's draft", async () => {
    const other = await loggedInUser();
    const { db } = await getDatabase();
    const [row] = await db
      .insert(spaces)
      .values({ hostId: other.user.id, storageType: "storage" })
      .returning();
    const answer = await save({ spaceId: row?.id, floodHistory: "never" });
    expect(answer.status).toBe(403);
  });
});

describe("searching Flood-safe", () => {
  it("finds only Flood-safe listings, whose cards carry the facts, and declares the parameter", async () => {
    const host = await loggedInUser();
    const safe = await createListing(host.user.id, {
      cityId: null,
      spaceTitle: "Raised storage in Baguio",
      floodHistory: "once",
      raisedStorage: true,
    });
    const wet = await createListing(host.user.id, { cityId: null, floodHistory: "more", elevationM: 9 });
    const search = async (query: string) => {
      const answer = await call<SearchResult>("POST", `/space/newSpaceSearch/1?storageType=storage&${query}`);
      expectStatus(answer, 200);
      return answer.body.result.results;
    };
    const ids = (await search("floodSafe=true&sort=newest")).map((card) => card._id);
    expect(ids).toContain(safe.id);
    expect(ids).not.toContain(wet.id);
    const card = (await search("floodSafe=true&sort=newest")).find((each) => each._id === safe.id);
    expect(card?.readiness).toMatchObject({ floodSafe: true, floodHistory: "once", raisedStorage: true });
    // Searched after the Flood-safe one, it is a search of its own (not the same statement without the filter).
    expect((await search("sort=newest")).map((each) => each._id)).toContain(wet.id);

    const refused = await call("POST", "/space/newSpaceSearch/1?storageType=storage&floodSafe=maybe");
    expectRefused(refused, "floodSafe", "floodSafe must be true or false.");

    const response = await handleApiRequest(new Request("http://localhost/api/openapi.json"));
    const document = JSON.parse(await response.text());
    const parameters = document.paths["/space/newSpaceSearch/{n}"].post.parameters as { name: string }[];
    expect(parameters.map((parameter) => parameter.name)).toContain("floodSafe");
  });
});

describe("POST /user/sendStormUpdate", () => {
  function stormUpdate(person: Person, message: string) {
    return call<{ renters: number; conversations: number }>("POST", "/user/sendStormUpdate", {
      cookie: person.cookie,
      body: { message },
    });
  }

  it("reaches every renter with an approved booking in their conversation, who is told and can reply", async () => {
    const parties = await aHostAndARenter();
    await anApprovedBooking(parties);
    const { host, renter } = parties;
    const sent = await stormUpdate(host, "We raised everything to the second shelf.");
    expectStatus(sent, 200);
    expect(sent.body.result).toEqual({ renters: 1, conversations: 1 });

    const chats = await call<ChatSummary[]>("GET", `/user/userChatList?userId=${renter.user.id}`, {
      cookie: renter.cookie,
    });
    const chat = chats.body.result.find((each) => each.spaceId === parties.space.id);
    if (!chat) throw new Error("no conversation");
    const history = await call<ChatHistory>("POST", "/user/userChatHistory/1/500", {
      cookie: renter.cookie,
      body: { conversationId: chat.conversationId },
    });
    const texts = history.body.result.messages.filter((message) => message.kind === "text");
    expect(texts.at(-1)).toMatchObject({ text: "We raised everything to the second shelf.", mine: false });

    const notices = await call<{ notifications: NotificationView[] }>("GET", "/user/getMyAllNotification", {
      cookie: renter.cookie,
    });
    expect(notices.body.result.notifications).toContainEqual(
      expect.objectContaining({ kind: "newMessage", link: `/messages/${chat.conversationId}` }),
    );

    const reply = await call("POST", "/user/sendMessage", {
      cookie: renter.cookie,
      body: { conversationId: chat.conversationId, message: "Thank you!" },
    });
    expectStatus(reply, 200);
  });

  it("allows 3 a day, then refuses with the limit's message and sends nothing", async () => {
    const parties = await aHostAndARenter();
    await anApprovedBooking(parties);
    for (const n of [1, 2, 3]) expectStatus(await stormUpdate(parties.host, `Update ${n}`), 200);
    const fourth = await stormUpdate(parties.host, "Update 4");
    expectStatus(fourth, 429, STORM_UPDATE_LIMIT);
    const { db } = await getDatabase();
    const sent = await db.select().from(messages).where(eq(messages.body, "Update 4"));
    expect(sent).toEqual([]);
  });

  it("refuses a host with no approved or active booking, and an empty message", async () => {
    const parties = await aHostAndARenter();
    expectStatus(await stormUpdate(parties.host, "Anyone there?"), 400, NO_RENTERS_TO_UPDATE);
    await anApprovedBooking(parties);
    expectRefused(await stormUpdate(parties.host, "   "), "message", "Please write a message.");
  });
});
