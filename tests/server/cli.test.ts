import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../../server/cli.ts';
import { lockPath } from '../../server/db/lock.ts';

let dir: string;
const lines = { out: [] as string[], err: [] as string[] };
const io = { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) };
const env = () => ({ DATA_DIR: dir, SITE: 'cs', STARTER_PACK_SIZE: '5', LOG_LEVEL: 'silent' });
const cli = (...argv: string[]) => {
  lines.out.length = 0;
  lines.err.length = 0;
  return runCli(argv, env(), io);
};

/** Runs a query on the data directory (the CLI has released it). */
async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = await PGlite.create({ dataDir: dir });
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-cli-'));
  // A data directory with the migrated, seeded template in it (cheaper than seeding from scratch). On a
  // PostgreSQL run there is no PGlite template: the first command migrates and seeds the directory itself.
  const template = inject('pgliteTemplate');
  if (template) {
    const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([fs.readFileSync(template)]) });
    await db.close();
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli', () => {
  it('create-user creates a player who can then be granted items by id and at random in a price range', async () => {
    expect(await cli('create-user', 'operator_made', 'operator-pass-22')).toBe(0);
    expect(lines.out.join()).toMatch(/created user operator_made/);
    const [{ id: userId }] = await query<{ id: number }>(`select id from users where username = 'operator_made'`);
    const [{ n: pack }] = await query<{ n: number }>(
      'select count(*)::int as n from inventory_items where user_id = $1',
      [userId],
    );
    expect(pack).toBe(5);

    const targets = await query<{ id: number }>(`select id from catalogue_items where site = 'cs' order by id limit 2`);
    expect(await cli('grant', 'operator_made', '--item', targets.map((t) => t.id).join(','))).toBe(0);
    expect(await cli('grant', 'operator_made', '--random', '4', '--min-price', '1', '--max-price', '5')).toBe(0);
    const granted = await query<{ price: number; source: string }>(
      `select c.price_minor::int as price, i.source from inventory_items i join catalogue_items c on c.id = i.catalogue_item_id where i.user_id = $1 and i.source = 'grant' order by i.id`,
      [userId],
    );
    expect(granted).toHaveLength(6);
    expect(granted.slice(2).every((g) => g.price >= 100 && g.price <= 500)).toBe(true);
  });

  it('refuses bad grants and changes nothing', async () => {
    const [{ n: before }] = await query<{ n: number }>('select count(*)::int as n from inventory_items');
    expect(await cli('grant', 'nobody_here', '--random', '1')).toBe(1);
    expect(await cli('grant', 'operator_made', '--item', '999999999')).toBe(1);
    expect(lines.err.join()).toMatch(/no catalogue item with id 999999999/);
    expect(await cli('grant', 'operator_made', '--random', '3', '--min-price', '99999999')).toBe(1);
    expect(await cli('create-user', 'x', 'y')).toBe(1);
    const [{ n: after }] = await query<{ n: number }>('select count(*)::int as n from inventory_items');
    expect(after).toBe(before);
  });

  it('imports JSON and CSV catalogues, inserting new names and updating existing ones', async () => {
    const json = path.join(dir, '..', `cat-${process.pid}.json`);
    fs.writeFileSync(
      json,
      JSON.stringify([
        { name: 'Import | One (Field-Tested)', price: '12.34', type: 'covert' },
        { name: 'Import | Two (Field-Tested)', price: 5, type: 'classified', type_prize: 13 },
      ]),
    );
    expect(await cli('import', json)).toBe(0);
    expect(lines.out.join()).toMatch(/2 new, 0 updated/);
    const csv = path.join(dir, '..', `cat-${process.pid}.csv`);
    fs.writeFileSync(
      csv,
      'name,price,type\n"Import | One (Field-Tested)",20.00,covert\n"Import | Three",1.50,mil_spec\n',
    );
    expect(await cli('import', csv, '--site', 'ru')).toBe(0);
    expect(await cli('import', csv)).toBe(0);
    expect(lines.out.join()).toMatch(/1 new, 1 updated/);
    const rows = await query<{ site: string; name: string; price: number; type_prize: number }>(
      `select site, name, price_minor::int as price, type_prize from catalogue_items where name like 'Import |%' order by site, name`,
    );
    expect(rows).toEqual([
      { site: 'cs', name: 'Import | One (Field-Tested)', price: 2000, type_prize: 0 },
      { site: 'cs', name: 'Import | Three', price: 150, type_prize: 0 },
      { site: 'cs', name: 'Import | Two (Field-Tested)', price: 500, type_prize: 13 },
      { site: 'ru', name: 'Import | One (Field-Tested)', price: 2000, type_prize: 0 },
      { site: 'ru', name: 'Import | Three', price: 150, type_prize: 0 },
    ]);
    fs.rmSync(json);
    fs.rmSync(csv);
  });

  it('refuses a file with bad rows and imports none of it', async () => {
    const csv = path.join(dir, '..', `bad-${process.pid}.csv`);
    fs.writeFileSync(csv, 'name,price,type\n"Import | Good",1.00,covert\n"Import | Bad",-3,covert\n');
    expect(await cli('import', csv)).toBe(1);
    expect(lines.err.join('\n')).toMatch(/nothing imported/);
    expect(await query(`select 1 from catalogue_items where name = 'Import | Good'`)).toHaveLength(0);
    fs.rmSync(csv);
  });

  it('prints help and refuses unknown commands', async () => {
    expect(await cli('help')).toBe(0);
    expect(lines.out.join()).toMatch(/create-user/);
    expect(await cli('drop-everything')).toBe(1);
  });

  it('refuses while another live process holds the directory, and takes over a stale lock', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(lockPath(dir), JSON.stringify({ pid: sleeper.pid, role: 'server' }));
      expect(await cli('create-user', 'while_locked', 'long-enough-pass')).toBe(2);
      expect(lines.err.join()).toBe(
        `refused: the server (pid ${sleeper.pid}) holds ${dir}; stop it or use DATABASE_URL`,
      );
    } finally {
      sleeper.kill();
      await new Promise((r) => sleeper.once('exit', r));
    }
    expect(await cli('create-user', 'after_lock', 'long-enough-pass')).toBe(0);
    expect(fs.existsSync(lockPath(dir))).toBe(false);
  });
});

describe('server/main.ts', () => {
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('listens on PORT=0, prints the real address, holds the directory against the CLI, and releases it on SIGTERM', async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      server!.stdout!.on('data', (chunk) => {
        output += chunk;
        const m = /on (http:\/\/127\.0\.0\.1:(\d+))\/upgrades\/ — demo sign-in: demo \/ demo/.exec(output);
        if (m) resolve(m[1]);
      });
      server!.stderr!.on('data', (chunk) => (output += chunk));
      server!.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
    });
    expect(Number(new URL(url).port)).toBeGreaterThan(0);
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({
      status: true,
    });
    expect(await cli('create-user', 'during_server', 'long-enough-pass')).toBe(2);
    expect(lines.err.join()).toMatch(new RegExp(`the server \\(pid ${server.pid}\\) holds`));
    const code = await new Promise((resolve) => {
      server!.once('exit', resolve);
      server!.kill('SIGTERM');
    });
    server = null;
    expect(code).toBe(0);
    expect(fs.existsSync(lockPath(dir))).toBe(false);
  });
});
