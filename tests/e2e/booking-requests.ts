import { type APIRequestContext, expect } from "@playwright/test";

/** What BookSpace answers of a booking's price (docs/product.md, Due at booking, the booking price result). */
export type Price = { firstMonthPrice: number; spaceSolutionFee: number; due: number };

/** A demo listing's id, found through the search API by its city and title (and type: storage unless told). */
export async function demoListingId(
  request: APIRequestContext,
  city: string,
  title: string,
  storageType: "storage" | "parking" = "storage",
): Promise<string> {
  const response = await request.post(`/api/space/newSpaceSearch/1?storageType=${storageType}&city=${city}`);
  const { result } = (await response.json()) as {
    result: { results: { _id: string; spaceTitle: string }[] };
  };
  const found = result.results.find((card) => card.spaceTitle === title);
  if (!found) throw new Error(`no demo listing "${title}"`);
  return found._id;
}

/**
 * A paid request to the host of the listing `spaceId`, made as the logged-in renter of `request`: the booking of a
 * month through the API, the payment through the sandbox checkout's form as the renter's browser posts it, then a
 * wait for the webhook's job to move it to "requested".
 */
export async function requestedBooking(
  request: APIRequestContext,
  spaceId: string,
  startDate: string,
): Promise<{ bookingId: string; price: Price }> {
  const booked = await request.post("/api/reserve/BookSpace", {
    data: { spaceId, startDate, duration: "1_month", paymentMethod: "gcash" },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const { bookingId, price } = ((await booked.json()) as { result: { bookingId: string; price: Price } })
    .result;
  const checkout = await request.post("/api/reserve/payBooking", { data: { bookingId } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { checkoutUrl } = ((await checkout.json()) as { result: { checkoutUrl: string } }).result;
  const paid = await request.post(checkoutUrl, {
    form: { outcome: "paid", method: "gcash" },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(302);
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/reserve/retrieveBookingData/${bookingId}`);
        return ((await answer.json()) as { result?: { state: string } }).result?.state;
      },
      { timeout: 30_000 },
    )
    .toBe("requested");
  return { bookingId, price };
}
