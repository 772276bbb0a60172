-- Money columns that hold sums (what a booking was paid and refunded over its life, a host's weekly payout, a ledger
-- movement, a capture of any amount a provider reports, a bill's total) are bigint: a 32-bit integer ends at
-- ₱21,474,836.47, and one host owed more made the weekly payout batch fail for every host
-- (docs/decisions/0040-money-promises.md).
-- A provider event that can be neither applied nor refunded is kept for an operator in unapplied_payment_events.
CREATE TABLE "unapplied_payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"event_id" text,
	"event_type" text NOT NULL,
	"provider_payment_id" text,
	"provider_refund_id" text,
	"payment_id" uuid,
	"refund_id" uuid,
	"booking_id" uuid,
	"amount" bigint,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "unapplied_payment_events_resolved_with_note" CHECK (("unapplied_payment_events"."resolved_at" is null) = ("unapplied_payment_events"."resolution_note" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "paid" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "refunded" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "unapplied_payment_events" ADD CONSTRAINT "unapplied_payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_payment_events" ADD CONSTRAINT "unapplied_payment_events_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_payment_events" ADD CONSTRAINT "unapplied_payment_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unapplied_payment_events_open_idx" ON "unapplied_payment_events" USING btree ("received_at") WHERE "unapplied_payment_events"."resolved_at" is null;