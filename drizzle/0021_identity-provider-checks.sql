ALTER TABLE "identity_checks" ADD COLUMN "provider_check_id" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "team_decided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_provider_check_key" ON "identity_checks" USING btree ("provider","provider_check_id");