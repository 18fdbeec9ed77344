import { cleanup, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { games } from '../../../server/db/schema.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rotateSeeds } from '../../../src/api/fair.ts';
import { RollVerifierPage } from '../../../src/ui/fair/RollVerifierPage.tsx';
import { playGame, startFairServer, storedRoll, tamperRoll, type FairServer } from './fairServer.ts';
import { renderFair } from './renderFair.tsx';

let server: FairServer;
beforeAll(async () => {
  server = await startFairServer();
});
afterAll(() => server?.close());
afterEach(cleanup);

/** The three checks' data-ok values once the page has loaded. */
async function checks() {
  await screen.findByTestId('verify-game');
  return ['verify-seed-hash', 'verify-roll', 'verify-result'].map((id) => screen.getByTestId(id).dataset.ok);
}

describe('RollVerifierPage against the real server', () => {
  it('before the seed is revealed: hash and roll checks pending, the result check made from the record', async () => {
    const rollId = await playGame(server);
    await renderFair(<RollVerifierPage rollId={rollId} />);
    expect(await checks()).toEqual(['pending', 'pending', 'true']);
    expect(screen.getByTestId('verify-server-seed-hidden').textContent).toBe('Revealed when you rotate your seed');
    expect(screen.queryByTestId('verify-recomputed-roll')).toBeNull();
    expect(screen.getByTestId('verify-seed-hash').textContent).toContain('Pending');
    expect(screen.getByTestId('verify-summary').dataset.state).toBe('pending');
  });

  it('after a rotation: every check ticks and the recomputed roll is the recorded one', async () => {
    const rollId = await playGame(server, 0);
    const rotation = await rotateSeeds();
    await renderFair(<RollVerifierPage rollId={rollId} />);
    expect(await checks()).toEqual(['true', 'true', 'true']);
    expect(screen.getByTestId('verify-summary').textContent).toBe('Fair: every check passed.');
    expect(screen.getByTestId('verify-server-seed').textContent).toBe(rotation.revealed_server_seed);
    const recorded = screen.getByTestId('verify-recorded-roll').textContent;
    expect(screen.getByTestId('verify-recomputed-roll').textContent).toBe(recorded);
    expect(recorded).toMatch(/^\d{1,2}\.\d{3}$/);
    expect(screen.getByTestId('verify-round-chunk').textContent).toMatch(/^round \d+, chunk [0-7]$/);
    expect(screen.getByTestId('verify-direction').textContent).toMatch(/^Roll over: wins at \d+\.\d{3} or above$/);
  });

  it('shows a cross when the stored roll was changed in the database', async () => {
    const rollId = await playGame(server);
    await rotateSeeds();
    await tamperRoll(server.db, rollId, ((await storedRoll(server.db, rollId)) + 1) % 100_000);
    await renderFair(<RollVerifierPage rollId={rollId} />);
    const [seedHash, roll] = await checks();
    expect(seedHash).toBe('true');
    expect(roll).toBe('false');
    expect(screen.getByTestId('verify-roll').textContent).toContain('Failed');
    expect(screen.getByTestId('verify-summary').dataset.state).toBe('fail');
    expect(screen.getByTestId('verify-recomputed-roll').textContent).not.toBe(
      screen.getByTestId('verify-recorded-roll').textContent,
    );
  });

  it('recomputes the chance from the recorded stake, target price and house rules, and fails when they differ', async () => {
    const rollId = await playGame(server);
    await renderFair(<RollVerifierPage rollId={rollId} />);
    await screen.findByTestId('verify-game');
    expect(screen.getByTestId('verify-chance-basis').dataset.ok).toBe('true');
    expect(screen.getByTestId('verify-rules').textContent).toBe('payout factor 0.9, chance 0.1% to 80%');
    cleanup();
    // A record whose factor does not give its chance (as if the rules had been rewritten after the game).
    await server.db.update(games).set({ payoutPer100k: 95_000 }).where(eq(games.rollId, rollId));
    await renderFair(<RollVerifierPage rollId={rollId} />);
    await screen.findByTestId('verify-game');
    expect(screen.getByTestId('verify-rules').textContent).toBe('payout factor 0.95, chance 0.1% to 80%');
    expect(screen.getByTestId('verify-chance-basis').dataset.ok).toBe('false');
    expect(screen.getByTestId('verify-summary').dataset.state).toBe('fail');
  });

  it.each(['0123456789abcdef0123', 'not a roll id'])('says clearly that roll id %j is unknown', async (rollId) => {
    await renderFair(<RollVerifierPage rollId={rollId} />);
    expect((await screen.findByTestId('verify-error')).textContent).toBe(
      `There is no game with the roll id “${rollId}”. Check the link.`,
    );
    expect(screen.getByTestId('verify-form')).toBeTruthy();
  });

  it('works in Russian', async () => {
    const rollId = await playGame(server);
    await renderFair(<RollVerifierPage rollId={rollId} />, 'ru');
    await waitFor(() => expect(screen.getByTestId('verify-seed-hash').textContent).toContain('Ожидает'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Проверка ролла');
  });

  it('without a roll id shows only the hand form, prefilled', async () => {
    await renderFair(<RollVerifierPage initial={{ clientSeed: 'lucky-player', nonce: '0' }} />);
    expect(screen.queryByTestId('verify-game')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Client seed' })).toHaveProperty('value', 'lucky-player');
  });
});
