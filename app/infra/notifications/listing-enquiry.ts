import type { Message } from "./message";

/** A prospective host's "I have a space to list" (POST /enquiry/aboutListing), to the operations team. */
export type ListingEnquiryData = {
  name: string;
  email: string;
  /** The space type as words ("storage"). */
  type: string;
  cityName: string;
  province: string;
  phone?: string;
  /** Whose account sent it, or that a visitor did. */
  account: string;
  message: string;
  listSpaceLink: string;
  enquiryId: string;
};

export function listingEnquiry(data: ListingEnquiryData): Message {
  return {
    subject: `A prospective host: ${data.type} in ${data.cityName}`,
    replyTo: data.email,
    text: [
      `${data.name} <${data.email}> has ${data.type} space to list in ${data.cityName}, ${data.province}.`,
      "",
      `Phone: ${data.phone}`,
      data.account,
      "",
      "Message:",
      data.message,
      "",
      `Listing starts at: ${data.listSpaceLink}`,
      `Enquiry id: ${data.enquiryId}`,
    ].join("\n"),
  };
}
