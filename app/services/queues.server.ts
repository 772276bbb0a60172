import { viewingReminderQueue } from "~/api/conversations/viewings.server";
import { billingQueue } from "~/api/payment/billing.server";
import { depositReleaseQueue } from "~/api/payment/deposit-runs.server";
import { earningsQueue, payoutBatchQueue } from "~/api/payment/payout-runs.server";
import { reviewsDueQueue } from "~/api/rating/review-service.server";
import { paymentEventsQueue } from "~/api/reserve/booking-payments.server";
import { bookingDeadlineQueue, bookingNewsQueue } from "~/api/reserve/booking-service.server";
import { depositNewsQueue, reportNewsQueue } from "~/api/reserve/deposit-news.server";
import { refundQueue } from "~/api/reserve/refunds.server";
import { referralVouchersQueue, voucherNewsQueue } from "~/api/user/voucher-service.server";
import type { Queue } from "./jobs.server";
import { mailQueue } from "./mail.server";
import { sandboxWebhookQueue } from "./payments/sandbox.server";
import { smsQueue } from "./sms.server";

/**
 * Every job queue the app works, registered at boot by the lifecycle (./lifecycle.server.ts): a queue exists and has
 * a worker because it is listed here, not because some module happened to be imported (ADR 0018).
 */
export const QUEUES: readonly Queue<never>[] = [
  mailQueue,
  smsQueue,
  bookingDeadlineQueue,
  bookingNewsQueue,
  refundQueue,
  paymentEventsQueue,
  sandboxWebhookQueue,
  viewingReminderQueue,
  billingQueue,
  earningsQueue,
  payoutBatchQueue,
  depositReleaseQueue,
  depositNewsQueue,
  reportNewsQueue,
  voucherNewsQueue,
  referralVouchersQueue,
  reviewsDueQueue,
];
