DROP INDEX "spaces_active_type_city_score_idx";--> statement-breakpoint
DROP INDEX "spaces_active_type_score_idx";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "photo_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Custom SQL (not generated): the database keeps spaces.photo_count equal to the listing's space_photos rows, whoever
-- writes them (the app, the seed, a bulk insert). Inserts and deletes are counted once per statement from their
-- transition tables, so a bulk insert updates each listing once; a photo moved to another listing is counted per row.
-- Increments rather than recounts: under concurrent writers an increment applies to the latest row version.
CREATE FUNCTION "space_photos_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "spaces" SET "photo_count" = "spaces"."photo_count" + "added"."n"
  FROM (SELECT "space_id", count(*)::integer AS "n" FROM "added_photos" GROUP BY "space_id") AS "added"
  WHERE "spaces"."id" = "added"."space_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "space_photos_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "spaces" SET "photo_count" = "spaces"."photo_count" - "removed"."n"
  FROM (SELECT "space_id", count(*)::integer AS "n" FROM "removed_photos" GROUP BY "space_id") AS "removed"
  WHERE "spaces"."id" = "removed"."space_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "space_photos_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "spaces" SET "photo_count" = "photo_count" - 1 WHERE "id" = OLD."space_id";
  UPDATE "spaces" SET "photo_count" = "photo_count" + 1 WHERE "id" = NEW."space_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "space_photos_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "spaces" SET "photo_count" = 0 WHERE "photo_count" <> 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "space_photos_count_insert" AFTER INSERT ON "space_photos"
  REFERENCING NEW TABLE AS "added_photos" FOR EACH STATEMENT EXECUTE FUNCTION "space_photos_added"();--> statement-breakpoint
CREATE TRIGGER "space_photos_count_delete" AFTER DELETE ON "space_photos"
  REFERENCING OLD TABLE AS "removed_photos" FOR EACH STATEMENT EXECUTE FUNCTION "space_photos_removed"();--> statement-breakpoint
CREATE TRIGGER "space_photos_count_move" AFTER UPDATE OF "space_id" ON "space_photos"
  FOR EACH ROW WHEN (OLD."space_id" IS DISTINCT FROM NEW."space_id") EXECUTE FUNCTION "space_photos_moved"();--> statement-breakpoint
CREATE TRIGGER "space_photos_count_truncate" AFTER TRUNCATE ON "space_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "space_photos_truncated"();--> statement-breakpoint
-- The listings' photos so far (before the score indexes are built on the column).
UPDATE "spaces" SET "photo_count" = "counted"."n"
FROM (SELECT "space_id", count(*)::integer AS "n" FROM "space_photos" GROUP BY "space_id") AS "counted"
WHERE "spaces"."id" = "counted"."space_id";--> statement-breakpoint
CREATE INDEX "spaces_active_type_city_score_idx" ON "spaces" USING btree ("storage_type","city_id",(
      case when char_length(coalesce("description", '')) >= 150 then 20
           when char_length(coalesce("description", '')) >= 40 then 10 else 0 end
      + least(cardinality("features"), 5) * 3
      + least("photo_count", 5) * 8
      + case when "floorplan_upload_id" is not null then 5 else 0 end
      + case when "access_option" is not null then 5 else 0 end
      + case when "quick_move_in" then 5 else 0 end
      + case when "first_month_discount" then 5 else 0 end
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
    ),"published_at","id") WHERE "spaces"."status" = 'active';