CREATE TABLE "rate_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_events_bucket_key_at_idx" ON "rate_events" USING btree ("bucket","key","at");--> statement-breakpoint
CREATE INDEX "rate_events_at_idx" ON "rate_events" USING btree ("at");