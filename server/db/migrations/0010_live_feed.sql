-- The live feed (server/services/live-listener.ts): each process LISTENs on one channel and reads the rows the
-- notices name. The notices come from triggers, so every writer (the settlement, sales, the CLI's grants) tells
-- the feed, and PostgreSQL delivers them at commit only: a rolled-back game is never announced. Payloads are
-- ids (a NOTIFY carries at most 8,000 bytes); identical payloads in one transaction arrive once.
ALTER TABLE "users" ADD COLUMN "hide_name" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "upgrades_live_game"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('upgrades_live', 'g' || NEW.id || ':' || NEW.site);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_live_notify" AFTER INSERT ON "games" FOR EACH ROW EXECUTE FUNCTION "upgrades_live_game"();
--> statement-breakpoint
-- A player's own changes outside games (a game's stake and prize are told by the game's notice).
CREATE FUNCTION "upgrades_live_player"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('upgrades_live', 'u' || NEW.user_id || ':' || TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "inventory_live_grant" AFTER INSERT ON "inventory_items" FOR EACH ROW
  WHEN (NEW.source <> 'upgrade') EXECUTE FUNCTION "upgrades_live_player"('grant');
--> statement-breakpoint
CREATE TRIGGER "inventory_live_sale" AFTER UPDATE OF "state" ON "inventory_items" FOR EACH ROW
  WHEN (NEW.state = 'sold' AND OLD.state <> 'sold') EXECUTE FUNCTION "upgrades_live_player"('sale');
--> statement-breakpoint
CREATE TRIGGER "seeds_live_rotate" AFTER UPDATE OF "status" ON "seeds" FOR EACH ROW
  WHEN (NEW.status = 'revealed' AND OLD.status <> 'revealed') EXECUTE FUNCTION "upgrades_live_player"('seeds');
