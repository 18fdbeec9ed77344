/**
 * The tick sound in a real Chromium: a spin's ticks play as one pre-rendered track started with the spin, and each
 * tick in it falls when the arrow passes a tick mark (spinTickTimes of the server's roll, merged as the player
 * merges them). The page's WebAudio is only observed: every buffer source the page starts is recorded with where
 * its sound begins.
 */
import { expect, test } from '@playwright/test';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import { mergeTicks } from '../../src/canvas/sound.ts';
import { SPIN_START_MARK } from '../../src/canvas/spinMarks.ts';
import { planSpin, turnsFor } from '../../src/canvas/spinPlan.ts';
import { spinTickTimes } from '../../src/canvas/spinTicks.ts';
import { SPIN_MS } from '../../src/domain/constants.ts';
import { baseOf, freshName, registerThroughPage, usableItems } from './helpers.ts';

interface Track {
  startedAt: number;
  seconds: number;
  onsets: number[];
}

/** Records each started buffer source: when (page clock), how long, and the ms at which each sound in it begins. */
const RECORD_SOURCES = `(() => {
  const tracks = (window.__tracks = []);
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    const buffer = this.buffer;
    if (buffer) {
      const data = buffer.getChannelData(0);
      const rate = buffer.sampleRate;
      const quiet = Math.round(rate * 0.01);
      const onsets = [];
      let loud = -Infinity;
      for (let i = 0; i < data.length; i++) {
        if (Math.abs(data[i]) < 0.01) continue;
        if (i - loud > quiet) onsets.push((i / rate) * 1000);
        loud = i;
      }
      tracks.push({ startedAt: performance.now(), seconds: buffer.duration, onsets });
    }
    return start.apply(this, args);
  };
})()`;

test("cs: a spin's ticks play as one track, each when the arrow passes a tick mark", async ({ page }) => {
  await page.addInitScript(RECORD_SOURCES);
  await registerThroughPage(page, baseOf('cs'), freshName('e2esound'));
  await page.getByTestId('sort-left').click();
  await usableItems(page).first().click();
  await page.getByTestId('multiplier-2').click();
  await expect(page.getByTestId('play')).toBeEnabled();
  // Sound is on for a new player; the ticks are the Pixi wheel's, which starts once the page has been quiet a moment.
  await expect(page.getByTestId('sound')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wheel-pixi')).toHaveCount(1);

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/upgrade/upgrade_items'));
  await page.getByTestId('play').click();
  const body = (await (await answer).json()) as UpgradeResponse;
  expect(body.status).toBe(true);
  await expect(page.getByTestId('result-panel')).toBeVisible();

  const tracks = (await page.evaluate('window.__tracks')) as Track[];
  const spinStart = (await page.evaluate(`performance.getEntriesByName('${SPIN_START_MARK}')[0].startTime`)) as number;
  // One long track for the spin; besides it at most the loss's short noise burst (the win's chime is oscillators).
  const long = tracks.filter((t) => t.seconds > 1);
  expect(long).toHaveLength(1);
  expect(tracks.length).toBeLessThanOrEqual(2);

  // The ticks a player hears on this spin: the arrow starts at rest (0 degrees) on a first game.
  const plan = planSpin(
    0,
    Math.round(body.provably_fair.roll * 1000),
    body.provably_fair.roll_under === 1,
    turnsFor(SPIN_MS),
  );
  const heard = mergeTicks(spinTickTimes(plan, SPIN_MS));
  const [track] = long;
  // The track starts with the spin (the play click warmed the audio up; 7 ms late in a quiet run), without ticks
  // already passed. The bound leaves room for a loaded machine; the alignment below is what checks the timing.
  const late = track.startedAt - spinStart;
  expect(late).toBeGreaterThanOrEqual(0);
  expect(late).toBeLessThan(1000);
  expect(track.onsets.length).toBeGreaterThan(heard.length / 2);
  const expected = heard.slice(heard.length - track.onsets.length);
  // Each tick in the track, placed on the spin's clock, is a tick of the wheel's marks (a tick's sound rises over
  // its first few ms; the track starts in the frame after the spin's start mark).
  track.onsets.forEach((onset, i) => expect(Math.abs(onset + late - expected[i])).toBeLessThan(40));
  // Gaps between ticks match to the millisecond: the slow end of the spin ticks as the arrow slows.
  for (let i = 1; i < track.onsets.length; i++) {
    expect(Math.abs(track.onsets[i] - track.onsets[i - 1] - (expected[i] - expected[i - 1]))).toBeLessThan(1.5);
  }
});
