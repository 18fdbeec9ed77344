-- The one-statement settlement (server/services/upgrade.ts, settleKnown) computes a game from what the server
-- already knows (the seed of the game token, the prices of the index answer) and has the statement check all of
-- it against the rows it writes; when any of it does not hold, this error undoes the statement and its
-- transaction, and the settlement runs again the two-round-trip way, which reads everything first.
CREATE FUNCTION "upgrades_known_game_differs"() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'upgrades_known_game_differs' USING ERRCODE = 'P0001';
END
$$;
