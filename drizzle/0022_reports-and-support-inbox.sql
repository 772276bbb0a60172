CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "support_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "support_reply" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "support_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "support_reply" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "support_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "support_reply" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_kind_target_key" ON "reports" USING btree ("reporter_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_at_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_kind_target_idx" ON "reports" USING btree ("kind","target_id");