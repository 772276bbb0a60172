import { describe, expect, it } from "vitest";
import { handleApiRequest } from "~/api/router.server";
import { RESERVATION_MESSAGES } from "~/domain/reservation";
import { RENTAL_DURATIONS } from "~/domain/vocabulary";
import { call, expectRefused, loggedInUser } from "./helpers";

/** What /api/openapi.json declares: the API reference a client reads to learn the calls, their inputs and answers. */
async function openApi() {
  const response = await handleApiRequest(new Request("http://localhost/api/openapi.json"));
  return JSON.parse(await response.text());
}

describe("the declared rental durations", () => {
  it("lists the vocabulary's durations for booking a space, and refuses any other", async () => {
    const document = await openApi();
    const body = document.paths["/reserve/BookSpace"].post.requestBody.content["application/json"].schema;
    expect(body.properties.duration.enum).toEqual([...RENTAL_DURATIONS]);
    const quote = document.paths["/reserve/bookingQuote"].get.parameters.find(
      (parameter: { name: string }) => parameter.name === "duration",
    );
    expect(quote.schema.enum).toEqual([...RENTAL_DURATIONS]);

    const me = await loggedInUser();
    const answer = await call("POST", "/reserve/BookSpace", {
      cookie: me.cookie,
      body: {
        spaceId: "00000000-0000-4000-8000-000000000000",
        startDate: "2030-01-01",
        duration: "fortnight",
        paymentMethod: "card",
      },
    });
    expectRefused(answer, "duration", RESERVATION_MESSAGES.duration);
  });
});
