import type { Message } from "./message";

/** "Can't find a space?" (POST /enquiry/missingSpace), to the operations team. */
export type MissingSpaceData = {
  name: string;
  email: string;
  /** The space type as words ("parking"). */
  type: string;
  cityName: string;
  province: string;
  size: string;
  /** Formatted, e.g. "₱3,000.00 a month", or "not given". */
  budget: string;
  phone: string;
  /** Whose account sent it, or that a visitor did. */
  account: string;
  message?: string;
  searchLink: string;
  enquiryId: string;
};

export function missingSpace(data: MissingSpaceData): Message {
  return {
    subject: `Can't find a space: ${data.type} in ${data.cityName}`,
    replyTo: data.email,
    text: [
      `${data.name} <${data.email}> is looking for ${data.type} in ${data.cityName}, ${data.province}, and did not find a fitting space.`,
      "",
      `Size needed: ${data.size}`,
      `Budget: ${data.budget}`,
      `Phone: ${data.phone}`,
      data.account,
      "",
      "Message:",
      data.message ?? "(none)",
      "",
      `Their search: ${data.searchLink}`,
      `Enquiry id: ${data.enquiryId}`,
    ].join("\n"),
  };
}
