/** The page's routes, parsed from the address without a router library (the bundle stays small). */
import { useSyncExternalStore } from 'react';

export type Route =
  | { kind: 'upgrades'; preselect: number[] }
  /** rollId is absent on the bare verifier address, which shows the hand-typed form only. */
  | { kind: 'verifier'; lang: string; rollId?: string }
  | { kind: 'audit'; lang: string };

/** Decodes a path segment; a malformed escape is kept as typed rather than throwing during render. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Parses a pathname: /upgrades/, /upgrades/{id,id,...}, /{lang}/provably_fair/roll_verifier/,
 * /{lang}/provably_fair/roll_verifier/{roll_id} and /{lang}/provably_fair/audit (the trailing slash is optional).
 */
export function parseRoute(pathname: string): Route {
  const audit = /^\/(\w{2})\/provably_fair\/audit\/?$/.exec(pathname);
  if (audit) return { kind: 'audit', lang: audit[1] };
  const verifier = /^\/(\w{2})\/provably_fair\/roll_verifier(?:\/([^/]*))?\/?$/.exec(pathname);
  if (verifier) {
    const rollId = verifier[2] ? decodeSegment(verifier[2]) : '';
    return rollId ? { kind: 'verifier', lang: verifier[1], rollId } : { kind: 'verifier', lang: verifier[1] };
  }
  const ids = /^\/upgrades\/([\d,]+)\/?$/.exec(pathname);
  const preselect = ids ? ids[1].split(',').filter(Boolean).map(Number).filter(Number.isSafeInteger) : [];
  return { kind: 'upgrades', preselect };
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Client-side navigation within the SPA (history.pushState). */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  listeners.forEach((l) => l());
  window.scrollTo?.(0, 0);
}

/** The current pathname, re-rendering on navigation. */
export function usePathname(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => '/upgrades/',
  );
}

/** The current query string (`?a=b` or ''), re-rendering on navigation. */
export function useSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
}
