// The keys and signed notes of Go's golang.org/x/mod/sumdb/note tests (note_test.go), which C2SP signed-note
// describes: our signer must produce Go's note byte for byte, and our verifier must accept and reject as Go's.
import { describe, expect, it } from 'vitest';
import {
  ALG_COSIGNATURE_V1,
  generateKey,
  openNote,
  publicKeyOf,
  signNote,
  signerFromKey,
  splitNote,
  verifierFromKey,
  type Verifier,
} from '../../../src/domain/tlog/index.ts';

const PETER_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const PETER_SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const ENOCH_VKEY = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIG =
  '— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
const ENOCH_SIG =
  '— EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n';

const throws = (f: () => unknown): boolean => {
  try {
    f();
    return false;
  } catch {
    return true;
  }
};

describe('signed-note keys', () => {
  it('reads Go key strings and derives the same key id and public key', () => {
    const v = verifierFromKey(PETER_VKEY);
    const s = signerFromKey(PETER_SKEY);
    expect([v.name, v.keyId, s.name, s.keyId]).toEqual(['PeterNeumann', 0xc74f20a3, 'PeterNeumann', 0xc74f20a3]);
    expect(publicKeyOf(PETER_SKEY)).toBe(PETER_VKEY);
    expect(verifierFromKey(ENOCH_VKEY).keyId).toBe(0xaf0cfe78);
  });

  it('rejects every truncation and every single-byte change of a key, as Go does', () => {
    for (const key of [PETER_VKEY, PETER_SKEY]) {
      const parse = key === PETER_VKEY ? verifierFromKey : signerFromKey;
      for (let i = 0; i <= key.length; i++) {
        for (let j = i + 1; j <= key.length; j++) {
          if (i !== 0 || j !== key.length)
            expect(
              throws(() => parse(key.slice(i, j))),
              key.slice(i, j),
            ).toBe(true);
        }
      }
      for (let i = 0; i < key.length; i++) {
        const mangled = key.slice(0, i) + String.fromCharCode(key.charCodeAt(i) + 1) + key.slice(i + 1);
        expect(
          throws(() => parse(mangled)),
          mangled,
        ).toBe(true);
      }
    }
    // Wrong key length and unknown algorithm, each with a key id that matches the bytes.
    expect(
      throws(() => verifierFromKey('PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==')),
    ).toBe(true);
    expect(throws(() => verifierFromKey('PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'))).toBe(
      true,
    );
  });

  it('generates key pairs that sign and verify, and detect a changed message or signature', () => {
    for (const alg of [undefined, ALG_COSIGNATURE_V1] as const) {
      const { skey, vkey } = generateKey('EnochRoot', alg);
      const s = signerFromKey(skey);
      const v = verifierFromKey(vkey);
      expect([s.keyId, s.alg]).toEqual([v.keyId, v.alg]);
      expect(publicKeyOf(skey)).toBe(vkey);
      const msg = new TextEncoder().encode('hi');
      const sig = s.sign(msg);
      expect(v.verify(msg, sig)).toBe(true);
      sig[0]++;
      expect(v.verify(msg, sig)).toBe(false);
      sig[0]--;
      msg[0]++;
      expect(v.verify(msg, sig)).toBe(false);
    }
  });
});

describe('signed notes', () => {
  it('signs exactly as Go does', () => {
    expect(signNote(TEXT, [signerFromKey(PETER_SKEY)])).toBe(`${TEXT}\n${PETER_SIG}`);
    expect(throws(() => signNote('abc', [signerFromKey(PETER_SKEY)]))).toBe(true);
  });

  it('opens notes as Go does: known keys verify, unknown ones are skipped', () => {
    const peter = verifierFromKey(PETER_VKEY);
    const enoch = verifierFromKey(ENOCH_VKEY);
    const note = `${TEXT}\n${PETER_SIG}${ENOCH_SIG}`;
    expect(openNote(note, [peter])).toEqual({ text: TEXT, sigs: [{ name: 'PeterNeumann', keyId: 0xc74f20a3 }] });
    expect(openNote(note, [peter, enoch]).sigs.map((s) => s.name)).toEqual(['PeterNeumann', 'EnochRoot']);
    expect(() => openNote(note, [])).toThrow('note has no verifiable signatures');
    expect(() => openNote(`${TEXT}\n${PETER_SIG.repeat(101)}`, [peter])).toThrow('malformed note');
    const corrupt = `${TEXT}\n${PETER_SIG.slice(0, 60)}ABCD${PETER_SIG.slice(60)}`;
    expect(() => openNote(corrupt, [peter])).toThrow('invalid signature for key PeterNeumann+c74f20a3');
    // Repeated and unverifiable signatures by other keys do not matter.
    const enochBad = `${ENOCH_SIG.slice(0, 60)}ABCD${ENOCH_SIG.slice(60)}`;
    expect(openNote(`${TEXT}\n${PETER_SIG}${PETER_SIG}${ENOCH_SIG}${ENOCH_SIG}${enochBad}`, [peter]).sigs).toHaveLength(
      1,
    );
  });

  it('rejects the malformed notes of Go tests', () => {
    const peter: Verifier[] = [verifierFromKey(PETER_VKEY)];
    const bad = [
      TEXT,
      `${TEXT}\n`,
      `${TEXT}\n${PETER_SIG.slice(0, -1)}`,
      `\x01${TEXT}\n${PETER_SIG}`,
      `${TEXT}\n— Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=`,
      `${TEXT}\n${PETER_SIG}Unexpected line.\n`,
    ];
    for (const note of bad) expect(() => openNote(note, peter), note).toThrow(/malformed note|no verifiable/);
    expect(() => openNote(`${TEXT}\n${PETER_SIG.replace('PeterNeumann', 'CarmenSandiego')}`, peter)).toThrow();
    expect(splitNote(`${TEXT}\n${PETER_SIG}`).sigs[0].keyId).toBe(0xc74f20a3);
  });
});
