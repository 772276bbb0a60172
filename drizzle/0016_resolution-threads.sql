CREATE TABLE "resolution_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resolution_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resolution_photos" (
	"resolution_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resolution_photos_resolution_id_upload_id_pk" PRIMARY KEY("resolution_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "resolution_messages" ADD CONSTRAINT "resolution_messages_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_messages" ADD CONSTRAINT "resolution_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_photos" ADD CONSTRAINT "resolution_photos_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_photos" ADD CONSTRAINT "resolution_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_photos" ADD CONSTRAINT "resolution_photos_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resolution_messages_resolution_id_idx" ON "resolution_messages" USING btree ("resolution_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resolution_photos_upload_id_idx" ON "resolution_photos" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resolutions_one_holding_per_opener" ON "resolutions" USING btree ("booking_id","opened_by") WHERE "resolutions"."state" in ('open', 'answered');