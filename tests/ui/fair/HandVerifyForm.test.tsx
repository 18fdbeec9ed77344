import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandVerifyForm } from '../../../src/ui/fair/HandVerifyForm.tsx';
import { VECTORS } from '../../domain/vectors.ts';
import { renderFair } from './renderFair.tsx';

afterEach(cleanup);

/** Fills the form field by field as a player types it. */
async function fill(
  fields: Partial<Record<'serverSeed' | 'clientSeed' | 'nonce' | 'chance', string>>,
  direction?: '' | '0' | '1',
) {
  const user = userEvent.setup();
  const form = screen.getByTestId('verify-form');
  for (const [name, value] of Object.entries(fields)) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await user.clear(input);
    if (value !== '') await user.type(input, value.replace(/[{[]/g, '$&$&'));
  }
  if (direction !== undefined) await user.selectOptions(form.querySelector('select')!, direction);
  await user.click(within(form).getByRole('button'));
}

describe('HandVerifyForm (WebCrypto in the browser, no server)', () => {
  it.each(VECTORS)('vector $n: shows roll $roll, round $round chunk $chunk and the seed hash', async (v) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderFair(<HandVerifyForm />);
    await fill({ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: String(v.nonce) });
    const result = await screen.findByTestId('verify-form-result');
    expect(screen.getByTestId('verify-form-roll').textContent).toBe(v.roll);
    expect(result.dataset.roll).toBe(v.roll);
    expect(screen.getByTestId('verify-form-hash').textContent).toBe(v.hash);
    expect(result.textContent).toContain(`round ${v.round}, chunk ${v.chunk}`);
    expect(result.textContent).toContain('Enter a chance and a direction to see the result.');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it.each([
    // The spec's win-rule checks.
    [1, '24.708', '1', 'Loss', 'false'],
    [1, '24.709', '1', 'Win', 'true'],
    [0, '16.601', '0', 'Win', 'true'],
    [0, '16.600', '0', 'Loss', 'false'],
    [7, '80', '0', 'Win', 'true'],
    [7, '80', '1', 'Loss', 'false'],
  ] as const)('vector index %i at chance %s, roll under %s: %s', async (i, chance, direction, text, win) => {
    const v = VECTORS[i];
    await renderFair(<HandVerifyForm />);
    await fill({ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: String(v.nonce), chance }, direction);
    const result = await screen.findByTestId('verify-form-result');
    expect(screen.getByTestId('verify-form-outcome').textContent).toBe(text);
    expect(result.dataset.win).toBe(win);
  });

  it('shows a clear message for every malformed field and no result', async () => {
    await renderFair(<HandVerifyForm />);
    await fill({ serverSeed: 'not-hex', clientSeed: '', nonce: '-3', chance: '100' }, '');
    expect((await screen.findByTestId('verify-form-error-serverSeed')).textContent).toMatch(
      /64 hexadecimal characters/,
    );
    expect(screen.getByTestId('verify-form-error-clientSeed').textContent).toMatch(/1 to 64 printable/);
    expect(screen.getByTestId('verify-form-error-nonce').textContent).toMatch(/whole number, 0 or more/);
    expect(screen.getByTestId('verify-form-error-chance').textContent).toMatch(/0\.001 to 99\.999/);
    expect(screen.getByTestId('verify-form-error-rollUnder')).toBeTruthy();
    expect(screen.queryByTestId('verify-form-result')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nonce' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('clears an earlier result when the next input is malformed', async () => {
    const v = VECTORS[0];
    await renderFair(<HandVerifyForm />);
    await fill({ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: '0' });
    await screen.findByTestId('verify-form-result');
    await fill({ nonce: '1.5' });
    await screen.findByTestId('verify-form-error-nonce');
    expect(screen.queryByTestId('verify-form-result')).toBeNull();
  });

  it('starts from prefilled fields and speaks Russian', async () => {
    const v = VECTORS[3];
    await renderFair(
      <HandVerifyForm initial={{ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: '0' }} />,
      'ru',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Проверить' }));
    await waitFor(() => expect(screen.getByTestId('verify-form-roll').textContent).toBe('72,237'));
    expect(screen.getByTestId('verify-form-outcome').textContent).toBe(
      'Укажите шанс и направление, чтобы увидеть результат.',
    );
  });
});
