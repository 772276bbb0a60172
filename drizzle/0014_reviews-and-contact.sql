CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"round" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"text" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shown_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_text_length" CHECK (char_length("reviews"."text") between 20 and 1000)
);
--> statement-breakpoint
DROP INDEX "spaces_active_type_city_score_idx";--> statement-breakpoint
DROP INDEX "spaces_active_type_score_idx";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "review_stars" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_stars" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_round_author_key" ON "reviews" USING btree ("booking_id","round","author_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_id_idx" ON "reviews" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_space_id_idx" ON "reviews" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_id_idx" ON "reviews" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "spaces_active_type_city_score_idx" ON "spaces" USING btree ("storage_type","city_id",(
      case when char_length(coalesce("description", '')) >= 150 then 20
           when char_length(coalesce("description", '')) >= 40 then 10 else 0 end
      + least(cardinality("features"), 5) * 3
      + least("photo_count", 5) * 8
      + case when "floorplan_upload_id" is not null then 5 else 0 end
      + case when "access_option" is not null then 5 else 0 end
      + case when "quick_move_in" then 5 else 0 end
      + case when "first_month_discount" then 5 else 0 end
      + case when "review_count" > 0 then "review_stars" * 10 / "review_count" * 1
             - 30 + least("review_count", 5) * 2
             else 0 end
    ),"published_at","id") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_type_score_idx" ON "spaces" USING btree ("storage_type",(
      case when char_length(coalesce("description", '')) >= 150 then 20
           when char_length(coalesce("description", '')) >= 40 then 10 else 0 end
      + least(cardinality("features"), 5) * 3
      + least("photo_count", 5) * 8
      + case when "floorplan_upload_id" is not null then 5 else 0 end
      + case when "access_option" is not null then 5 else 0 end
      + case when "quick_move_in" then 5 else 0 end
      + case when "first_month_discount" then 5 else 0 end
      + case when "review_count" > 0 then "review_stars" * 10 / "review_count" * 1
             - 30 + least("review_count", 5) * 2
             else 0 end
    ),"published_at","id") WHERE "spaces"."status" = 'active';