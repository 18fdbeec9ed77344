/**
 * The fair screens as a player meets them, against the real server: seeds and history refresh at once after a
 * rotation, a client seed change or a new game; focus lands on the revealed seed; Russian numbers use commas;
 * a balance-only game says so; a visitor is not told to rotate someone else's seeds; the return chart has a table.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../../src/api/client.ts';
import type { AuditResponse } from '../../../src/api/auditContract.ts';
import { fetchHistory, fetchRoll, fetchSeedState, rotateSeeds } from '../../../src/api/fair.ts';
import { chancePercent, winEdge } from '../../../src/domain/chance.ts';
import { percentToThousandths } from '../../../src/domain/verify.ts';
import { createFormatters } from '../../../src/site/format.ts';
import ruFair from '../../../src/i18n/fair.ru.json';
import { AuditSeriesChart } from '../../../src/ui/fair/AuditSeriesChart.tsx';
import { RollVerifierPage } from '../../../src/ui/fair/RollVerifierPage.tsx';
import { SeedsAndHistory } from '../../../src/ui/fair/SeedsAndHistory.tsx';
import { I18nextProvider } from '../../../src/i18n/useTranslation.ts';
import { playBalanceGame, playGame, startFairServer, type FairServer } from './fairServer.ts';
import { renderFair } from './renderFair.tsx';

/** Every game is verified with WebCrypto before its tick shows: on a busy machine that outlasts waitFor's 1 s. */
const SLOW = { timeout: 15_000 };
const NO_SEED = 'No seed revealed yet. Rotate your seeds to reveal the active one.';

let server: FairServer;
beforeAll(async () => {
  server = await startFairServer();
}, 180_000);
afterAll(() => server?.close());
afterEach(cleanup);

/** Each listed game's in-browser verdict, by roll id. */
function verdicts(rollIds: string[]): Array<string | undefined> {
  const rows = screen.getAllByTestId('history-game');
  return rollIds.map((id) => {
    const row = rows.find((r) => r.dataset.rollId === id);
    return row ? within(row).queryByTestId('history-check')?.dataset.ok : 'missing';
  });
}

/** Renders the panels for games on the active seed and waits for them to read pending, no seed revealed. */
async function renderPending(games: number) {
  await rotateSeeds();
  const played: string[] = [];
  for (let i = 0; i < games; i++) played.push(await playGame(server));
  await renderFair(<SeedsAndHistory currency="USD" />);
  await waitFor(() => expect(verdicts(played)).toEqual(played.map(() => 'pending')), SLOW);
  return played;
}

describe('seeds and history refresh with no reload', () => {
  // Runs first: the player has no revealed seed yet.
  it('the first rotation replaces "No seed revealed yet" with the seed', async () => {
    const rollId = await playGame(server);
    await renderFair(<SeedsAndHistory currency="USD" />);
    await screen.findByText(NO_SEED, {}, SLOW);
    await waitFor(() => expect(verdicts([rollId])).toEqual(['pending']), SLOW);
    await userEvent.setup().click(screen.getByTestId('seed-rotate'));
    await screen.findByTestId('history-seed', {}, SLOW);
    expect(screen.queryByText(NO_SEED)).toBeNull();
    await waitFor(() => expect(verdicts([rollId])).toEqual(['true']), SLOW);
  });

  it('after Rotate seeds: the games tick and the revealed seed is listed with its games', async () => {
    const played = await renderPending(2);
    const seedsBefore = screen.getAllByTestId('history-seed').length;
    const before = await fetchSeedState();
    await userEvent.setup().click(screen.getByTestId('seed-rotate'));
    await waitFor(() => expect(verdicts(played)).toEqual(['true', 'true']), SLOW);
    const seeds = screen.getAllByTestId('history-seed');
    expect(seeds).toHaveLength(seedsBefore + 1);
    expect(within(seeds[0]).getByTestId('history-seed-games').textContent).toBe('2');
    expect(screen.getByTestId('seed-current-hash').textContent).toBe(before.next_server_seed_hash);
    expect(screen.getByTestId('seed-nonce').textContent).toBe('0');
  });

  it('after a client seed change: the same at once', async () => {
    const played = await renderPending(1);
    const user = userEvent.setup();
    const input = screen.getByTestId('seed-client-input');
    await user.clear(input);
    await user.type(input, 'fresh-client-seed');
    await user.click(screen.getByTestId('seed-client-save'));
    await waitFor(() => expect(verdicts(played)).toEqual(['true']), SLOW);
    const seed = screen.getAllByTestId('history-seed')[0];
    expect(within(seed).getByTestId('history-seed-games').textContent).toBe('1');
    expect(screen.getByTestId('seed-client-input')).toHaveProperty('value', 'fresh-client-seed');
  });

  it('a new game on the page (its key) reloads the nonce and the list', async () => {
    await rotateSeeds();
    const { rerender, i18n } = await renderFair(<SeedsAndHistory currency="USD" gameKey="none" />);
    await waitFor(() => expect(screen.getByTestId('seed-nonce').textContent).toBe('0'), SLOW);
    const rollId = await playGame(server);
    rerender(
      <I18nextProvider i18n={i18n}>
        <SeedsAndHistory currency="USD" gameKey={rollId} />
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('seed-nonce').textContent).toBe('1'), SLOW);
    await waitFor(() => expect(screen.getAllByTestId('history-game')[0].dataset.rollId).toBe(rollId), SLOW);
  });
});

