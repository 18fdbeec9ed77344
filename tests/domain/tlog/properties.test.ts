// Property tests: any appends in any batches give the root of a direct RFC 6962 recomputation, every proof
// verifies, and any change to an entry, a hash, a proof element or a signature makes verification fail.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  encodeEntry,
  formatCheckpoint,
  generateKey,
  inclusionProof,
  leafHash,
  nodeHash,
  openNote,
  signNote,
  signerFromKey,
  toHex,
  treeRoot,
  utf8,
  verifierFromKey,
  verifyConsistency,
  verifyInclusion,
  type Hash,
  type LogEntry,
} from '../../../src/domain/tlog/index.ts';
import { MemoryLog, MemoryTiles } from './memoryLog.ts';

/** RFC 6962 MTH written out as the RFC states it, independent of the tile code. */
function mth(leaves: Hash[]): Hash {
  if (leaves.length === 1) return leaves[0];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

// Batch sizes that cross tile boundaries (256) now and then without making every run slow.
const batchesArb = fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 50, max: 300 })), {
  minLength: 1,
  maxLength: 6,
});

function flip(h: Uint8Array, bit: number): Uint8Array {
  const out = h.slice();
  out[Math.floor(bit / 8) % out.length] ^= 1 << (bit % 8);
  return out;
}

async function build(batches: number[], seed: number): Promise<{ t: MemoryTiles; leaves: Hash[] }> {
  const leaves: Hash[] = [];
  const t = new MemoryTiles();
  for (const b of batches) {
    const batch = Array.from({ length: b }, (_, i) => leafHash(utf8(`${seed}:${leaves.length + i}`)));
    await t.append(batch);
    leaves.push(...batch);
  }
  return { t, leaves };
}

describe('tlog properties', { timeout: 120_000 }, () => {
  it('any appends in any batches give the direct root, at every batch boundary', async () => {
    await fc.assert(
      fc.asyncProperty(batchesArb, fc.nat(), async (batches, seed) => {
        const { t, leaves } = await build(batches, seed);
        let size = 0;
        for (const b of batches) {
          size += b;
          expect(toHex(await treeRoot(size, t.read))).toBe(toHex(mth(leaves.slice(0, size))));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('every inclusion proof verifies, and a changed leaf, element, index or root fails', async () => {
    await fc.assert(
      fc.asyncProperty(batchesArb, fc.nat(), fc.nat(), fc.nat(), async (batches, seed, pick, bit) => {
        const { t, leaves } = await build(batches, seed);
        const size = 1 + (pick % t.size);
        const index = (pick * 7919) % size;
        const root = await treeRoot(size, t.read);
        const proof = await inclusionProof(index, size, t.read);
        expect(verifyInclusion(index, size, leaves[index], proof, root)).toBe(true);
        expect(verifyInclusion(index, size, flip(leaves[index], bit), proof, root)).toBe(false);
        expect(verifyInclusion(index, size, leaves[index], proof, flip(root, bit))).toBe(false);
        if (proof.length > 0) {
          const at = bit % proof.length;
          const bad = proof.map((p, i) => (i === at ? flip(p, bit) : p));
          expect(verifyInclusion(index, size, leaves[index], bad, root)).toBe(false);
          expect(verifyInclusion(index, size, leaves[index], proof.slice(1), root)).toBe(false);
          expect(verifyInclusion(index ^ 1, size, leaves[index], proof, root)).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('every consistency proof verifies, and a changed root or element fails', async () => {
    await fc.assert(
      fc.asyncProperty(batchesArb, fc.nat(), fc.nat(), fc.nat(), async (batches, seed, pick, bit) => {
        const { t } = await build(batches, seed);
        const to = 1 + (pick % t.size);
        const from = 1 + ((pick * 31) % to);
        const r1 = await treeRoot(from, t.read);
        const r2 = await treeRoot(to, t.read);
        const proof = await consistencyProof(from, to, t.read);
        expect(verifyConsistency(from, to, r1, r2, proof)).toBe(true);
        expect(verifyConsistency(from, to, flip(r1, bit), r2, proof)).toBe(false);
        expect(verifyConsistency(from, to, r1, flip(r2, bit), proof)).toBe(false);
        if (proof.length > 0) {
          const at = bit % proof.length;
          expect(
            verifyConsistency(
              from,
              to,
              r1,
              r2,
              proof.map((p, i) => (i === at ? flip(p, bit) : p)),
            ),
          ).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('any changed character of a logged entry fails its inclusion proof', async () => {
    const entryArb: fc.Arbitrary<LogEntry> = fc.record({
      type: fc.constant('reveal' as const),
      site: fc.constantFrom('cs', 'dota', 'ru'),
      time: fc.constant('2026-11-28T08:00:00.000Z'),
      server_seed_hash: fc.string({ minLength: 1, maxLength: 64 }),
      server_seed: fc.string({ minLength: 1, maxLength: 64 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 40 }), fc.nat(), async (entries, pick) => {
        const log = new MemoryLog();
        await log.appendLines(entries.map(encodeEntry));
        const index = pick % log.size;
        const line = log.lines[index];
        const at = pick % line.length;
        const changed = line.slice(0, at) + String.fromCharCode(line.charCodeAt(at) ^ 1) + line.slice(at + 1);
        const root = await treeRoot(log.size, log.read);
        const proof = await inclusionProof(index, log.size, log.read);
        expect(verifyInclusion(index, log.size, leafHash(utf8(line)), proof, root)).toBe(true);
        expect(verifyInclusion(index, log.size, leafHash(utf8(changed)), proof, root)).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it('any changed byte of a signed checkpoint fails to open', () => {
    const { skey, vkey } = generateKey('example.com/upgrades/cs');
    const signer = signerFromKey(skey);
    const verifier = verifierFromKey(vkey);
    fc.assert(
      fc.property(fc.nat(), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(), (size, root, pick) => {
        const note = signNote(formatCheckpoint({ origin: 'example.com/upgrades/cs', size, root }), [signer]);
        expect(openNote(note, [verifier]).text.length).toBeGreaterThan(0);
        const bytes = utf8(note);
        const at = pick % (bytes.length - 1); // the final newline's change only makes it malformed, also a failure
        const bad = bytes.slice();
        bad[at] ^= 1 << (pick % 7);
        const text = new TextDecoder().decode(bad);
        expect(() => openNote(text, [verifier])).toThrow();
      }),
      { numRuns: 100 },
    );
  });
});
