CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"space_id" uuid,
	"name" text,
	"email" text,
	"phone_number" text,
	"message" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_spaces" (
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recent_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_photos" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_views" (
	"space_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_type" text,
	"kind" text,
	"space_title" text,
	"description" text,
	"address_line1" text,
	"address_line2" text,
	"city_id" integer,
	"barangay" text,
	"province" text,
	"latitude" double precision,
	"longitude" double precision,
	"length_m" double precision,
	"width_m" double precision,
	"height_m" double precision,
	"area_sqm" double precision,
	"volume_cbm" double precision,
	"vehicle_size" text,
	"unit_of_rental" text,
	"entire_space" boolean DEFAULT true NOT NULL,
	"units_available" integer DEFAULT 1 NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"access_option" text,
	"rental_durations" text[] DEFAULT '{}'::text[] NOT NULL,
	"monthly_price" integer,
	"daily_price" integer,
	"deposit_required" boolean DEFAULT false NOT NULL,
	"quick_move_in" boolean DEFAULT false NOT NULL,
	"first_month_discount" boolean DEFAULT false NOT NULL,
	"contract_type" text,
	"contract_upload_id" uuid,
	"floorplan_upload_id" uuid,
	"cover_photo_index" integer DEFAULT 0 NOT NULL,
	"completed_steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_spaces" ADD CONSTRAINT "favourite_spaces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_spaces" ADD CONSTRAINT "favourite_spaces_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_photos" ADD CONSTRAINT "space_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_photos" ADD CONSTRAINT "space_photos_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_views" ADD CONSTRAINT "space_views_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_contract_upload_id_uploads_id_fk" FOREIGN KEY ("contract_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_floorplan_upload_id_uploads_id_fk" FOREIGN KEY ("floorplan_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_space_id_idx" ON "enquiries" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "enquiries_kind_created_at_idx" ON "enquiries" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "favourite_spaces_user_space_key" ON "favourite_spaces" USING btree ("user_id","space_id");--> statement-breakpoint
CREATE INDEX "favourite_spaces_space_id_idx" ON "favourite_spaces" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "recent_searches_user_id_created_at_idx" ON "recent_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "space_photos_space_id_position_idx" ON "space_photos" USING btree ("space_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "space_views_space_visitor_day_key" ON "space_views" USING btree ("space_id","visitor","day");--> statement-breakpoint
CREATE INDEX "spaces_host_id_status_idx" ON "spaces" USING btree ("host_id","status");--> statement-breakpoint
CREATE INDEX "spaces_search_idx" ON "spaces" USING btree ("status","storage_type","city_id","monthly_price");