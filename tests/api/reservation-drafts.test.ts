import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import type { ReservationDraft } from "~/api/reserve/reservation-drafts.server";
import { ITEM_MESSAGES, ITEM_NOT_FOUND, type StorageItem } from "~/api/user/item-list.server";
import { addDays, todayInManila } from "~/domain/dates";
import { PRICE_PROMPTS, RESERVATION_MESSAGES } from "~/domain/reservation";
import { aHostAndARenter, start } from "./booking-fixtures";
import { call, expectRefused, expectStatus, fileForm, loggedInUser, postForm } from "./helpers";

/**
 * The renter's item list (the /user/itemList call) and the reservation in progress (ADR 0023): each id checked against
 * the caller, each step checked by the booking rules, the draft kept on the server until the booking is made.
 */

describe("/user/itemList", () => {
  it("adds, lists, changes and removes the caller's items, and no one else's", async () => {
    const renter = await loggedInUser();
    const stranger = await loggedInUser();
    const added = await call<StorageItem>("POST", "/user/itemList", {
      cookie: renter.cookie,
      body: { name: "Balikbayan box", quantity: "3", notes: "Clothes" },
    });
    expectStatus(added, 200, "The item is on your list.");
    const { itemId } = added.body.result;
    expectRefused(
      await call("POST", "/user/itemList", { cookie: renter.cookie, body: { name: " ", quantity: 1 } }),
      "name",
      ITEM_MESSAGES.name,
    );
    expectRefused(
      await call("POST", "/user/itemList", { cookie: renter.cookie, body: { name: "Bike", quantity: 0 } }),
      "quantity",
      ITEM_MESSAGES.quantity,
    );
    const changed = await call<StorageItem>("PUT", `/user/itemList?itemId=${itemId}`, {
      cookie: renter.cookie,
      body: { name: "Balikbayan boxes", quantity: 4 },
    });
    expect(changed.body.result).toEqual({
      itemId,
      name: "Balikbayan boxes",
      quantity: 4,
      notes: null,
      photoUrl: null,
    });
    expectStatus(
      await call("PUT", `/user/itemList?itemId=${itemId}`, {
        cookie: stranger.cookie,
        body: { name: "Mine", quantity: 1 },
      }),
      404,
      ITEM_NOT_FOUND,
    );
    expectStatus(
      await call("DELETE", `/user/itemList?itemId=${itemId}`, { cookie: stranger.cookie }),
      404,
      ITEM_NOT_FOUND,
    );
    expectStatus(
      await call("GET", `/user/itemList?userId=${renter.user.id}`, { cookie: stranger.cookie }),
      404,
    );
    const list = await call<StorageItem[]>("GET", `/user/itemList?userId=${renter.user.id}`, {
      cookie: renter.cookie,
    });
    expect(list.body.result.map((item) => item.name)).toEqual(["Balikbayan boxes"]);
    expectStatus(await call("DELETE", `/user/itemList?itemId=${itemId}`, { cookie: renter.cookie }), 200);
    const empty = await call<StorageItem[]>("GET", `/user/itemList?userId=${renter.user.id}`, {
      cookie: renter.cookie,
    });
    expect(empty.body.result).toEqual([]);
  });
});

describe("an item's photo", () => {
  it("is checked by its bytes, kept small, and only the owner may set it", async () => {
    const renter = await loggedInUser();
    const stranger = await loggedInUser();
    const item = await call<StorageItem>("POST", "/user/itemList", {
      cookie: renter.cookie,
      body: { name: "Bike", quantity: 1 },
    });
    const { itemId } = item.body.result;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#88aa55" } })
      .png()
      .toBuffer();
    const photo = { bytes: new Uint8Array(png), name: "bike.png", type: "image/png" };
    const text = { bytes: new TextEncoder().encode("not an image"), name: "bike.jpg", type: "image/jpeg" };
    expectRefused(
      await postForm(`/user/itemPhoto?itemId=${itemId}`, fileForm("image", text), { cookie: renter.cookie }),
      "image",
      "Please select image file only.",
    );
    expectStatus(
      await postForm(`/user/itemPhoto?itemId=${itemId}`, fileForm("image", photo), {
        cookie: stranger.cookie,
      }),
      404,
      ITEM_NOT_FOUND,
    );
    const set = await postForm<StorageItem>(`/user/itemPhoto?itemId=${itemId}`, fileForm("image", photo), {
      cookie: renter.cookie,
    });
    expectStatus(set, 200, "The item's photo has been added.");
    expect(set.body.result.photoUrl).toMatch(/^\/uploads\/itemPhoto\/.+\.webp$/);
    const list = await call<StorageItem[]>("GET", `/user/itemList?userId=${renter.user.id}`, {
      cookie: renter.cookie,
    });
    expect(list.body.result[0]?.photoUrl).toBe(set.body.result.photoUrl);
  });
});

