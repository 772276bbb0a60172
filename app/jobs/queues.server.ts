import { billingQueue } from "~/core/billing.server";
import { bookingDeadlineQueue, bookingNewsQueue } from "~/core/booking-service.server";
import { depositNewsQueue, reportNewsQueue } from "~/core/deposit-news.server";
import { identityEventsQueue } from "~/core/identity-checks.server";
import { paymentEventsQueue } from "~/core/payment-events.server";
import { earningsQueue, payoutBatchQueue } from "~/core/payout-runs.server";
import { refundQueue } from "~/core/refunds.server";
import { reviewsDueQueue } from "~/core/review-service.server";
import { viewingReminderQueue } from "~/core/viewing-reminders.server";
import { referralVouchersQueue, voucherNewsQueue } from "~/core/voucher-service.server";
import type { Queue } from "~/infra/jobs.server";
import { mailQueue } from "~/infra/mail.server";
import { sandboxWebhookQueue } from "~/infra/payments/sandbox.server";
import { pushQueue } from "~/infra/push.server";
import { smsQueue } from "~/infra/sms.server";
import { depositReleaseQueue } from "~/jobs/deposit-runs.server";

/**
 * Every job queue the app works, registered at boot by the lifecycle (~/lifecycle.server.ts): a queue exists and has
 * a worker because it is listed here, not because some module happened to be imported (ADR 0018).
 */
export const QUEUES: readonly Queue<never>[] = [
  mailQueue,
  smsQueue,
  pushQueue,
  bookingDeadlineQueue,
  bookingNewsQueue,
  refundQueue,
  paymentEventsQueue,
  identityEventsQueue,
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
