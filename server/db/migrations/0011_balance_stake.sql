-- A stake may include balance: the game records how much (its stake_minor is items plus balance), and the
-- debit is a ledger entry naming the game, so every wallet stays the sum of its entries.
ALTER TABLE "games" ADD COLUMN "balance_stake_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "game_id" bigint;
