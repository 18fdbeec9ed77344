/** One account answer, fetched on mount and again on retry; a save replaces it with the server's new answer. */
import { useCallback, useEffect, useState } from 'react';

/** Loading, the server's (or the network's) message, or the answer. */
export type AccountLoad<T> = { kind: 'loading' } | { kind: 'error'; msg: string } | { kind: 'ready'; data: T };

/** The answer of `fetcher`, a retry, and a setter for the answer a save brings back. */
export function useAccountLoad<T>(fetcher: () => Promise<T>): {
  load: AccountLoad<T>;
  retry: () => void;
  replace: (data: T) => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<AccountLoad<T>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    fetcher().then(
      (data) => live && setLoad({ kind: 'ready', data }),
      (err: Error) => live && setLoad({ kind: 'error', msg: err.message }),
    );
    return () => {
      live = false;
    };
  }, [fetcher, attempt]);
  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((data: T) => setLoad({ kind: 'ready', data }), []);
  return { load, retry, replace };
}
