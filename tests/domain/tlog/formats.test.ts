// Entries, checkpoints and cosignatures. The checkpoint and cosignature lines are the examples of
// c2sp.org/tlog-checkpoint and c2sp.org/tlog-cosignature (their keys are not published, so those signatures
// are parsed, and signing is checked with keys made here).
import { describe, expect, it } from 'vitest';
import {
  ALG_COSIGNATURE_V1,
  cosign,
  decodeEntry,
  encodeEntry,
  formatCheckpoint,
  fromBase64,
  generateKey,
  openNote,
  parseCheckpoint,
  parseSignatureLine,
  signNote,
  signerFromKey,
  splitNote,
  verifierFromKey,
  verifyCosignature,
  type LogEntry,
} from '../../../src/domain/tlog/index.ts';

const C2SP_CHECKPOINT = 'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const C2SP_LOG_SIG =
  '— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=';
const C2SP_COSIG =
  '— witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==';

const game: LogEntry = {
  type: 'game',
  site: 'cs',
  time: '2026-11-28T08:00:00.123Z',
  roll_id: 'r-1',
  server_seed_hash: 'ab'.repeat(32),
  client_seed: 'my "seed" ✓',
  nonce: 7,
  chance: 45_000,
  roll_under: 1,
  roll: 12_345,
  success: true,
  stake_minor: 1000,
  target_price_minor: 2000,
  rules: { payout_per_100k: 90_000, chance_min: 100, chance_max: 80_000 },
};

describe('log entries', () => {
  it('encodes each type with its fixed key order, no spaces, rules sorted', () => {
    expect(encodeEntry(game)).toBe(
      '{"type":"game","site":"cs","time":"2026-11-28T08:00:00.123Z","roll_id":"r-1","server_seed_hash":"' +
        'ab'.repeat(32) +
        '","client_seed":"my \\"seed\\" ✓","nonce":7,"chance":45000,"roll_under":1,"roll":12345,"success":true,' +
        '"stake_minor":1000,"target_price_minor":2000,"rules":{"chance_max":80000,"chance_min":100,"payout_per_100k":90000}}',
    );
    const commit: LogEntry = { server_seed_hash: 'h', time: '2026-11-28T08:00:00.000Z', site: 'ru', type: 'commit' };
    expect(encodeEntry(commit)).toBe(
      '{"type":"commit","site":"ru","time":"2026-11-28T08:00:00.000Z","server_seed_hash":"h"}',
    );
    const cs: LogEntry = {
      type: 'client_seed',
      site: 'cs',
      time: commit.time,
      server_seed_hash: 'h',
      client_seed: 'c',
    };
    const reveal: LogEntry = { type: 'reveal', site: 'cs', time: commit.time, server_seed_hash: 'h', server_seed: 's' };
    for (const e of [game, commit, cs, reveal]) expect(decodeEntry(encodeEntry(e))).toEqual(e);
  });

  it('refuses wrong fields and non-canonical lines', () => {
    expect(() => encodeEntry({ ...game, nonce: 1.5 })).toThrow();
    expect(() => encodeEntry({ ...game, roll_under: 2 as 0 })).toThrow();
    expect(() => encodeEntry({ ...game, player: 'x' } as LogEntry)).toThrow('unexpected field');
    expect(() => encodeEntry({ ...game, time: '2026-11-28 08:00' })).toThrow();
    const line = encodeEntry(game);
    for (const bad of [
      line.replace('"nonce":7', '"nonce":7.0'),
      line.replace('"nonce":7', '"nonce": 7'),
      line.replace('"chance":45000,"roll_under":1', '"roll_under":1,"chance":45000'),
      line.replace('"r-1"', '"\\u0072-1"'),
      `${line}\n`,
      line.replace('"site":"cs",', '"site":"cs","site":"cs",'),
      '{"type":"other","site":"cs"}',
      '[]',
    ]) {
      expect(() => decodeEntry(bad), bad).toThrow();
    }
  });
});

