import { useEffect, useState } from 'react';
import type { HistoryResponse } from '../../api/contract.ts';
import { verifyGame, type CheckOutcome } from '../../domain/verify.ts';
import { hmacSha256Web, sha256HexWeb } from '../../domain/webcrypto.ts';
import { historyRecord } from '../../fair/rollRecord.ts';

const UNCHECKED: ReadonlyMap<string, CheckOutcome> = new Map();

/** Verifies a history page in the browser: roll_id -> all checks pass, null while secret, absent until computed. */
export function useHistoryChecks(data: HistoryResponse | null): ReadonlyMap<string, CheckOutcome> {
  // A new page reads as unchecked until its own checks end.
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
