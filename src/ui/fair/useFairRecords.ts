/**
 * The player's seeds and one page of their history, loaded together: a rotation, a client seed change or a new
 * game refreshes both at once, so the panels never disagree about which seeds are revealed.
 */
import { useCallback, useEffect, useState } from 'react';
import type { HistoryResponse, RotateResponse, SeedStateResponse } from '../../api/contract.ts';
import { fetchHistory, fetchSeedState } from '../../api/fair.ts';

export type SeedState = Omit<SeedStateResponse, 'status'>;

/** One source's answer; a refresh keeps the last ready answer on screen until the new one arrives. */
export type Load<T> = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

export interface FairRecords {
  seeds: Load<SeedState>;
  history: Load<HistoryResponse>;
  /** The history page shown, 0-based. */
  page: number;
  showPage(page: number): void;
  /** Runs a rotation (or client seed change), shows its new seeds and reloads the history; rejects as it does. */
  rotate(action: () => Promise<RotateResponse>): Promise<RotateResponse>;
}

const LOADING = { kind: 'loading' } as const;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The records, loaded again whenever `gameKey` (the last game played on the page) changes. */
export function useFairRecords(gameKey?: unknown): FairRecords {
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const [seeds, setSeeds] = useState<Load<SeedState>>(LOADING);
  const [history, setHistory] = useState<Load<HistoryResponse>>(LOADING);

  useEffect(() => {
    let current = true;
    fetchSeedState().then(
      ({ status: _status, ...data }) => current && setSeeds({ kind: 'ready', data }),
      (err: unknown) => current && setSeeds({ kind: 'error', message: message(err) }),
    );
    fetchHistory(page).then(
      (data) => current && setHistory({ kind: 'ready', data }),
      (err: unknown) => current && setHistory({ kind: 'error', message: message(err) }),
    );
    return () => {
      current = false;
    };
  }, [page, version, gameKey]);

  const rotate = useCallback(async (action: () => Promise<RotateResponse>) => {
    const rotation = await action();
    setSeeds({ kind: 'ready', data: rotation.state });
    setVersion((v) => v + 1);
    return rotation;
  }, []);

  return { seeds, history, page, showPage: setPage, rotate };
}
