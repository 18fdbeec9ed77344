import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { RollResponse } from '../../api/contract.ts';
import { fetchRoll, fetchSeedState } from '../../api/fair.ts';
import { verifyGame, type GameRecord, type GameVerification } from '../../domain/verify.ts';
import { hmacSha256Web, sha256HexWeb } from '../../domain/webcrypto.ts';
import { rollRecord } from '../../fair/rollRecord.ts';

/** Where loading and verifying one game stands. */
export type GameVerificationState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | {
      kind: 'ready';
      game: RollResponse;
      record: GameRecord;
      verification: GameVerification;
      /** The viewer's active seed is the game's (the seed is theirs to reveal); false for anyone else. */
      ownSeed: boolean;
    };

const LOADING: GameVerificationState = { kind: 'loading' };

/** Loads one game and verifies it with WebCrypto; a newer roll id discards an answer in flight. */
export function useGameVerification(rollId: string): GameVerificationState {
  // A newer roll id reads as loading until its own answer arrives.
  const [answer, setAnswer] = useState<{ rollId: string; state: GameVerificationState } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (state: GameVerificationState) => current && setAnswer({ rollId, state });
    (async () => {
      const game = await fetchRoll(rollId);
      const record = rollRecord(game);
      const [verification, ownSeed] = await Promise.all([
        verifyGame(record, hmacSha256Web, sha256HexWeb),
        game.server_seed === null
          ? fetchSeedState().then(
              (s) => s.server_seed_hash === game.server_seed_hash,
              () => false,
            )
          : false,
      ]);
      settle({ kind: 'ready', game, record, verification, ownSeed });
    })().catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) settle({ kind: 'notFound' });
      else settle({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      current = false;
    };
  }, [rollId]);
  return answer?.rollId === rollId ? answer.state : LOADING;
}
