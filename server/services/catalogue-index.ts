/** The index answer, its catalogue part compressed once per change (docs/decisions/index-answer.md). */
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { ItemDto } from '../../src/api/contract.ts';
import { LOCKED_TYPE_PRIZE } from '../../src/domain/constants.ts';
import { toMajor } from '../../src/domain/money.ts';
import type { Config } from '../config.ts';
import { statement, type Db, type Queryable } from '../db/client.ts';
import { catalogueItems } from '../db/schema.ts';
import { itemImageUrl } from './images.ts';

export type CatalogueRow = Pick<
  typeof catalogueItems.$inferSelect,
  'id' | 'name' | 'priceMinor' | 'image' | 'type' | 'typePrize'
>;

/** An item as the page gets it: `id` is an inventory or catalogue id; the picture is the catalogue item's. */
function toDto(config: Config, id: number, row: CatalogueRow): ItemDto {
  return {
    id,
    name: row.name,
    price: toMajor(row.priceMinor),
    image: itemImageUrl(config, row),
    type: row.type,
    type_prize: row.typePrize,
  };
}

const columns = {
  id: catalogueItems.id,
  name: catalogueItems.name,
  priceMinor: catalogueItems.priceMinor,
  image: catalogueItems.image,
  type: catalogueItems.type,
  typePrize: catalogueItems.typePrize,
};

const inventoryBySession = statement(
  'index_inventory',
  `
  select i.id as "inventoryId", c.id, c.name, c.price_minor::float8 as "priceMinor", c.image, c.type,
    c.type_prize as "typePrize"
  from sessions s
  left join (inventory_items i join catalogue_items c on c.id = i.catalogue_item_id and c.site = $2::text)
    on i.user_id = s.user_id and i.state = 'owned'
  where s.id = $1::text and s.expires_at > now()
  order by c.price_minor desc, i.id`,
);

/** A live session's owned items of this site, locked ones included, or null: session check and inventory in one. */
export async function inventoryOfSession(q: Queryable, config: Config, sessionId: string): Promise<ItemDto[] | null> {
  const rows = await q.rows<{ inventoryId: number | null } & CatalogueRow>(inventoryBySession, [
    sessionId,
    config.site,
  ]);
  if (rows.length === 0) return null;
  // A live session without items is one row of nulls (the left join).
  if (rows[0].inventoryId === null) return [];
  return rows.map((r) => toDto(config, r.inventoryId!, r));
}

const brotli = promisify(zlib.brotliCompress);
const deflateRaw = promisify(zlib.deflateRaw);
const HEAD = '{"status":true,"uitems":';
/** Quick brotli for the first answers after a change; quality 11 (seconds of CPU) follows. */
const BR_FAST = 5;
const BR_BEST = 11;
/** The brotli tail is sent stored; past this size gzip, which compresses it, is smaller. */
const MAX_STORED_TAIL = 64 * 1024;
/** A stored brotli meta-block with a 4-nibble length holds at most 2^16 bytes. */
const STORED_BLOCK = 65536;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A content coding the index answer can be sent in. */
export type IndexEncoding = 'br' | 'gzip' | 'identity';

/** The codings an Accept-Encoding accepts (q=0 refuses, `*` stands for any other). */
function accepted(header: string | undefined): Set<string> {
  const ok = new Set<string>();
  const refused = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    (q && Number(q[1]) === 0 ? refused : ok).add(name);
  }
  if (ok.has('*')) for (const c of ['br', 'gzip']) if (!refused.has(c)) ok.add(c);
  for (const c of refused) ok.delete(c);
  return ok;
}

/** Brotli unless the (stored) tail is large, then gzip, else identity. */
export function pickEncoding(acceptEncoding: string | undefined, tailBytes: number): IndexEncoding {
  const ok = accepted(acceptEncoding);
  if (ok.has('br') && (tailBytes <= MAX_STORED_TAIL || !ok.has('gzip'))) return 'br';
  return ok.has('gzip') ? 'gzip' : 'identity';
}

/** The shared head `{"status":true,"uitems":[...]` raw and in each coding. */
interface EncodedHead {
  json: string;
  raw: Buffer;
  crc: number;
  /** Flushed to a byte boundary, not finished, so meta-blocks can follow. */
  br: Buffer;
  /** Ends in a sync flush (byte-aligned, not final), so blocks can follow. */
  deflate: Buffer;
}