describe("the reservation draft", () => {
  it("keeps each step on the server, prices it, and is gone once booked", async () => {
    const { renter, space } = await aHostAndARenter();
    const save = (body: Record<string, unknown>) =>
      call<ReservationDraft>("POST", "/reserve/saveReservationDraft", {
        cookie: renter.cookie,
        body: { spaceId: space.id, ...body },
      });
    const first = await save({ startDate: start, duration: "3_months" });
    expectStatus(first, 200);
    expect(first.body.result.quote?.price.due).toBe(615_000);
    expect(first.body.result.space).toMatchObject({
      type: "storage",
      unitRental: false,
      rentalDurations: ["1_month", "3_months", "6_months"],
    });
    expectStatus(await save({ messageForKeeper: "Saturday morning", paymentMethod: "paymaya" }), 200);

    const again = await call<ReservationDraft>("GET", `/reserve/reservationDraft?spaceId=${space.id}`, {
      cookie: renter.cookie,
    });
    expect(again.body.result.values).toEqual({
      startDate: start,
      duration: "3_months",
      messageForKeeper: "Saturday morning",
      paymentMethod: "paymaya",
    });
    expectRefused(
      await save({ startDate: addDays(todayInManila(), -2) }),
      "startDate",
      RESERVATION_MESSAGES.startDatePast,
    );
    expectRefused(await save({ duration: "1_year" }), "duration", RESERVATION_MESSAGES.durationNotOffered);
    const stranger = await loggedInUser();
    const strangersItem = await call<StorageItem>("POST", "/user/itemList", {
      cookie: stranger.cookie,
      body: { name: "Bike", quantity: 1 },
    });
    expectRefused(
      await save({ itemIds: [strangersItem.body.result.itemId] }),
      "itemIds",
      "One of the items was not found.",
    );

    const booked = await call<BookingDetails>("POST", "/reserve/BookSpace", {
      cookie: renter.cookie,
      body: { spaceId: space.id, startDate: start, duration: "3_months", paymentMethod: "paymaya" },
    });
    expectStatus(booked, 200);
    const after = await call<ReservationDraft>("GET", `/reserve/reservationDraft?spaceId=${space.id}`, {
      cookie: renter.cookie,
    });
    expect(after.body.result.values).toEqual({});
  });

  it("parking: chosen days are kept only with selected_days, and priced by the days counted", async () => {
    const { renter, space } = await aHostAndARenter({
      storageType: "parking",
      kind: "condo",
      monthlyPrice: 400_000,
      dailyPrice: 15_000,
      depositRequired: false,
    });
    const save = (body: Record<string, unknown>) =>
      call<ReservationDraft>("POST", "/reserve/saveReservationDraft", {
        cookie: renter.cookie,
        body: { spaceId: space.id, ...body },
      });
    const full = await save({ startDate: start, duration: "1_month", parkingMode: "full_month" });
    expect(full.body.result.quote?.price.firstMonthPrice).toBe(400_000);
    // Chosen days, none chosen yet: no price (not the every-day price), and what it waits for.
    const undecided = await save({ parkingMode: "selected_days" });
    expect(undecided.body.result.quote).toBeNull();
    expect(undecided.body.result.quoteMessage).toBe(PRICE_PROMPTS.weekdays);
    const days = await save({ parkingMode: "selected_days", weekdays: ["1", "3", "5"] });
    expect(days.body.result.values.weekdays).toEqual([1, 3, 5]);
    expect(days.body.result.quote?.weekdays).toEqual([1, 3, 5]);
    expectRefused(
      await save({ parkingMode: "selected_days", weekdays: [] }),
      "weekdays",
      RESERVATION_MESSAGES.weekdays,
    );
    const back = await save({ parkingMode: "full_month" });
    expect(back.body.result.values.weekdays).toBeUndefined();
  });

  it("prices a choice given to reservationDraft without saving it, or says why it cannot", async () => {
    const { renter, space } = await aHostAndARenter();
    const draft = (query: Record<string, string>) =>
      call<ReservationDraft>(
        "GET",
        `/reserve/reservationDraft?${new URLSearchParams({ spaceId: space.id, ...query })}`,
        {
          cookie: renter.cookie,
        },
      );
    const empty = await draft({});
    expectStatus(empty, 200);
    expect(empty.body.result.quote).toBeNull();
    expect(empty.body.result.quoteMessage).toBe(PRICE_PROMPTS.dates);
    expect((await draft({ startDate: start })).body.result.quoteMessage).toBe(PRICE_PROMPTS.dates);

    const priced = await draft({ startDate: start, duration: "3_months" });
    expectStatus(priced, 200);
    expect(priced.body.result.quote?.price.due).toBe(615_000);
    expect(priced.body.result.quoteMessage).toBeNull();
    expect(priced.body.result.values).toEqual({ startDate: start, duration: "3_months" });
    const past = await draft({ startDate: addDays(todayInManila(), -2), duration: "3_months" });
    expect(past.body.result.quote).toBeNull();
    expect(past.body.result.quoteMessage).toBe(RESERVATION_MESSAGES.startDatePast);
    // Nothing was saved by asking.
    expect((await draft({})).body.result.values).toEqual({});
  });
});
