/** The statechart under a site's house rules other than the defaults (0.95, 1 % to 75 %, 10 items). */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoadOutput } from '../../src/machines/actors.ts';
import { chanceOf, playBlocker } from '../../src/machines/game.ts';
import { upgradeMachine } from '../../src/machines/upgradeMachine.ts';
import { variantFrom, type SiteVariant } from '../../src/site/variant.ts';
import { csSite, loads } from './fixtures.ts';

const strictSite: SiteVariant = variantFrom({
  status: true,
  site: 'cs',
  game: 'cs',
  lang: 'en',
  currency: 'USD',
  chance_decimals: 3,
  main_site_url: '/',
  recaptcha_site_key: null,
  house_rules: { payout_factor: 0.95, chance_min: 1, chance_max: 75, max_stake_items: 10 },
});

async function pageAt(site: SiteVariant) {
  const machine = upgradeMachine.provide({ actors: { loadPage: fromPromise<LoadOutput>(async () => loads.full) } });
  const actor = createActor(machine, { input: { site } }).start();
  await waitFor(actor, (s) => s.context.inventory.length > 0);
  return actor;
}

describe('house rules on the page', () => {
  it('reads the rules from GET /api/site into the context', () => {
    expect(strictSite.rules).toEqual({ payoutPer100k: 95_000, chanceMin: 1_000, chanceMax: 75_000, maxStakeItems: 10 });
  });

  it('stakes at most MAX_STAKE_ITEMS: choose-all takes 10, a further pick says the stake is full', async () => {
    const strict = await pageAt(strictSite);
    strict.send({ type: 'user.chooseAll' });
    expect(strict.getSnapshot().context.staked).toHaveLength(10);
    const unstaked = strict
      .getSnapshot()
      .context.inventory.find((i) => i.type_prize === 0 && !strict.getSnapshot().context.staked.includes(i.id))!;
    strict.send({ type: 'user.pickItem', id: unstaked.id });
    expect(strict.getSnapshot().context.staked).toHaveLength(10);
    expect(strict.getSnapshot().context.notice).toMatchObject({ key: 'maxStake' });

    const loose = await pageAt(csSite);
    loose.send({ type: 'user.chooseAll' });
    expect(loose.getSnapshot().context.staked).toHaveLength(15);
  });

  it.each([
    // 16.00 for 100.00: 15.2 % at 0.95 (14.4 % at 0.9).
    ['the factor', 2, 502, 15_200, 14_400],
    // 16.00 for 20.00: 76 % at 0.95, capped at 75 % (72 % at 0.9).
    ['the cap', 2, 501, 75_000, 72_000],
    // 2.00 for 1000.00: 0.19 % at 0.95, under the 1 % minimum (0.18 % plays at 0.9 with its 0.1 % minimum).
    ['the minimum', 16, 503, null, 180],
  ])('computes the chance with %s, and Play follows it', async (_rule, item, target, strictChance, defaultChance) => {
    for (const [site, chance] of [
      [strictSite, strictChance],
      [csSite, defaultChance],
    ] as const) {
      const page = await pageAt(site);
      page.send({ type: 'user.pickItem', id: item });
      page.send({ type: 'user.pickTarget', id: target });
      const s = page.getSnapshot();
      expect(chanceOf(s.context)).toBe(chance);
      expect(s.can({ type: 'user.play' })).toBe(chance !== null);
      expect(playBlocker(s.context)).toBe(chance === null ? 'chance_too_low' : null);
    }
  });
});
