-- The live feed reads games from the public log (one notice per sequenced batch) instead of a notice per game: a
-- transaction that notifies takes a database-wide lock at commit, so a notice per game serialised all settling.
DROP TRIGGER "games_live_notify" ON "games";
--> statement-breakpoint
DROP FUNCTION "upgrades_live_game"();
