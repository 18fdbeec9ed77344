ALTER TABLE "games" DROP CONSTRAINT "games_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_seed_id_seeds_id_fk";
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_target_catalogue_item_id_catalogue_items_id_fk";
--> statement-breakpoint
-- The games log names users, seeds and catalogue items without foreign keys (their per-game checks cost about 7 %
-- of the settle throughput). What the keys guaranteed, that a game's rows stay, these guards keep: no statement
-- may delete or re-key a user or a catalogue item (retire an item with active = false), nor delete a seed other
-- than a committed next one (no game names a next seed; seedPair replaces a lone one). TRUNCATE is refused too.
CREATE FUNCTION "upgrades_refuse_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted or re-keyed: settled games name them', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation', HINT = 'retire a catalogue item with active = false';
END
$$;
--> statement-breakpoint
CREATE FUNCTION "upgrades_refuse_seed_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'next' THEN
    RAISE EXCEPTION 'seed % is % and settled games may name it: only a committed next seed can be deleted', OLD.id, OLD.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_kept" BEFORE DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "upgrades_refuse_removal"();
--> statement-breakpoint
CREATE TRIGGER "users_id_kept" BEFORE UPDATE OF "id" ON "users" FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "upgrades_refuse_removal"();
--> statement-breakpoint
CREATE TRIGGER "catalogue_items_kept" BEFORE DELETE OR TRUNCATE ON "catalogue_items" FOR EACH STATEMENT EXECUTE FUNCTION "upgrades_refuse_removal"();
--> statement-breakpoint
CREATE TRIGGER "catalogue_items_id_kept" BEFORE UPDATE OF "id" ON "catalogue_items" FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "upgrades_refuse_removal"();
--> statement-breakpoint
CREATE TRIGGER "seeds_kept" BEFORE DELETE ON "seeds" FOR EACH ROW EXECUTE FUNCTION "upgrades_refuse_seed_removal"();
--> statement-breakpoint
CREATE TRIGGER "seeds_truncate_kept" BEFORE TRUNCATE ON "seeds" FOR EACH STATEMENT EXECUTE FUNCTION "upgrades_refuse_removal"();
--> statement-breakpoint
CREATE TRIGGER "seeds_id_kept" BEFORE UPDATE OF "id" ON "seeds" FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "upgrades_refuse_removal"();