describe('focus after a rotation', () => {
  it('moves to the revealed seed heading, not the document', async () => {
    await renderPending(1);
    await userEvent.setup().click(screen.getByTestId('seed-rotate'));
    await screen.findByTestId('seed-revealed', {}, SLOW);
    await waitFor(
      () => expect(document.activeElement).toBe(within(screen.getByTestId('seed-revealed')).getByRole('heading')),
      SLOW,
    );
  });
});

describe('Russian numbers on the fair screens', () => {
  // A digit, a dot, a digit: an English decimal, which a Russian reader takes for a thousands separator.
  const DOT_DECIMAL = /\d\.\d/;

  it('history: chance and roll with a decimal comma and a spaced percent', async () => {
    await playGame(server);
    await renderFair(<SeedsAndHistory currency="RUB" />, 'ru');
    const row = (await screen.findAllByTestId('history-game', {}, SLOW))[0];
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent!);
    expect(cells[3]).toMatch(/^\d{1,2},\d{3}\u00a0%$/);
    expect(cells[5]).toMatch(/^\d{1,2},\d{3}$/);
    expect(cells.slice(1, 6).join(' ')).not.toMatch(DOT_DECIMAL);
  });

  it('verifier: chance, rolls, threshold and house rules with commas', async () => {
    const rollId = await playGame(server);
    await rotateSeeds();
    await renderFair(<RollVerifierPage rollId={rollId} currency="RUB" />, 'ru');
    await screen.findByTestId('verify-recomputed-roll', {}, SLOW);
    expect(screen.getByTestId('verify-chance').textContent).toMatch(/^\d{1,2},\d{3}\u00a0%$/);
    expect(screen.getByTestId('verify-recorded-roll').textContent).toMatch(/^\d{1,2},\d{3}$/);
    expect(screen.getByTestId('verify-recomputed-roll').textContent).toMatch(/^\d{1,2},\d{3}$/);
    expect(screen.getByTestId('verify-rules').textContent).toMatch(/^коэффициент выплаты 0,\d+, шанс от /);
    for (const id of ['verify-chance', 'verify-direction', 'verify-rules', 'verify-basis', 'verify-recorded-roll'])
      expect(screen.getByTestId(id).textContent).not.toMatch(DOT_DECIMAL);
  });

  it("verifier and history: the chance and the win line in the site's decimals, as the play page says them", async () => {
    const rollId = await playGame(server);
    const game = await fetchRoll(rollId);
    const chance = percentToThousandths(game.chance);
    const under = game.roll_under === 1;
    // The ru site's own formatter, with the play page's decimals (1): "59,9 %" and "ниже 59,9", never "59,964".
    const site = createFormatters({ lang: 'ru', currency: 'RUB', chanceDecimals: 1 });
    const shown = site.chance(chancePercent(chance, 1));
    const edge = site.edge(winEdge(chance, under, 1));
    await renderFair(<RollVerifierPage rollId={rollId} currency="RUB" chanceDecimals={1} />, 'ru');
    expect((await screen.findByTestId('verify-chance', {}, SLOW)).textContent).toBe(shown);
    expect(screen.getByTestId('verify-direction').textContent).toBe(
      ruFair.direction[under ? 'under' : 'over'].replace('{{threshold}}', edge),
    );
    cleanup();

    const listed = (await fetchHistory(0)).games.find((g) => g.roll_id === rollId)!;
    await renderFair(<SeedsAndHistory currency="RUB" chanceDecimals={1} />, 'ru');
    const rows = await screen.findAllByTestId('history-game', {}, SLOW);
    const row = rows.find((r) => r.dataset.rollId === rollId)!;
    expect(within(row).getAllByRole('cell')[3].textContent).toBe(
      site.chance(chancePercent(percentToThousandths(listed.chance), 1)),
    );
  });

  it('hand form: the roll with a comma', async () => {
    const rotation = await rotateSeeds();
    await renderFair(
      <RollVerifierPage
        initial={{ serverSeed: rotation.revealed_server_seed, clientSeed: rotation.revealed_client_seed, nonce: '0' }}
      />,
      'ru',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Проверить' }));
    expect((await screen.findByTestId('verify-form-roll', {}, SLOW)).textContent).toMatch(/^\d{1,2},\d{3}$/);
  });
});

