/** An in-memory tile store for tests: keeps the newest version of each tile and serves any prefix of it. */
import { appendTiles, leafHash, utf8, type Hash, type Tile, type TileReader } from '../../../src/domain/tlog/index.ts';

export class MemoryTiles {
  size = 0;
  readonly tiles = new Map<string, Uint8Array>();
  /** Every tile the tree code asked for, to check it reads little. */
  readonly reads: Tile[] = [];

  read: TileReader = async (tiles) => {
    this.reads.push(...tiles);
    return tiles.map((t) => {
      const data = this.tiles.get(`${t.level}/${t.index}`);
      if (!data || data.length < t.width * 32) throw new Error(`no tile ${t.level}/${t.index}.p/${t.width}`);
      return data.slice(0, t.width * 32);
    });
  };

  async append(leaves: Hash[]): Promise<void> {
    const writes = await appendTiles(this.size, leaves, this.read);
    for (const w of writes) this.tiles.set(`${w.tile.level}/${w.tile.index}`, w.data);
    this.size += leaves.length;
  }
}

/** A log of entry lines with its tiles. */
export class MemoryLog extends MemoryTiles {
  readonly lines: string[] = [];

  async appendLines(lines: string[]): Promise<void> {
    await this.append(lines.map((l) => leafHash(utf8(l))));
    this.lines.push(...lines);
  }
}

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
}
