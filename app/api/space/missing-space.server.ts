import { budgetCentavos, MissingSpaceBody } from "~/domain/enquiry-rules.server";
import { formatPeso } from "~/domain/money";
import { SEARCH_PATH } from "~/domain/search";
import type { SpaceType } from "~/domain/vocabulary";
import { getEnv } from "~/env.server";
import { notify } from "~/infra/notify.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import {
  contactOf,
  findCity,
  MISSING_SPACE_SENT,
  PER_VISITOR_ADDRESS,
  refuseIfTooMany,
  senderLine,
  store,
  typeLabel,
} from "../enquiry/ops-enquiries.server";

/** "Can't find a space?": an enquiry to the operations team, built on app/api/enquiry/ops-enquiries.server.ts. */

export type MissingSpaceDetails = {
  city: string;
  cityName: string;
  storageType: SpaceType;
  size: string;
  /** Pesos a month, in centavos; null when not given. */
  budget: number | null;
};

export const missingSpace = defineEndpoint({
  method: "POST",
  path: "/space/missingSpace",
  auth: "optional",
  answers: [429],
  summary:
    '"Can\'t find a space?": { city (slug), storageType, size (free text: "3 × 3 m", "one sedan"), budget (pesos a month, optional; stored and answered in centavos), name, email, phoneNumber (optional), message (optional) }. Stored and e-mailed to the operations team. A logged-in user may leave out name and email (the profile\'s are used). At most 5 an hour per user or e-mail address.' +
    PER_VISITOR_ADDRESS,
  message: MISSING_SPACE_SENT,
  body: MissingSpaceBody,
  async handler({ db, body, user, origin, clientAddress }) {
    const contact = contactOf(body, user, ["name", "email"]);
    const city = await findCity(db, body.city);
    await refuseIfTooMany(db, "missingSpace", user, contact.email, clientAddress);
    const details: MissingSpaceDetails = {
      city: city.slug,
      cityName: city.name,
      storageType: body.storageType,
      size: body.size,
      budget: body.budget === undefined ? null : budgetCentavos(body.budget),
    };
    const enquiryId = await store(db, {
      kind: "missingSpace",
      user,
      contact,
      message: body.message,
      details,
    });

    const search = new URL(
      `${SEARCH_PATH}?${new URLSearchParams({ storageType: body.storageType, city: city.slug })}`,
      origin,
    ).href;
    await notify({
      email: getEnv().OPERATIONS_EMAIL,
      kind: "missingSpace",
      data: {
        name: contact.name,
        email: contact.email,
        type: typeLabel(body.storageType),
        cityName: city.name,
        province: city.province,
        size: body.size,
        budget: details.budget === null ? "not given" : `${formatPeso(details.budget)} a month`,
        phone: contact.phoneNumber ?? "not given",
        account: senderLine(user),
        message: body.message,
        searchLink: search,
        enquiryId,
      },
    });
    return { enquiryId, details };
  },
});

export const endpoints: Endpoint[] = [missingSpace] as Endpoint[];