describe('checkpoints', () => {
  it('reads the C2SP example and writes it back byte for byte', () => {
    const c = parseCheckpoint(C2SP_CHECKPOINT);
    expect(c.origin).toBe('example.com/behind-the-sofa');
    expect(c.size).toBe(20852163);
    expect(formatCheckpoint(c)).toBe(C2SP_CHECKPOINT);
    const withExt = formatCheckpoint({ ...c, extensions: ['ext one'] });
    expect(parseCheckpoint(withExt).extensions).toEqual(['ext one']);
    const sig = parseSignatureLine(C2SP_LOG_SIG);
    expect([sig.name, sig.sig.length]).toEqual(['example.com/behind-the-sofa', 64]);
  });

  it('refuses malformed checkpoints', () => {
    for (const bad of [
      'o\n1\n',
      'o\n01\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n',
      'o\n-1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n',
      'o\n1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I\n',
      'o\n1\nAAAA\n',
      'o\n1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=',
      'o\n1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n',
    ]) {
      expect(() => parseCheckpoint(bad), bad).toThrow();
    }
  });

  it('signs a checkpoint as a note that the published key opens', () => {
    const { skey, vkey } = generateKey('example.com/upgrades/cs');
    const text = formatCheckpoint({ origin: 'example.com/upgrades/cs', size: 3, root: new Uint8Array(32).fill(7) });
    const note = signNote(text, [signerFromKey(skey)]);
    expect(parseCheckpoint(openNote(note, [verifierFromKey(vkey)]).text).size).toBe(3);
    const other = generateKey('example.com/upgrades/cs');
    expect(() => openNote(note, [verifierFromKey(other.vkey)])).toThrow('no verifiable');
    expect(() => openNote(note.replace('\n3\n', '\n4\n'), [verifierFromKey(vkey)])).toThrow('invalid signature');
  });
});

describe('cosignatures (cosignature/v1)', () => {
  it('reads the C2SP example: key id, then the timestamp 1679315147 (2023-03-20)', () => {
    const s = parseSignatureLine(C2SP_COSIG);
    expect(s.name).toBe('witness.example.com/w1');
    expect(s.sig.length).toBe(72);
    expect(Number(new DataView(s.sig.buffer, s.sig.byteOffset).getBigUint64(0))).toBe(1679315147);
  });

  it('cosigns the timestamped message and verifies only with the right key, text and time', () => {
    const w = generateKey('witness.example.com/w1', ALG_COSIGNATURE_V1);
    const line = cosign(C2SP_CHECKPOINT, signerFromKey(w.skey), 1679315147);
    expect(verifyCosignature(C2SP_CHECKPOINT, line, w.vkey)).toEqual({ timestamp: 1679315147 });
    // The key id uses type 0x04, so it differs from a note key of the same name and public key.
    // The key's base64 may itself hold '+', so take everything after the second one.
    const raw = fromBase64(w.vkey.split('+').slice(2).join('+'));
    expect(raw[0]).toBe(4);
    const other = generateKey('witness.example.com/w1', ALG_COSIGNATURE_V1);
    expect(verifyCosignature(C2SP_CHECKPOINT, line, other.vkey)).toBeNull();
    expect(verifyCosignature(C2SP_CHECKPOINT.replace('20852163', '20852164'), line, w.vkey)).toBeNull();
    // Changing the timestamp bytes breaks the signature: the time is signed.
    const s = parseSignatureLine(line);
    const sig = s.sig.slice();
    sig[7] ^= 1;
    const forged = `— ${s.name} ${btoa(String.fromCharCode(...fromBase64(line.split(' ')[2]).subarray(0, 4), ...sig))}`;
    expect(verifyCosignature(C2SP_CHECKPOINT, forged, w.vkey)).toBeNull();
    // A note key cannot cosign, and a cosignature is not a note signature.
    const n = generateKey('witness.example.com/w1');
    expect(() => cosign(C2SP_CHECKPOINT, signerFromKey(n.skey), 1)).toThrow();
    expect(() => openNote(`${C2SP_CHECKPOINT}\n${line}\n`, [verifierFromKey(w.vkey)])).toThrow();
    expect(splitNote(`${C2SP_CHECKPOINT}\n${C2SP_LOG_SIG}\n${line}\n`).sigs).toHaveLength(2);
  });
});
