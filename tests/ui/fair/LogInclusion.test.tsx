/** The page's log check against an in-memory log: verified, waiting, and each tampering shown as a failure. */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../../src/api/client.ts';
import {
  ALG_COSIGNATURE_V1,
  cosign,
  encodeEntry,
  generateKey,
  signerFromKey,
  toBase64,
  treeRoot,
  type LogEntry,
} from '../../../src/domain/tlog/index.ts';
import type { LoggedGameFacts } from '../../../src/fair/logCheck.ts';
import { AuditLogPanel } from '../../../src/ui/fair/AuditLogPanel.tsx';
import { LogInclusion } from '../../../src/ui/fair/LogInclusion.tsx';
import { FakeLogServer, ORIGIN } from '../../domain/tlog/fakeLogServer.ts';
import { renderFair } from './renderFair.tsx';

const game: LoggedGameFacts = {
  roll_id: 'ab12',
  server_seed_hash: 'cd'.repeat(32),
  client_seed: 'mine',
  nonce: 3,
  chance: 45.5,
  roll_under: 1,
  roll: 12.345,
  success: 1,
};
const entry = (g: LoggedGameFacts, roll = 12_345): LogEntry => ({
  type: 'game',
  site: 'cs',
  time: '2026-11-28T08:00:00.000Z',
  roll_id: g.roll_id,
  server_seed_hash: g.server_seed_hash,
  client_seed: 'mine',
  nonce: g.nonce,
  chance: 45_500,
  roll_under: 1,
  roll,
  success: true,
  stake_minor: 1000,
  target_price_minor: 2000,
  rules: { payout_per_100k: 90_000, chance_min: 100, chance_max: 80_000 },
});
const other = (i: number) =>
  encodeEntry({ type: 'commit', site: 'cs', time: '2026-11-28T08:00:00.000Z', server_seed_hash: `s${i}` });

let log: FakeLogServer;
beforeEach(async () => {
  localStorage.clear();
  log = new FakeLogServer();
  await log.log.appendLines([other(0), other(1), encodeEntry(entry(game)), other(3), other(4)]);
  configureApi({ fetch: log.webFetch });
});
afterEach(() => {
  cleanup();
  configureApi({});
});

async function shown(lang: 'en' | 'ru' = 'en') {
  await renderFair(<LogInclusion game={game} />, lang);
  const el = await screen.findByTestId('log-inclusion');
  await waitFor(() => expect(el.dataset.state).not.toBe('checking'));
  return el;
}

describe('LogInclusion', () => {
  it('verifies the game at its index in the signed checkpoint and pins the key', async () => {
    const el = await shown();
    expect(el.dataset.state).toBe('verified');
    expect(el.textContent).toContain('In the public log at index 2, checkpoint of size 5');
    expect(localStorage.getItem('fair.logKey')).toBe(log.key.vkey);
  });

  it('says so in Russian', async () => {
    const el = await shown('ru');
    expect(el.textContent).toContain('В публичном журнале под номером 2, контрольная точка размера 5');
  });

  it('waits while the game is not logged, then verifies once it is', async () => {
    log = new FakeLogServer();
    configureApi({ fetch: log.webFetch });
    const el = await shown();
    expect(el.dataset.state).toBe('waiting');
    expect(el.textContent).toContain('Waiting to be logged');
    await log.log.appendLines([other(0), encodeEntry(entry(game))]);
    await waitFor(() => expect(el.dataset.state).toBe('verified'), { timeout: 10_000 });
    expect(el.textContent).toContain('index 1, checkpoint of size 2');
  });

  it('fails on a tampered proof, entry, signature or key', async () => {
    const real = log.webFetch;
    const cases: [string, (url: string, body: string) => string, RegExp][] = [
      [
        'proof',
        (u, b) => (u.includes('/proof') ? b.replace(/\["(.)/, (_, c: string) => `["${c === 'A' ? 'B' : 'A'}`) : b),
        /inclusion proof does not lead/,
      ],
      ['entry', (u, b) => (u.includes('/entries') ? b.replace('12345', '12346') : b), /does not match this game/],
      [
        'signature',
        (u, b) => (u.includes('/checkpoint') ? b.replace('\n5\n', '\n6\n') : b),
        /signature does not verify/,
      ],
    ];
    for (const [name, tamper, text] of cases) {
      configureApi({
        fetch: async (input, init) => {
          const res = await real(input, init);
          return new Response(tamper(String(input), await res.text()), { status: res.status, headers: res.headers });
        },
      });
      const { unmount } = await renderFair(<LogInclusion game={game} />);
      const el = await screen.findByTestId('log-inclusion');
      await waitFor(() => expect(el.dataset.state, name).toBe('failed'));
      expect(el.textContent, name).toMatch(text);
      expect(el.getAttribute('role')).toBe('alert');
      unmount();
    }
    configureApi({ fetch: real });
    localStorage.setItem('fair.logKey', generateKey(ORIGIN).vkey);
    expect((await shown()).textContent).toMatch(/not the one this browser saw before/);
    cleanup();
    localStorage.clear();
    log.signer = signerFromKey(generateKey(ORIGIN).skey);
    expect((await shown()).textContent).toMatch(/signature does not verify/);
  });
});

describe('AuditLogPanel', () => {
  it('shows the signed checkpoint it verified: size, root, key and witness cosignatures', async () => {
    const w = generateKey('witness.test/w1', ALG_COSIGNATURE_V1);
    const line = cosign(await log.checkpointText(), signerFromKey(w.skey), 1_800_000_000);
    const real = log.webFetch;
    configureApi({
      fetch: async (input, init) => {
        const res = await real(input, init);
        const body = await res.text();
        return new Response(String(input).includes('/checkpoint') ? `${body}${line}\n` : body, res);
      },
    });
    await renderFair(<AuditLogPanel />);
    const cp = await screen.findByTestId('audit-log-checkpoint');
    expect(cp.dataset.size).toBe('5');
    expect(screen.getByTestId('audit-log-root').textContent).toBe(toBase64(await treeRoot(5, log.log.read)));
    expect(screen.getByTestId('audit-log-witnesses').textContent).toMatch(/^witness\.test\/w1 \(.*2027/);
    expect(cp.textContent).toContain(log.key.vkey);
  });

  it('says so when the checkpoint is not signed by the pinned key', async () => {
    log.signer = signerFromKey(generateKey(ORIGIN).skey);
    await renderFair(<AuditLogPanel />);
    expect((await screen.findByTestId('audit-log-failed')).textContent).toMatch(/signature does not verify/);
  });
});
