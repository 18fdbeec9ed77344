/** Verifies every game of a history page in the browser, from the seeds revealed so far. */
import { useEffect, useState } from 'react';
import type { HistoryResponse } from '../../api/contract.ts';
import { verifyGame, type CheckOutcome } from '../../domain/verify.ts';
import { hmacSha256Web, sha256HexWeb } from '../../domain/webcrypto.ts';
import { historyRecord } from '../../fair/rollRecord.ts';

const UNCHECKED: ReadonlyMap<string, CheckOutcome> = new Map();

/**
 * roll_id -> true when all three checks pass, false when one fails, null while the game's seed is secret.
 * Games not computed yet are absent from the map.
 */
export function useHistoryChecks(data: HistoryResponse | null): ReadonlyMap<string, CheckOutcome> {
  // The checks remember the page they are for: a new page reads as unchecked until its own checks end.
  const [answer, setAnswer] = useState<{ data: HistoryResponse; checks: ReadonlyMap<string, CheckOutcome> } | null>(
    null,
  );
  useEffect(() => {
    if (!data) return;
    let current = true;
    Promise.all(
      data.games.map(async (game): Promise<[string, CheckOutcome]> => {
        const v = await verifyGame(historyRecord(game, data.revealed_seeds), hmacSha256Web, sha256HexWeb);
        if (!v.resultFollows || v.seedMatchesHash === false || v.rollMatches === false) return [game.roll_id, false];
        return [game.roll_id, v.seedMatchesHash === null ? null : true];
      }),
    ).then((entries) => current && setAnswer({ data, checks: new Map(entries) }));
    return () => {
      current = false;
    };
  }, [data]);
  return data && answer?.data === data ? answer.checks : UNCHECKED;
}