async function brotliHead(raw: Buffer, quality: number): Promise<Buffer> {
  return brotli(raw, {
    finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** head + tail as one brotli stream: the tail as stored meta-blocks (RFC 7932 9.2), then an empty last one. */
function brotliAnswer(head: EncodedHead, tail: Buffer): Buffer {
  const parts = [head.br];
  for (let i = 0; i < tail.length; i += STORED_BLOCK) {
    const chunk = tail.subarray(i, i + STORED_BLOCK);
    // ISLAST=0, MNIBBLES=4 (code 0), MLEN-1 in 16 bits, ISUNCOMPRESSED=1, zero padding to the byte boundary.
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]), chunk);
  }
  // ISLAST=1, ISLASTEMPTY=1.
  parts.push(Buffer.from([0x03]));
  return Buffer.concat(parts);
}

/** head + tail as one gzip member: the head's deflate blocks, the tail's (final) blocks, CRC-32 and length. */
function gzipAnswer(head: EncodedHead, tail: Buffer): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.raw.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, head.deflate, zlib.deflateRawSync(tail), trailer]);
}

function encode(head: EncodedHead, tail: Buffer, encoding: IndexEncoding): Buffer {
  if (encoding === 'br') return brotliAnswer(head, tail);
  if (encoding === 'gzip') return gzipAnswer(head, tail);
  return Buffer.concat([head.raw, tail]);
}

/** Signed-out answers per catalogue version and coding. */
const signedOut = new WeakMap<EncodedHead, Map<IndexEncoding, Buffer>>();

/** The site's upgrade targets (active, not type_prize 13) by price, as a JSON array string cached for ttlMs. */
export class TargetCatalogue {
  private cached: {
    json: string;
    items: readonly ItemDto[];
    at: number;
  } | null = null;
  private loading: Promise<string> | null = null;
  private head: Promise<EncodedHead> | null = null;
  private headJson: string | null = null;

  /** The index answer in the best coding the client accepts. */
  async answer(
    inventoryJson: string,
    acceptEncoding: string | undefined,
  ): Promise<{ body: Buffer; encoding: IndexEncoding }> {
    const json = await this.json();
    const head = await this.encodedHead(json);
    const tail = Buffer.from(`,"inventory":${inventoryJson}}`);
    const encoding = pickEncoding(acceptEncoding, tail.length);
    if (inventoryJson === 'null') {
      let kept = signedOut.get(head);
      if (!kept) signedOut.set(head, (kept = new Map()));
      let body = kept.get(encoding);
      if (!body) kept.set(encoding, (body = encode(head, tail, encoding)));
      return { body, encoding };
    }
    return { body: encode(head, tail, encoding), encoding };
  }

  /** Rebuilt when the JSON changed: quick codings first, the best brotli in the background. */
  private encodedHead(json: string): Promise<EncodedHead> {
    if (this.head && this.headJson === json) return this.head;
    this.headJson = json;
    const raw = Buffer.from(HEAD + json);
    const building = (async (): Promise<EncodedHead> => {
      const [br, deflate] = await Promise.all([
        brotliHead(raw, BR_FAST),
        deflateRaw(raw, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      ]);
      return { json, raw, crc: zlib.crc32(raw), br, deflate };
    })();
    this.head = building;
    void building
      .then(async (quick) => {
        const best = await brotliHead(raw, BR_BEST);
        if (this.head === building) this.head = Promise.resolve({ ...quick, br: best });
      })
      .catch(() => {
        if (this.head === building) this.head = null;
      });
    return building;
  }

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly ttlMs = 30_000,
  ) {}

  /** The cached JSON, reloaded past the TTL, one load at a time. */
  async json(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.json;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** The items as last loaded, for the first screen, without waiting. */
  latestItems(): readonly ItemDto[] | null {
    if (!this.cached || Date.now() - this.cached.at >= this.ttlMs) this.json().catch(() => {});
    return this.cached?.items ?? null;
  }

  /** After an import in this process. */
  invalidate(): void {
    this.cached = null;
  }

  private async load(): Promise<string> {
    const rows = await this.db
      .select(columns)
      .from(catalogueItems)
      .where(
        and(
          eq(catalogueItems.site, this.config.site),
          eq(catalogueItems.active, true),
          ne(catalogueItems.typePrize, LOCKED_TYPE_PRIZE),
        ),
      )
      .orderBy(asc(catalogueItems.priceMinor), asc(catalogueItems.id));
    const items = rows.map((r) => toDto(this.config, r.id, r));
    const json = JSON.stringify(items);
    // The same rows keep the same array, so the first screens derived from it are kept too.
    const same = this.cached?.json === json;
    this.cached = {
      json,
      items: same ? this.cached!.items : items,
      at: Date.now(),
    };
    return json;
  }
}
