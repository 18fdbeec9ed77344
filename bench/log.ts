// The public log at the audit step's size (1,000,000 games plus their seeds' entries): inclusion proofs and the
// checkpoint one at a time, a full tile against the same bytes as a static file, and the tree's bytes per entry.
import fs from 'node:fs';
import path from 'node:path';
import { atLeast, atMost, percentile, type BenchContext, type Figure } from './lib/figures.ts';
import { KeepAliveConnection, type Answer } from './lib/keepalive.ts';
import { withClient } from './lib/pg.ts';

const REQUESTS = 200;
const ROUND_MS = 5_000;
const CONNECTIONS = 16;

/** p95 of REQUESTS sequential GETs of `pathOf(i)`, the first 5 left out as warm-up. */
async function p95(base: string, pathOf: (i: number) => string): Promise<number> {
  const conn = new KeepAliveConnection(base);
  const ms: number[] = [];
  try {
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t0 = performance.now();
      const res = await conn.request('GET', pathOf(i), 'accept: */*');
      ms.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${pathOf(i)} answered ${res.status}: ${res.body.toString()}`);
    }
  } finally {
    conn.close();
  }
  return percentile(ms.slice(5), 95);
}

/** Requests per second over CONNECTIONS keep-alive connections, two interleaved rounds a side. */
async function throughput(base: string, paths: Record<'tile' | 'static', string>) {
  const totals = { tile: { ok: 0, errors: 0, seconds: 0 }, static: { ok: 0, errors: 0, seconds: 0 } };
  const round = async (kind: 'tile' | 'static') => {
    const t0 = performance.now();
    const one = async () => {
      const conn = new KeepAliveConnection(base);
      while (performance.now() < t0 + ROUND_MS) {
        const res: Answer = await conn.request('GET', paths[kind], 'accept: */*');
        totals[kind][res.status === 200 ? 'ok' : 'errors']++;
      }
      conn.close();
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, one));
    totals[kind].seconds += (performance.now() - t0) / 1000;
  };
  for (let i = 0; i < 2; i++) {
    await round('tile');
    await round('static');
  }
  return totals;
}

/** The log's figures against a running server whose log holds every entry of the database at `url`. */
export async function logFigures(base: string, url: string, ctx: BenchContext): Promise<Figure[]> {
  const checkpoint = await (await fetch(`${base}/api/provably_fair/log/checkpoint`)).text();
  const size = Number(checkpoint.split('\n')[1]);
  const checkpointP95 = await p95(base, () => '/api/provably_fair/log/checkpoint');
  // Spread over the whole tree, so proofs read cold and warm tiles alike.
  const proofP95 = await p95(
    base,
    (i) => `/api/provably_fair/log/proof?index=${Math.floor(((i * 7919) % 1000) * (size / 1000))}&size=${size}`,
  );

  // A full level-0 tile (256 hashes), served beside the same bytes as a static file of the build.
  const tilePath = '/api/provably_fair/log/tile/0/000';
  const tile = await (await fetch(`${base}${tilePath}`)).arrayBuffer();
  const dir = path.join(ctx.distDir, 'bench');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'tile.bin'), Buffer.from(tile));
  const totals = await throughput(base, { tile: tilePath, static: '/bench/tile.bin' });
  const rps = (t: { ok: number; seconds: number }) => t.ok / t.seconds;

  // The tree's storage beyond the entries themselves: hash tiles and checkpoints, over the entries.
  const bytes = await withClient(url, async (c) => {
    const [row] = (
      await c.query(
        `select pg_total_relation_size('log_tiles')::bigint as tiles,
           pg_total_relation_size('log_checkpoints')::bigint as checkpoints,
           pg_total_relation_size('log_state')::bigint as state`,
      )
    ).rows;
    return { tiles: Number(row.tiles), checkpoints: Number(row.checkpoints), state: Number(row.state) };
  });
  const perEntry = (bytes.tiles + bytes.checkpoints + bytes.state) / size;
  ctx.raw.log = { size, checkpointP95, proofP95, tileBytes: tile.byteLength, totals, bytes };

  const staticFile = { label: 'same bytes as a static file', value: rps(totals.static), unit: 'req/s' };
  const sizeNote = `${size.toLocaleString('en')} entries`;
  return [
    atMost(`log: checkpoint p95, ${sizeNote}`, checkpointP95, 'ms', null, 10, `${REQUESTS} one at a time`),
    atMost(`log: inclusion proof p95, ${sizeNote}`, proofP95, 'ms', null, 10, `${REQUESTS} one at a time`),
    atLeast(
      'log: a full tile, requests/s',
      rps(totals.tile),
      'req/s',
      staticFile,
      0.5,
      `${tile.byteLength} B; ${CONNECTIONS} connections, 2 rounds of ${ROUND_MS / 1000} s a side; errors ${totals.tile.errors} / ${totals.static.errors}`,
    ),
    atMost(
      'log: tree storage per entry beyond the entry',
      perEntry,
      'B',
      null,
      100,
      `tiles ${(bytes.tiles / 1e6).toFixed(1)} MB, checkpoints ${(bytes.checkpoints / 1e6).toFixed(1)} MB, on disk with indexes`,
    ),
  ];
}
