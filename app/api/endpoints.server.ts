import * as contact from "./contact/contact-us.server";
import * as conversations from "./conversations/conversations.server";
import * as notifications from "./conversations/notifications.server";
import * as pushSubscriptions from "./conversations/push-subscriptions.server";
import * as stormUpdates from "./conversations/storm-updates.server";
import * as viewings from "./conversations/viewings.server";
import type { Endpoint } from "./endpoint";
import * as aboutListing from "./enquiry/about-listing.server";
import * as aboutSpace from "./enquiry/about-space.server";
import * as feedback from "./feedback/feedback.server";
import * as operationsCases from "./operations/cases.server";
import * as operationsConsole from "./operations/console.server";
import * as operationsHealth from "./operations/health.server";
import * as operationsMoney from "./operations/money.server";
import * as operationsQueues from "./operations/queues.server";
import * as operationsRefunds from "./operations/refunds.server";
import * as operationsTrust from "./operations/trust.server";
import * as bills from "./payment/bills.server";
import * as payouts from "./payment/payouts.server";
import * as receipts from "./payment/receipts.server";
import * as reviews from "./rating/reviews.server";
import * as availability from "./reserve/availability.server";
import * as bookingPayments from "./reserve/booking-payments.server";
import * as bookings from "./reserve/bookings.server";
import * as depositChecklist from "./reserve/deposit-checklist.server";
import * as reservationDrafts from "./reserve/reservation-drafts.server";
import * as resolutions from "./resol/resolutions.server";
import * as favourites from "./space/favourites.server";
import * as hostMetrics from "./space/host-metrics.server";
import * as uploads from "./space/image-uploads.server";
import * as listingPage from "./space/listing-page.server";
import * as missingSpace from "./space/missing-space.server";
import * as referralCodes from "./space/referral-codes.server";
import * as resolutionFiles from "./space/resolution-files.server";
import * as search from "./space/search.server";
import * as spaces from "./space/spaces.server";
import * as auth from "./user/auth.server";
import * as itemList from "./user/item-list.server";
import * as profile from "./user/profile.server";
import * as profilePicture from "./user/profile-picture.server";
import * as userReports from "./user/reports.server";
import * as social from "./user/social.server";
import * as user from "./user/user.server";
import * as verification from "./user/verification.server";
import * as vouchers from "./user/vouchers.server";

/** Every declared endpoint of the API. A feature adds its module's endpoints here. */
export const ENDPOINTS: Endpoint[] = [
  user.cityList,
  user.viewUserProfile,
  auth.login,
  auth.logout,
  auth.userSignup,
  auth.emailCheck,
  ...referralCodes.endpoints,
  auth.forgotPassword,
  auth.resetPassword,
  auth.changePassword,
  auth.updateFirstLogin,
  ...social.endpoints,
  ...profilePicture.endpoints,
  ...uploads.endpoints,
  ...feedback.endpoints,
  ...verification.endpoints,
  ...profile.endpoints,
  ...vouchers.endpoints,
  ...spaces.endpoints,
  ...availability.endpoints,
  ...bookings.endpoints,
  ...bookingPayments.endpoints,
  ...depositChecklist.endpoints,
  ...bills.endpoints,
  ...receipts.endpoints,
  ...payouts.endpoints,
  ...hostMetrics.endpoints,
  ...reservationDrafts.endpoints,
  ...itemList.endpoints,
  ...listingPage.endpoints,
  ...aboutSpace.endpoints,
  ...favourites.endpoints,
  ...missingSpace.endpoints,
  ...aboutListing.endpoints,
  ...search.endpoints,
  ...conversations.endpoints,
  ...stormUpdates.endpoints,
  ...notifications.endpoints,
  ...pushSubscriptions.endpoints,
  ...viewings.endpoints,
  ...reviews.endpoints,
  ...contact.endpoints,
  ...resolutions.endpoints,
  ...resolutionFiles.endpoints,
  ...operationsConsole.endpoints,
  ...operationsQueues.endpoints,
  ...operationsCases.endpoints,
  ...operationsTrust.endpoints,
  ...operationsMoney.endpoints,
  ...operationsRefunds.endpoints,
  ...operationsHealth.endpoints,
  ...userReports.endpoints,
];