describe('words for who is looking', () => {
  it('history says a balance-only game was staked from the balance, not "0 items"', async () => {
    const rollId = await playBalanceGame(server);
    await renderFair(<SeedsAndHistory currency="USD" />);
    const row = (await screen.findAllByTestId('history-game', {}, SLOW)).find((r) => r.dataset.rollId === rollId)!;
    const stake = within(row).getByTestId('history-stake').textContent!;
    expect(stake).toMatch(/^\$\d+\.\d\d · from balance$/);
  });

  it('the verifier tells the owner to rotate their seeds and a visitor to wait for the player', async () => {
    const rollId = await playGame(server);
    await renderFair(<RollVerifierPage rollId={rollId} />);
    expect((await screen.findByTestId('verify-pending-hint', {}, SLOW)).textContent).toContain('Rotate your seeds');
    expect(screen.getByTestId('verify-server-seed-hidden').textContent).toBe('Revealed when you rotate your seed');
    cleanup();
    configureApi({
      baseURL: 'http://upgrades.test',
      fetch: async (input, init) => {
        const req = new Request(input, init);
        const res = await server.app.inject({ method: 'GET', url: new URL(req.url).pathname });
        return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
      },
    });
    try {
      await renderFair(<RollVerifierPage rollId={rollId} />);
      const hint = (await screen.findByTestId('verify-pending-hint', {}, SLOW)).textContent!;
      expect(hint).toContain("until the game's player rotates their seeds");
      expect(hint).not.toContain('Rotate your seeds');
      expect(screen.getByTestId('verify-server-seed-hidden').textContent).toBe(
        "Revealed when the game's player rotates their seeds",
      );
    } finally {
      server.reconnect();
    }
  });
});

describe('the return-over-time chart', () => {
  const series: AuditResponse['series'] = [
    { t: '2026-11-27T00:00:00.000Z', games: 1234, rtp: 0.9512, expected_rtp: 0.9 },
    { t: '2026-11-28T00:00:00.000Z', games: 7, rtp: null, expected_rtp: 0.9 },
  ];

  it('has a table of its points as its text alternative, in the page language', async () => {
    await renderFair(<AuditSeriesChart series={series} byHour={false} currency="RUB" />, 'ru');
    const table = screen.getByRole('table', { name: 'Возврат игрокам во времени' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-11-27', '1\u00a0234', '95,12\u00a0%', '90,00\u00a0%'],
      ['2026-11-28', '7', '–', '90,00\u00a0%'],
    ]);
  });

  it('labels a one-period chart once, not with the same date at both ends', async () => {
    const { container } = await renderFair(
      <AuditSeriesChart series={series.slice(0, 1)} byHour={false} currency="USD" />,
    );
    expect([...container.querySelectorAll('.audit-plot-dates span')].map((s) => s.textContent)).toEqual(['2026-11-27']);
  });
});
