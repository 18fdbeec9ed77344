-- The audit's rollup follows the public log: the sequencer adds each batch's games in the batch's transaction.
-- The id watermark goes, and the sums are rebuilt from the games already sequenced.
DROP TABLE "audit_rollup_state";
--> statement-breakpoint
TRUNCATE "audit_rollup";
--> statement-breakpoint
INSERT INTO "audit_rollup" ("site", "hour", "band", "roll_under", "games", "wins", "stake_minor", "payout_minor",
  "sum_chance", "sum_var", "sum_expected_payout", "sum_payout_var")
SELECT g.site, date_trunc('hour', g.created_at, 'UTC'),
  (case when g.chance >= 50000 then 4 when g.chance >= 25000 then 3 when g.chance >= 10000 then 2
    when g.chance >= 1000 then 1 else 0 end),
  g.roll_under, count(*), count(*) filter (where g.success), sum(g.stake_minor),
  coalesce(sum(g.target_price_minor) filter (where g.success), 0), sum(g.chance),
  sum(g.chance::numeric * (100000 - g.chance)), sum(g.chance::numeric * g.target_price_minor),
  sum(g.chance::numeric * (100000 - g.chance) * g.target_price_minor * g.target_price_minor)
FROM "games" g WHERE g.log_index IS NOT NULL GROUP BY 1, 2, 3, 4;
