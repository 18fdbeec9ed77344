/** The API's answer for one game, turned into the integer record the verification rule checks. */
import type { RollResponse } from '../api/contract.ts';
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
  };
}
