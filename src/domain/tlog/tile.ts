/**
 * C2SP tlog-tiles: where each tile lives, and how a tile's hashes map to tree nodes. A tile (L, N, W) holds
 * the hashes of the level-8L nodes N*256 .. N*256+W-1; a partial tile is a prefix of the eventual full one.
 */
import { HASH_SIZE, type Hash } from './hash.ts';

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 1 << TILE_HEIGHT;

export interface Tile {
  level: number;
  index: number;
  width: number;
}

/** The data for each requested tile, exactly width*32 bytes (or the entry bundle, for entry tiles). */
export type TileReader = (tiles: Tile[]) => Promise<Uint8Array[]>;

/** 1234067 -> "x001/x234/067": groups of three digits, all but the last prefixed with x. */
function indexPath(n: number): string {
  let s = String(n % 1000).padStart(3, '0');
  for (let rest = Math.floor(n / 1000); rest > 0; rest = Math.floor(rest / 1000)) {
    s = `x${String(rest % 1000).padStart(3, '0')}/${s}`;
  }
  return s;
}

function checkTile(t: Tile): void {
  if (!Number.isSafeInteger(t.level) || t.level < 0 || t.level > 63) throw new Error('tile level out of range');
  if (!Number.isSafeInteger(t.index) || t.index < 0) throw new Error('tile index out of range');
  if (!Number.isSafeInteger(t.width) || t.width < 1 || t.width > TILE_WIDTH) throw new Error('tile width out of range');
}

function suffix(width: number): string {
  return width === TILE_WIDTH ? '' : `.p/${width}`;
}

export function tilePath(t: Tile): string {
  checkTile(t);
  return `tile/${t.level}/${indexPath(t.index)}${suffix(t.width)}`;
}

/** The path of the entry bundle for entries index*256 .. index*256+width-1. */
export function entriesTilePath(index: number, width: number): string {
  checkTile({ level: 0, index, width });
  return `tile/entries/${indexPath(index)}${suffix(width)}`;
}

const PATH = /^tile\/(0|[1-9][0-9]?|entries)\/((?:x\d{3}\/)*)(\d{3})(?:\.p\/([1-9][0-9]{0,2}))?$/;

/** Parses "tile/<L>/<N>[.p/<W>]" or "tile/entries/<N>[.p/<W>]"; null for anything else. */
export function parseTilePath(path: string): { tile: Tile; entries: boolean } | null {
  const m = PATH.exec(path);
  if (!m) return null;
  const groups = [
    ...m[2]
      .split('/')
      .filter(Boolean)
      .map((g) => g.slice(1)),
    m[3],
  ];
  if (groups.length > 1 && groups[0] === '000') return null; // no leading zero groups: one path per tile
  const index = groups.reduce((n, g) => n * 1000 + Number(g), 0);
  const width = m[4] === undefined ? TILE_WIDTH : Number(m[4]);
  const entries = m[1] === 'entries';
  const level = entries ? 0 : Number(m[1]);
  // A partial tile is narrower than a full one; a full one never carries the .p suffix.
  if (!Number.isSafeInteger(index) || level > 63 || (m[4] !== undefined && width >= TILE_WIDTH)) return null;
  return { tile: { level, index, width }, entries };
}

/** Number of complete level-`level` tree nodes in a tree of `size` leaves. */
export function nodesAtLevel(size: number, level: number): number {
  return Math.floor(size / 2 ** level);
}

/** The tile (at the tree size) holding the level-8L nodes a node at tree level `level` is made of. */
export function tileForNode(level: number, n: number, size: number): { tile: Tile; offset: number; count: number } {
  const tl = Math.floor(level / TILE_HEIGHT);
  const r = level - tl * TILE_HEIGHT;
  const first = n * 2 ** r; // first level-8L node under this node
  const index = Math.floor(first / TILE_WIDTH);
  const width = Math.min(TILE_WIDTH, nodesAtLevel(size, tl * TILE_HEIGHT) - index * TILE_WIDTH);
  return { tile: { level: tl, index, width }, offset: first - index * TILE_WIDTH, count: 2 ** r };
}

/** The hash at position i of a tile's data. */
export function tileHash(data: Uint8Array, i: number): Hash {
  return data.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE);
}

/** tlog-tiles entry bundle: each entry as a big-endian uint16 length followed by its bytes. */
export function entryBundle(lines: string[]): Uint8Array {
  const enc = new TextEncoder();
  const parts = lines.map((l) => enc.encode(l));
  const out = new Uint8Array(parts.reduce((n, p) => n + 2 + p.length, 0));
  let at = 0;
  for (const p of parts) {
    if (p.length > 0xffff) throw new Error('entry longer than 65535 bytes');
    out[at] = p.length >> 8;
    out[at + 1] = p.length & 0xff;
    out.set(p, at + 2);
    at += 2 + p.length;
  }
  return out;
}

/** The entries of a bundle, as raw bytes; throws on a truncated bundle. */
export function parseEntryBundle(data: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < data.length;) {
    if (at + 2 > data.length) throw new Error('truncated entry bundle');
    const len = (data[at] << 8) | data[at + 1];
    if (at + 2 + len > data.length) throw new Error('truncated entry bundle');
    out.push(data.subarray(at + 2, at + 2 + len));
    at += 2 + len;
  }
  return out;
}
