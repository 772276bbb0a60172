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
ALTER TABLE "unapplied_payment_events" ADD CONSTRAINT "unapplied_payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_payment_events" ADD CONSTRAINT "unapplied_payment_events_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_payment_events" ADD CONSTRAINT "unapplied_payment_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unapplied_payment_events_open_idx" ON "unapplied_payment_events" USING btree ("received_at") WHERE "unapplied_payment_events"."resolved_at" is null;