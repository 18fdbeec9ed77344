import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchSeedState } from '../../../src/api/fair.ts';
import { sha256HexWeb } from '../../../src/domain/webcrypto.ts';
import { SeedsAndHistory } from '../../../src/ui/fair/SeedsAndHistory.tsx';
import { playGame, startFairServer, type FairServer } from './fairServer.ts';
import { renderFair } from './renderFair.tsx';

let server: FairServer;
beforeAll(async () => {
  server = await startFairServer();
});
afterAll(() => server?.close());
afterEach(cleanup);

describe('SeedPanel against the real server', () => {
  it('shows the active and next hashes, the client seed and the nonce', async () => {
    await playGame(server);
    const state = await fetchSeedState();
    await renderFair(<SeedsAndHistory currency="USD" />);
    expect((await screen.findByTestId('seed-current-hash')).textContent).toBe(state.server_seed_hash);
    expect(screen.getByTestId('seed-next-hash').textContent).toBe(state.next_server_seed_hash);
    expect(screen.getByTestId('seed-nonce').textContent).toBe(String(state.nonce));
    expect(screen.getByTestId('seed-client-input')).toHaveProperty('value', state.client_seed);
  });

  it('rotating reveals the seed behind the hash shown before, with ticks and a link to verify its games', async () => {
    await playGame(server);
    const before = await fetchSeedState();
    await renderFair(<SeedsAndHistory currency="USD" />);
    await userEvent.setup().click(await screen.findByTestId('seed-rotate'));
    const seed = (await screen.findByTestId('seed-revealed-seed')).textContent!;
    expect(await sha256HexWeb(seed)).toBe(before.server_seed_hash);
    await waitFor(() => expect(screen.getByTestId('seed-revealed-hash-check').dataset.ok).toBe('true'));
    expect(screen.getByTestId('seed-promoted-check').dataset.ok).toBe('true');
    expect(screen.getByTestId('seed-current-hash').textContent).toBe(before.next_server_seed_hash);
    expect(screen.getByTestId('seed-nonce').textContent).toBe('0');
    expect(screen.getByTestId('seed-revealed-games').textContent).toContain(`${before.nonce} game`);
    const link = screen.getByTestId('seed-revealed-verify').getAttribute('href')!;
    expect(link).toBe(
      `/en/provably_fair/roll_verifier/?server_seed=${seed}&client_seed=${encodeURIComponent(before.client_seed)}&nonce=0`,
    );
  });

  it('refuses an empty or over-long client seed before any call, then a valid change rotates', async () => {
    const user = userEvent.setup();
    const before = await fetchSeedState();
    await renderFair(<SeedsAndHistory currency="USD" />);
    const input = await screen.findByTestId('seed-client-input');
    await user.clear(input);
    expect(screen.getByTestId('seed-client-error').textContent).toBe(
      'The client seed must be 1 to 64 printable characters.',
    );
    expect(screen.getByTestId('seed-client-save').getAttribute('aria-disabled')).toBe('true');
    await user.type(input, 'x'.repeat(65));
    expect(screen.getByTestId('seed-client-save').getAttribute('aria-disabled')).toBe('true');
    await user.clear(input);
    await user.type(input, 'мой сид 🎲');
    await user.click(screen.getByTestId('seed-client-save'));
    await screen.findByTestId('seed-revealed');
    expect(screen.getByTestId('seed-client-input')).toHaveProperty('value', 'мой сид 🎲');
    expect(screen.getByTestId('seed-current-hash').textContent).toBe(before.next_server_seed_hash);
    expect((await fetchSeedState()).client_seed).toBe('мой сид 🎲');
  });

  it('shows the server message to a signed-out visitor, in Russian', async () => {
    const { configureApi } = await import('../../../src/api/client.ts');
    configureApi({
      baseURL: 'http://upgrades.test',
      fetch: async (input, init) => {
        const req = new Request(input, init);
        const res = await server.app.inject({ method: 'GET', url: new URL(req.url).pathname });
        return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
      },
    });
    try {
      await renderFair(<SeedsAndHistory currency="RUB" />, 'ru');
      // The panel shows its loading line first; the refusal replaces it.
      await waitFor(() =>
        expect(screen.getByTestId('seed-panel').textContent).toBe('Не удалось загрузить сиды: Please sign in first.'),
      );
    } finally {
      await server.reconnect();
    }
  });
});
