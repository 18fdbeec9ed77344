/**
 * Tree hashes from tiles, like Go's sumdb/tlog TileHashReader: every node a root or proof needs is read from
 * the one tile holding its level-8L descendants and hashed up from those (at most 128 hashes), in one batched
 * read per call, so nothing ever walks the whole tree.
 */
import { HASH_SIZE, emptyRoot, nodeHash, rootOfHashes, type Hash } from './hash.ts';
import { TILE_HEIGHT, TILE_WIDTH, nodesAtLevel, tileForNode, tileHash, type Tile, type TileReader } from './tile.ts';

/** A complete subtree: 2^level leaves starting at leaf n * 2^level. */
interface Node {
  level: number;
  n: number;
}

function checkSize(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer`);
}

/** The complete subtrees covering leaves [lo, hi), left to right, largest first (lo aligned as in MTH). */
function cover(lo: number, hi: number): Node[] {
  const out: Node[] = [];
  while (lo < hi) {
    let level = 0;
    while (lo % 2 ** (level + 1) === 0 && lo + 2 ** (level + 1) <= hi) level++;
    out.push({ level, n: lo / 2 ** level });
    lo += 2 ** level;
  }
  return out;
}

const key = (x: Node): string => `${x.level}:${x.n}`;

/** Reads the tiles under the given nodes (one reader call) and returns each node's hash. */
async function readNodes(nodes: Node[], size: number, read: TileReader): Promise<Map<string, Hash>> {
  const tiles = new Map<string, Tile>();
  const where = nodes.map((x) => tileForNode(x.level, x.n, size));
  for (const w of where) tiles.set(`${w.tile.level}/${w.tile.index}`, w.tile);
  const list = [...tiles.values()];
  const data = list.length > 0 ? await read(list) : [];
  if (data.length !== list.length) throw new Error('tile reader returned the wrong number of tiles');
  const byTile = new Map<string, Uint8Array>();
  list.forEach((t, i) => {
    if (data[i].length !== t.width * HASH_SIZE) {
      throw new Error(`tile ${t.level}/${t.index} has ${data[i].length} bytes, want ${t.width * HASH_SIZE}`);
    }
    byTile.set(`${t.level}/${t.index}`, data[i]);
  });
  const out = new Map<string, Hash>();
  nodes.forEach((x, i) => {
    const w = where[i];
    const d = byTile.get(`${w.tile.level}/${w.tile.index}`) as Uint8Array;
    const hashes: Hash[] = [];
    for (let j = 0; j < w.count; j++) hashes.push(tileHash(d, w.offset + j));
    out.set(key(x), rootOfHashes(hashes));
  });
  return out;
}

/** Hash of a range given its covering nodes: fold right to left, as MTH nests the right side. */
function rangeHash(cov: Node[], hashes: Map<string, Hash>): Hash {
  let h = hashes.get(key(cov[cov.length - 1])) as Hash;
  for (let i = cov.length - 2; i >= 0; i--) h = nodeHash(hashes.get(key(cov[i])) as Hash, h);
  return h;
}

/** Reads and hashes a list of leaf ranges in one batch. */
async function rangeHashes(ranges: [number, number][], size: number, read: TileReader): Promise<Hash[]> {
  const covers = ranges.map(([lo, hi]) => cover(lo, hi));
  const hashes = await readNodes(covers.flat(), size, read);
  return covers.map((c) => rangeHash(c, hashes));
}

function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

export async function treeRoot(size: number, read: TileReader): Promise<Hash> {
  checkSize('size', size);
  if (size === 0) return emptyRoot();
  return (await rangeHashes([[0, size]], size, read))[0];
}

/** RFC 6962 2.1.1 PATH(index, D[0:size]): the siblings from the leaf up. */
export async function inclusionProof(index: number, size: number, read: TileReader): Promise<Hash[]> {
  checkSize('size', size);
  checkSize('index', index);
  if (index >= size) throw new Error('index must be below the tree size');
  const ranges: [number, number][] = [];
  let lo = 0;
  let hi = size;
  while (hi - lo > 1) {
    const k = largestPowerOfTwoBelow(hi - lo);
    if (index < lo + k) {
      ranges.push([lo + k, hi]);
      hi = lo + k;
    } else {
      ranges.push([lo, lo + k]);
      lo += k;
    }
  }
  return rangeHashes(ranges.reverse(), size, read);
}

/** RFC 6962 2.1.2 PROOF(from, D[0:to]). */
export async function consistencyProof(from: number, to: number, read: TileReader): Promise<Hash[]> {
  checkSize('from', from);
  checkSize('to', to);
  if (from > to) throw new Error('from must not exceed to');
  if (from === 0 || from === to) return [];
  const ranges: [number, number][] = [];
  let m = from;
  let lo = 0;
  let hi = to;
  let complete = true;
  while (m !== hi - lo) {
    const k = largestPowerOfTwoBelow(hi - lo);
    if (m <= k) {
      ranges.push([lo + k, hi]);
      hi = lo + k;
    } else {
      ranges.push([lo, lo + k]);
      m -= k;
      lo += k;
      complete = false;
    }
  }
  if (!complete) ranges.push([lo, hi]);
  return rangeHashes(ranges.reverse(), to, read);
}

/**
 * The tiles to store after appending `newLeaves` (leaf hashes) to a tree of `oldSize` leaves, each with its
 * complete new data. Reads only the old partial tile at each level that grows.
 */
export async function appendTiles(
  oldSize: number,
  newLeaves: Hash[],
  read: TileReader,
): Promise<{ tile: Tile; data: Uint8Array }[]> {
  checkSize('oldSize', oldSize);
  for (const h of newLeaves) if (h.length !== HASH_SIZE) throw new Error('leaf hashes must be 32 bytes');
  const newSize = oldSize + newLeaves.length;
  // Which partial tiles already hold a prefix we must keep: one per level that gains nodes.
  const prefixes: Tile[] = [];
  for (let l = 0; ; l++) {
    const a = nodesAtLevel(oldSize, l * TILE_HEIGHT);
    const b = nodesAtLevel(newSize, l * TILE_HEIGHT);
    if (a === b) break;
    if (a % TILE_WIDTH !== 0) prefixes.push({ level: l, index: Math.floor(a / TILE_WIDTH), width: a % TILE_WIDTH });
  }
  const old = prefixes.length > 0 ? await read(prefixes) : [];
  if (old.length !== prefixes.length) throw new Error('tile reader returned the wrong number of tiles');

  const out: { tile: Tile; data: Uint8Array }[] = [];
  let added: Hash[] = newLeaves; // the new level-8L nodes, in order
  for (let l = 0; added.length > 0; l++) {
    const a = nodesAtLevel(oldSize, l * TILE_HEIGHT);
    const p = prefixes.findIndex((t) => t.level === l);
    const prefix = p >= 0 ? old[p] : new Uint8Array(0);
    if (p >= 0 && prefix.length !== prefixes[p].width * HASH_SIZE) throw new Error('old tile has the wrong length');
    const next: Hash[] = [];
    let index = Math.floor(a / TILE_WIDTH);
    let have = a % TILE_WIDTH;
    let i = 0;
    let carry = prefix;
    while (i < added.length) {
      const take = Math.min(TILE_WIDTH - have, added.length - i);
      const data = new Uint8Array((have + take) * HASH_SIZE);
      data.set(carry, 0);
      for (let j = 0; j < take; j++) data.set(added[i + j], (have + j) * HASH_SIZE);
      out.push({ tile: { level: l, index, width: have + take }, data });
      if (have + take === TILE_WIDTH) {
        const hashes: Hash[] = [];
        for (let j = 0; j < TILE_WIDTH; j++) hashes.push(tileHash(data, j));
        next.push(rootOfHashes(hashes));
      }
      i += take;
      index++;
      have = 0;
      carry = new Uint8Array(0);
    }
    added = next;
  }
  return out;
}
