// Tile paths as C2SP tlog-tiles spells them, and the tile store: appends in any batches give Go's tile layout
// (a partial tile is the prefix of the full one) and the same root as hashing all leaves at once.
import { describe, expect, it } from 'vitest';
import {
  entriesTilePath,
  entryBundle,
  inclusionProof,
  nodeHash,
  parseEntryBundle,
  parseTilePath,
  tilePath,
  toHex,
  treeRoot,
  verifyInclusion,
} from '../../../src/domain/tlog/index.ts';
import { rootOfHashes } from '../../../src/domain/tlog/hash.ts';
import { MemoryTiles } from './memoryLog.ts';

describe('tile paths', () => {
  it('spells indexes in x-prefixed groups of three digits', () => {
    expect(tilePath({ level: 0, index: 1234067, width: 256 })).toBe('tile/0/x001/x234/067');
    expect(tilePath({ level: 0, index: 1234067, width: 8 })).toBe('tile/0/x001/x234/067.p/8');
    expect(tilePath({ level: 3, index: 5, width: 256 })).toBe('tile/3/005');
    expect(tilePath({ level: 1, index: 1000, width: 1 })).toBe('tile/1/x001/000.p/1');
    expect(entriesTilePath(1234067, 256)).toBe('tile/entries/x001/x234/067');
    expect(entriesTilePath(0, 17)).toBe('tile/entries/000.p/17');
  });

  it('parses its own paths back and rejects others', () => {
    for (const t of [
      { level: 0, index: 0, width: 1 },
      { level: 2, index: 999, width: 256 },
      { level: 63, index: 123456789, width: 255 },
    ]) {
      expect(parseTilePath(tilePath(t))).toEqual({ tile: t, entries: false });
      expect(parseTilePath(entriesTilePath(t.index, t.width))).toEqual({ tile: { ...t, level: 0 }, entries: true });
    }
    for (const bad of [
      'tile/0/1',
      'tile/0/001.p/0',
      'tile/0/001.p/256',
      'tile/0/001.p/07',
      'tile/0/x000/001',
      'tile/64/001',
      'tile/01/001',
      'tile/0/x1/001',
      'tile/0/001/',
      'tiles/0/001',
      'tile/entries/001.p/',
    ]) {
      expect(parseTilePath(bad), bad).toBeNull();
    }
  });

  it('bundles entries with big-endian uint16 lengths', () => {
    const bundle = entryBundle(['ab', '', 'é']);
    expect(toHex(bundle)).toBe('0002616200000002c3a9');
    expect(parseEntryBundle(bundle).map((e) => new TextDecoder().decode(e))).toEqual(['ab', '', 'é']);
    expect(() => parseEntryBundle(bundle.subarray(0, bundle.length - 1))).toThrow();
  });
});

describe('the tile store', { timeout: 120_000 }, () => {
  // Any 32 bytes are a valid leaf hash: fill them cheaply, so only the tree's own hashing costs time.
  const leaves = Array.from({ length: 256 * 256 + 300 }, (_, i) => {
    const h = new Uint8Array(32);
    new DataView(h.buffer).setUint32(0, i);
    h[31] = i % 251;
    return h;
  });
  const full = 256 * 256;
  const directFull = rootOfHashes(leaves.slice(0, full));
  // MTH(D[0:n]) = node(MTH(D[0:k]), MTH(D[k:n])) with k the largest power of two below n.
  const directAll = nodeHash(directFull, rootOfHashes(leaves.slice(full)));

  it('builds level-0, level-1 and level-2 tiles whose roots match a direct computation', async () => {
    const t = new MemoryTiles();
    const batches = [1, 255, 1, 300, 64_000, 979, 1, 1, 1, 1, 200, 500];
    let at = 0;
    for (const b of batches) {
      await t.append(leaves.slice(at, at + b));
      at += b;
    }
    await t.append(leaves.slice(at));
    expect(t.size).toBe(leaves.length);
    expect(toHex(await treeRoot(t.size, t.read))).toBe(toHex(directAll));
    expect(toHex(await treeRoot(full, t.read))).toBe(toHex(directFull));
    expect(t.tiles.get('2/0')?.length).toBe(32); // one complete level-16 node
    expect(t.tiles.get('1/0')?.length).toBe(256 * 32);
    expect(t.tiles.get('1/1')?.length).toBe(1 * 32);
    for (const size of [1, 255, 256, 257, 1000]) {
      expect(toHex(await treeRoot(size, t.read)), String(size)).toBe(toHex(rootOfHashes(leaves.slice(0, size))));
    }
  });

  it('reads few tiles for a proof in a large tree', async () => {
    const t = new MemoryTiles();
    await t.append(leaves);
    t.reads.length = 0;
    const index = 40_000;
    const proof = await inclusionProof(index, t.size, t.read);
    expect(verifyInclusion(index, t.size, leaves[index], proof, directAll)).toBe(true);
    expect(t.reads.length).toBeLessThanOrEqual(8);
  });
});
