CREATE TABLE "resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"amount_asked" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"award" integer,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resolutions_amounts_not_negative" CHECK ("resolutions"."amount_asked" >= 0 and ("resolutions"."award" is null or "resolutions"."award" >= 0)),
	CONSTRAINT "resolutions_decided_has_award" CHECK (("resolutions"."state" = 'decided') = ("resolutions"."award" is not null))
);
--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resolutions_booking_id_idx" ON "resolutions" USING btree ("booking_id","state");--> statement-breakpoint
CREATE INDEX "resolutions_opened_by_idx" ON "resolutions" USING btree ("opened_by");