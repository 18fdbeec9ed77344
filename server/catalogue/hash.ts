/** Deterministic pseudo-randomness from item names, so a generated catalogue is the same on every machine. */

/** 32-bit FNV-1a over the UTF-16 code units of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // FNV-1a alone lands names differing only at the end close together; the finaliser spreads them.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1); one salt per independent decision. */
export function unit(name: string, salt: string): number {
  return fnv1a(`${salt}\u0000${name}`) / 0x1_0000_0000;
}

/** A log-uniform factor in [1/e^sigma, e^sigma]: prices spread multiplicatively, as market prices do. */
export function spread(name: string, salt: string, sigma: number): number {
  return Math.exp(sigma * (2 * unit(name, salt) - 1));
}
