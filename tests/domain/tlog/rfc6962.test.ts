// Test vectors from transparency-dev/merkle (testonly/constants.go and the inclusion/consistency vectors of
// its proof test data generator), which reproduce the RFC 6962 reference tree of eight leaves used by
// Certificate Transparency's C++ and Go code.
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  emptyRoot,
  inclusionProof,
  leafHash,
  nodeHash,
  toHex,
  treeRoot,
  verifyConsistency,
  verifyInclusion,
} from '../../../src/domain/tlog/index.ts';
import { MemoryTiles, hexToBytes } from './memoryLog.ts';

const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const LEAF_HASHES = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
  '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
  '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
  'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
  '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
// [leaf index (0-based), tree size, proof]
const INCLUSION: [number, number, string[]][] = [
  [0, 1, []],
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
// [from, to, proof]
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

const h = hexToBytes;

async function tree(size: number): Promise<MemoryTiles> {
  const t = new MemoryTiles();
  await t.append(LEAVES.slice(0, size).map((l) => leafHash(h(l))));
  return t;
}

describe('RFC 6962 hashes', () => {
  it('hashes the reference leaves', () => {
    expect(LEAVES.map((l) => toHex(leafHash(h(l))))).toEqual(LEAF_HASHES);
    expect(toHex(emptyRoot())).toBe(ROOTS[0]);
    expect(toHex(nodeHash(h(LEAF_HASHES[0]), h(LEAF_HASHES[1])))).toBe(ROOTS[2]);
  });

  it('gives the reference root for every size 0..8, appending one leaf at a time', async () => {
    const t = new MemoryTiles();
    expect(toHex(await treeRoot(0, t.read))).toBe(ROOTS[0]);
    for (let n = 1; n <= 8; n++) {
      await t.append([leafHash(h(LEAVES[n - 1]))]);
      expect(toHex(await treeRoot(n, t.read))).toBe(ROOTS[n]);
    }
    // Older sizes stay readable from the newest tiles: a partial tile is a prefix of the full one.
    for (let n = 1; n <= 8; n++) expect(toHex(await treeRoot(n, t.read))).toBe(ROOTS[n]);
  });
});

describe('RFC 6962 inclusion proofs', () => {
  it.each(INCLUSION)('index %i in size %i: the reference proof, and it verifies', async (index, size, want) => {
    const t = await tree(8);
    const proof = await inclusionProof(index, size, t.read);
    expect(proof.map(toHex)).toEqual(want);
    expect(verifyInclusion(index, size, h(LEAF_HASHES[index]), proof, h(ROOTS[size]))).toBe(true);
    expect(verifyInclusion(index, size, h(LEAF_HASHES[index]), proof, h(ROOTS[size - 1]))).toBe(false);
  });

  it('rejects the transparency-dev corruptions of each reference proof', () => {
    const someHash = h('abacaba000000000000000000000000000000000000000000060061e00123456');
    for (const [index, size, hex] of INCLUSION) {
      const proof = hex.map(h);
      const leaf = h(LEAF_HASHES[index]);
      const root = h(ROOTS[size]);
      const bad: [number, number, Uint8Array, Uint8Array[], Uint8Array][] = [
        [index - 1, size, leaf, proof, root],
        [index + 1, size, leaf, proof, root],
        [index ^ 2, size, leaf, proof, root],
        [index, size * 2, leaf, proof, root],
        [index, Math.floor(size / 2), leaf, proof, root],
        [index, size, new TextEncoder().encode('WrongLeaf'), proof, root],
        [index, size, leaf, proof, emptyRoot()],
        [index, size, leaf, proof, someHash],
        [index, size, leaf, [...proof, new Uint8Array(0)], root],
        [index, size, leaf, [...proof, root], root],
        [index, size, leaf, [new Uint8Array(0), ...proof], root],
        [index, size, leaf, [root, ...proof], root],
      ];
      proof.forEach((_, i) => {
        const flipped = proof.map((p) => p.slice());
        flipped[i][0] ^= 8;
        bad.push([index, size, leaf, flipped, root]);
      });
      if (proof.length > 0) bad.push([index, size, leaf, proof.slice(0, -1), root]);
      if (proof.length > 1) bad.push([index, size, leaf, [proof[0], someHash, ...proof.slice(1)], root]);
      for (const [i, s, l, p, r] of bad) expect(verifyInclusion(i, s, l, p, r)).toBe(false);
    }
  });
});

describe('RFC 6962 consistency proofs', () => {
  it.each(CONSISTENCY)('%i to %i: the reference proof, and it verifies', async (from, to, want) => {
    const t = await tree(8);
    const proof = await consistencyProof(from, to, t.read);
    expect(proof.map(toHex)).toEqual(want);
    expect(verifyConsistency(from, to, h(ROOTS[from]), h(ROOTS[to]), proof)).toBe(true);
  });

  it('rejects corrupted consistency proofs', () => {
    for (const [from, to, hex] of CONSISTENCY) {
      const proof = hex.map(h);
      const r1 = h(ROOTS[from]);
      const r2 = h(ROOTS[to]);
      const bad: [number, number, Uint8Array, Uint8Array, Uint8Array[]][] = [
        [from, to, h(ROOTS[from - 1]), r2, proof],
        [from + 1, to, r1, r2, proof],
        [from, to * 2, r1, r2, proof],
        [from ^ 2, to, r1, r2, proof],
        [from, to, r1, emptyRoot(), proof],
        [from, to, r1, r2, [...proof, r2]],
        [from, to, r1, r2, [r1, ...proof]],
      ];
      proof.forEach((_, i) => {
        const flipped = proof.map((p) => p.slice());
        flipped[i][0] ^= 8;
        bad.push([from, to, r1, r2, flipped]);
      });
      if (proof.length > 0) bad.push([from, to, r1, r2, proof.slice(0, -1)]);
      if (from > 1) bad.push([from - 1, to, r1, r2, proof]);
      bad.forEach(([a, b, x, y, p], i) =>
        expect(verifyConsistency(a, b, x, y, p), `${from}-${to} case ${i}`).toBe(false),
      );
    }
  });
});
