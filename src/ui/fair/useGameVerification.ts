/** Loads one game by roll id and verifies it in the browser with WebCrypto. */
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { RollResponse } from '../../api/contract.ts';
import { fetchRoll } from '../../api/fair.ts';
import { verifyGame, type GameRecord, type GameVerification } from '../../domain/verify.ts';
import { hmacSha256Web, sha256HexWeb } from '../../domain/webcrypto.ts';
import { rollRecord } from '../../fair/rollRecord.ts';

/** Where loading and verifying one game stands. */
export type GameVerificationState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; game: RollResponse; record: GameRecord; verification: GameVerification };

/** The state for `rollId`; a newer roll id (or unmounting) discards an answer still in flight. */
export function useGameVerification(rollId: string): GameVerificationState {
  const [state, setState] = useState<GameVerificationState>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    (async () => {
      const game = await fetchRoll(rollId);
      const record = rollRecord(game);
      const verification = await verifyGame(record, hmacSha256Web, sha256HexWeb);
      if (current) setState({ kind: 'ready', game, record, verification });
    })().catch((err: unknown) => {
      if (!current) return;
      if (err instanceof ApiError && err.status === 404) setState({ kind: 'notFound' });
      else setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      current = false;
    };
  }, [rollId]);
  return state;
}
