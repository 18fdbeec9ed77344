/** The reality check's dialog: what it tells, focus kept inside, Escape keeps playing, Stop leads to the limits. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../../../src/i18n/index.ts';
import { RealityCheckDialog } from '../../../src/ui/account/RealityCheckDialog.tsx';
import { createFormatters } from '../../../src/site/format.ts';
import { csSite } from '../../machines/fixtures.ts';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  window.history.pushState(null, '', '/upgrades/');
});

const fmt = createFormatters(csSite);
const session = { games: 3, stakeMinor: 1250, wonMinor: 900 };

function show(playedMs: number, handlers = { onKeepPlaying: vi.fn(), onStop: vi.fn() }) {
  render(<RealityCheckDialog playedMs={playedMs} session={session} fmt={fmt} {...handlers} />);
  return handlers;
}

describe('the reality check dialog', () => {
  it('is a labelled modal dialog telling the time played and the session figures, focus on Keep playing', () => {
    show(75 * 60_000);
    const dialog = screen.getByRole('dialog', { name: 'Time for a reality check' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByTestId('reality-time').textContent).toBe('You have played for 1 h 15 min.');
    expect(screen.getByTestId('reality-games').textContent).toBe('3');
    expect(screen.getByTestId('reality-stake').textContent).toBe('$12.50');
    expect(screen.getByTestId('reality-won').textContent).toBe('$9.00');
    expect(screen.getByTestId('reality-net').textContent).toBe('-$3.50');
    expect(document.activeElement).toBe(screen.getByTestId('reality-keep'));
  });

  it('keeps focus inside with Tab and Shift+Tab', () => {
    show(15 * 60_000);
    const keep = screen.getByTestId('reality-keep');
    const stop = screen.getByTestId('reality-stop');
    stop.focus();
    fireEvent.keyDown(stop, { key: 'Tab' });
    expect(document.activeElement).toBe(keep);
    fireEvent.keyDown(keep, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(stop);
  });

  it('keeps playing on Escape', () => {
    const h = show(15 * 60_000);
    fireEvent.keyDown(screen.getByTestId('reality-keep'), { key: 'Escape' });
    expect(h.onKeepPlaying).toHaveBeenCalledOnce();
    expect(h.onStop).not.toHaveBeenCalled();
  });

  it('leads to the limits in the settings on Stop', async () => {
    const h = show(15 * 60_000);
    await act(async () => {
      fireEvent.click(screen.getByTestId('reality-stop'));
    });
    expect(h.onStop).toHaveBeenCalledOnce();
    expect(window.location.pathname + window.location.hash).toBe('/en/account/settings#limits');
  });
});
