import { ListingEnquiryBody } from "~/domain/enquiry-rules.server";
import type { SpaceType } from "~/domain/vocabulary";
import { getEnv } from "~/env.server";
import { notify } from "~/infra/notify.server";
import { PATHS } from "~/utils/menu";
import { defineEndpoint, type Endpoint } from "../endpoint";
import {
  contactOf,
  findCity,
  LISTING_ENQUIRY_SENT,
  PER_VISITOR_ADDRESS,
  refuseIfTooMany,
  senderLine,
  store,
  typeLabel,
} from "./ops-enquiries.server";

/** A prospective host's enquiry to the operations team, built on ops-enquiries.server.ts. */

export type ListingEnquiryDetails = { city: string; cityName: string; storageType: SpaceType };

export const aboutListing = defineEndpoint({
  method: "POST",
  path: "/enquiry/aboutListing",
  auth: "optional",
  answers: [429],
  summary:
    'A prospective host\'s enquiry ("I have a space to list"): { name, email, phoneNumber, city (slug), storageType, message }. Stored and e-mailed to the operations team. A logged-in user may leave out name, email and phoneNumber when the profile has them. At most 5 an hour per user or e-mail address.' +
    PER_VISITOR_ADDRESS,
  message: LISTING_ENQUIRY_SENT,
  body: ListingEnquiryBody,
  async handler({ db, body, user, origin, clientAddress }) {
    const contact = contactOf(body, user, ["name", "email", "phoneNumber"]);
    const city = await findCity(db, body.city);
    await refuseIfTooMany(db, "aboutListing", user, contact.email, clientAddress);
    const details: ListingEnquiryDetails = {
      city: city.slug,
      cityName: city.name,
      storageType: body.storageType,
    };
    const enquiryId = await store(db, {
      kind: "aboutListing",
      user,
      contact,
      message: body.message,
      details,
    });

    await notify({
      email: getEnv().OPERATIONS_EMAIL,
      kind: "listingEnquiry",
      data: {
        name: contact.name,
        email: contact.email,
        type: typeLabel(body.storageType),
        cityName: city.name,
        province: city.province,
        phone: contact.phoneNumber,
        account: senderLine(user),
        message: body.message,
        listSpaceLink: new URL(PATHS.listSpace, origin).href,
        enquiryId,
      },
    });
    return { enquiryId, details };
  },
});

export const endpoints: Endpoint[] = [aboutListing] as Endpoint[];
