import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, cancelAnnouncement, currentAnnouncement } from '../../src/ui/announce/store.ts';

afterEach(() => vi.useRealTimers());

describe('the live region store', () => {
  it('says only the last of a burst on a channel, after its delay', () => {
    vi.useFakeTimers();
    announce('page 1 of 3', { channel: 'pager-left', delayMs: 700 });
    announce('page 2 of 3', { channel: 'pager-left', delayMs: 700 });
    expect(currentAnnouncement()).not.toContain('page');
    vi.advanceTimersByTime(700);
    expect(currentAnnouncement()).toBe('page 2 of 3');
  });

  it('drops every waiting message when told to, so a sent game is not talked over', () => {
    vi.useFakeTimers();
    announce('Upgrade to: page 1 of 586', { channel: 'pager-right', delayMs: 700 });
    announce('Chance 12 %', { channel: 'chance', delayMs: 1200 });
    cancelAnnouncement();
    announce('Sent, waiting for the roll');
    vi.advanceTimersByTime(2000);
    expect(currentAnnouncement()).toBe('Sent, waiting for the roll');
  });

  it('drops one channel and keeps the others', () => {
    vi.useFakeTimers();
    announce('page 1 of 2', { channel: 'pager-right', delayMs: 700 });
    announce('Chance 40 %', { channel: 'chance', delayMs: 700 });
    cancelAnnouncement('chance');
    vi.advanceTimersByTime(700);
    expect(currentAnnouncement()).toBe('page 1 of 2');
  });
});
