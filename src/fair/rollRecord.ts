/** The API's answers for games, turned into the integer record the verification rule checks. */
import type { HistoryGame, RevealedSeed, RollResponse } from '../api/contract.ts';
import { toMinor } from '../domain/money.ts';
import { gameRulesFromWire } from '../domain/rules.ts';
import { percentToThousandths, type GameRecord } from '../domain/verify.ts';

/** RollResponse (percents with 3 decimals, 0/1 flags) to a GameRecord (thousandths, booleans). */
export function rollRecord(game: RollResponse): GameRecord {
  return {
    serverSeedHash: game.server_seed_hash,
    serverSeed: game.server_seed,
    clientSeed: game.client_seed,
    nonce: game.nonce,
    chance: percentToThousandths(game.chance),
    rollUnder: game.roll_under === 1,
    roll: percentToThousandths(game.roll),
    success: game.success === 1,
    basis: {
      stakeMinor: toMinor(game.stake),
      targetMinor: toMinor(game.target_price),
      rules: gameRulesFromWire(game.rules),
    },
  };
}

/**
 * A history row as a GameRecord, with the server and client seed taken from its revealed seed (one client
 * seed per server seed: changing it rotates); the server seed stays null while it is secret.
 */
export function historyRecord(game: HistoryGame, revealed: readonly RevealedSeed[]): GameRecord {
  const seed = revealed.find((s) => s.server_seed_hash === game.server_seed_hash);
  return {
    serverSeedHash: game.server_seed_hash,
    serverSeed: seed ? seed.server_seed : null,
    clientSeed: seed ? seed.client_seed : '',
    nonce: game.nonce,
    chance: percentToThousandths(game.chance),
    rollUnder: game.roll_under === 1,
    roll: percentToThousandths(game.roll),
    success: game.success === 1,
  };
}
