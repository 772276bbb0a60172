CREATE TABLE "condition_report_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"note" text,
	"upload_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_report_entries_not_empty" CHECK ("condition_report_entries"."note" is not null or "condition_report_entries"."upload_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "condition_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"side" text NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_off_by" uuid,
	"signed_off_at" timestamp with time zone,
	CONSTRAINT "condition_reports_signed_off_together" CHECK (("condition_reports"."signed_off_by" is null) = ("condition_reports"."signed_off_at" is null))
);
--> statement-breakpoint
CREATE TABLE "booking_deposits" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"awarded_to_host" integer DEFAULT 0 NOT NULL,
	"refunded_to_renter" integer DEFAULT 0 NOT NULL,
	"returned_to_platform" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"resolution_id" uuid,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "booking_deposits_money" CHECK ("booking_deposits"."amount" > 0 and "booking_deposits"."awarded_to_host" >= 0 and "booking_deposits"."refunded_to_renter" >= 0 and "booking_deposits"."returned_to_platform" >= 0),
	CONSTRAINT "booking_deposits_settled_whole" CHECK (("booking_deposits"."state" = 'held' and "booking_deposits"."settled_at" is null and "booking_deposits"."awarded_to_host" + "booking_deposits"."refunded_to_renter" + "booking_deposits"."returned_to_platform" = 0)
        or ("booking_deposits"."state" <> 'held' and "booking_deposits"."settled_at" is not null and "booking_deposits"."awarded_to_host" + "booking_deposits"."refunded_to_renter" + "booking_deposits"."returned_to_platform" = "booking_deposits"."amount"))
);
--> statement-breakpoint
CREATE TABLE "resolution_refunds" (
	"resolution_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"awarded" integer NOT NULL,
	"refunded" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resolution_refunds_money" CHECK ("resolution_refunds"."refunded" >= 0 and "resolution_refunds"."awarded" >= "resolution_refunds"."refunded")
);
--> statement-breakpoint
CREATE TABLE "feedback_photos" (
	"feedback_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "feedback_photos_feedback_id_upload_id_pk" PRIMARY KEY("feedback_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "host_earnings" DROP CONSTRAINT "host_earnings_money";--> statement-breakpoint
DROP INDEX "host_earnings_booking_period_idx";--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "host_earnings" ADD COLUMN "kind" text DEFAULT 'rent' NOT NULL;--> statement-breakpoint
ALTER TABLE "host_earnings" ADD COLUMN "resolution_deducted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "condition_report_entries" ADD CONSTRAINT "condition_report_entries_report_id_condition_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."condition_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_report_entries" ADD CONSTRAINT "condition_report_entries_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_refunds" ADD CONSTRAINT "resolution_refunds_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_refunds" ADD CONSTRAINT "resolution_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_photos" ADD CONSTRAINT "feedback_photos_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_photos" ADD CONSTRAINT "feedback_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_report_entries_report_idx" ON "condition_report_entries" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "condition_reports_booking_stage_side_idx" ON "condition_reports" USING btree ("booking_id","stage","side");--> statement-breakpoint
CREATE INDEX "booking_deposits_held_idx" ON "booking_deposits" USING btree ("state");--> statement-breakpoint
CREATE INDEX "resolution_refunds_booking_idx" ON "resolution_refunds" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_booking_id_idx" ON "feedback" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "host_earnings_booking_period_idx" ON "host_earnings" USING btree ("booking_id","kind","period_start");--> statement-breakpoint
ALTER TABLE "host_earnings" ADD CONSTRAINT "host_earnings_money" CHECK ("host_earnings"."rent" >= 0 and "host_earnings"."space_solution_fee" >= 0 and "host_earnings"."voucher_funded" >= 0 and "host_earnings"."resolution_deducted" >= 0);