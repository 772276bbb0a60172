import { billUpdate } from "./bill-update";
import { bookingUpdate } from "./booking-update";
import { contactUs } from "./contact-us";
import { depositUpdate } from "./deposit-update";
import { feedback } from "./feedback";
import { identityUpdate } from "./identity-update";
import { invitation } from "./invitation";
import { listingEnquiry } from "./listing-enquiry";
import { missingSpace } from "./missing-space";
import { newMessage } from "./new-message";
import { passwordReset } from "./password-reset";
import { payoutUpdate } from "./payout-update";
import { reportSignedOff } from "./report-signed-off";
import { resolutionUpdate } from "./resolution-update";
import { spaceQuestion } from "./space-question";
import { supportReply } from "./support-reply";
import { viewingUpdate } from "./viewing-update";
import { voucherGiven } from "./voucher-given";
import { welcome } from "./welcome";

/** Every notification the app sends, by kind: one file each in this folder (ADR 0018). */
export const templates = {
  welcome,
  passwordReset,
  invitation,
  spaceQuestion,
  missingSpace,
  listingEnquiry,
  feedback,
  contactUs,
  bookingUpdate,
  billUpdate,
  payoutUpdate,
  resolutionUpdate,
  depositUpdate,
  reportSignedOff,
  newMessage,
  viewingUpdate,
  voucherGiven,
  identityUpdate,
  supportReply,
};

export type NotificationKind = keyof typeof templates;
export type NotificationData<K extends NotificationKind> = Parameters<(typeof templates)[K]>[0];
export type { Message, Notice } from "./message";
