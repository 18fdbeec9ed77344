/** The public log's formats and tree math (C2SP signed-note, tlog-checkpoint, tlog-tiles, tlog-cosignature). */
export { HASH_SIZE, emptyRoot, leafHash, nodeHash, rootOfHashes, type Hash } from './hash.ts';
export { bytesEqual, fromBase64, fromHex, toBase64, toHex, utf8 } from './bytes.ts';
export { decodeEntry, encodeEntry, type LogEntry } from './entry.ts';
export {
  TILE_HEIGHT,
  TILE_WIDTH,
  entriesTilePath,
  entryBundle,
  parseEntryBundle,
  parseTilePath,
  tilePath,
  type Tile,
  type TileReader,
} from './tile.ts';
export { appendTiles, consistencyProof, inclusionProof, treeRoot } from './tree.ts';
export { rootFromInclusion, verifyConsistency, verifyInclusion } from './verify.ts';
export {
  ALG_COSIGNATURE_V1,
  ALG_ED25519,
  generateKey,
  keyId,
  publicKeyOf,
  signerFromKey,
  verifierFromKey,
  verifierKey,
  type KeyAlg,
  type Signer,
  type Verifier,
} from './keys.ts';
export { openNote, parseSignatureLine, signNote, splitNote, type NoteSignature } from './note.ts';
export { formatCheckpoint, parseCheckpoint, type Checkpoint } from './checkpoint.ts';
export { cosign, verifyCosignature } from './cosignature.ts';
