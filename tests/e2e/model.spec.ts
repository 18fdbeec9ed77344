/**
 * Issue 5: the page statechart's paths, generated from the machine with createTestModel (the same generation,
 * events and UI restrictions as the jsdom suite tests/ui/page), executed in Chromium through the documented test
 * ids: every path but the BP controls' against the real CS server on PostgreSQL, the paths ending in a BP control
 * against the real Dota server. The page clock is Playwright's: installed before navigation, moved forward in
 * 250 ms jumps, so the full 5 s spin and the 0.5 s pause cost about 25 rendered frames, not 5.5 s.
 * Each step's transitions count as covered once the page shows the state they lead to; model-coverage.spec.ts
 * fails if any transition of the machine was taken by neither site's paths. The paths run on two workers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page, type Request, type Response } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { UpgradeResponse } from '../../src/api/contract.ts';
import type { TransitionPath } from '../machines/paths.ts';
import { PASSING } from '../ui/page/uiModel.ts';
import { DOTA_BASE, MODEL_BASE, ModelPage, Retry, sessionKind, URL_OF } from './modelPage.ts';
import { coverageDir, csPaths, dotaPaths } from './modelPaths.ts';

/** Full spin (the page's SPIN_MS) and the result pause; the clock jumps past them in steps GSAP follows. */
const SPIN_MS = 5000;
const RESULT_DELAY_MS = 500;
/** Below GSAP's lag threshold (500 ms), so each jump advances the tween by its full length. */
const JUMP_MS = 250;
const MAX_ATTEMPTS = 12;

const isAnswer = (e: EventObject | undefined) => !!e && /^xstate\.(done|error)\.actor\./.test(e.type);
const actorOf = (e: EventObject) => /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1] ?? '';

/** The request a waiting state has sent (what proves the page entered it when it is a path's last state). */
function requestOfWaiting(s: AnyMachineSnapshot): string | null {
  if (s.matches('loading') || s.matches('reloading')) return '/api/upgrade/index';
  if (s.matches('signingOut')) return '/api/auth/logout';
  if (s.matches({ unauthenticated: 'submitting' } as never)) return '/api/auth/login';
  if (s.matches({ playing: 'requesting' } as never)) return '/api/upgrade/upgrade_items';
  if (s.matches({ result: 'selling' } as never) || s.matches('sellingItem')) return '/api/inventory/sell';
  return null;
}

/** Moves the page's fake clock forward in jumps, letting each animation frame run. */
async function advance(page: Page, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += JUMP_MS) await page.clock.fastForward(Math.min(JUMP_MS, ms - t));
}

/** Lets the page finish handling an answer: a few tasks (MessageChannel is not faked, timers are). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++)
      await new Promise<void>((r) => {
        const c = new MessageChannel();
        c.port1.onmessage = () => r();
        c.port2.postMessage(0);
      });
  });
}

async function runPath(browser: Browser, base: string, walked: TransitionPath): Promise<void> {
  const steps = walked.steps;
  const expectsLoss = steps.some(
    (s) =>
      s.event.type === 'xstate.done.actor.play' &&
      (s.event as unknown as { output: { success: number } }).output.success === 0,
  );
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const mp = new ModelPage(page, base, expectsLoss);
  /** What the page has shown so far: steps up to `confirmed` are proven, their transitions counted after the path. */
  const taken: string[][] = [];
  // Every answer the page got, per URL, in order: answer step j is the n-th of its URL, whenever it arrived
  // (a result's reload may start while the clock jumps over the spin).
  const arrived = new Map<string, (Response | Request)[]>();
  const note = (kind: 'ok' | 'failed', url: string, r: Response | Request) => {
    const key = `${kind} ${new URL(url).pathname}`;
    arrived.set(key, [...(arrived.get(key) ?? []), r]);
  };
  page.on('response', (r) => note('ok', r.url(), r));
  page.on('requestfailed', (r) => note('failed', r.url(), r));
  // A refused sign-in is an answer (401); the other error transitions are dropped connections.
  const answerKey = (e: EventObject) =>
    `${e.type.startsWith('xstate.error.') && actorOf(e) !== 'signIn' ? 'failed' : 'ok'} ${
      e.type === 'xstate.done.actor.play' ? '/api/upgrade/upgrade_items' : URL_OF[actorOf(e)]
    }`;
  /** The answer of step j, once it has arrived. */
  async function answerOf(j: number): Promise<Response | Request> {
    const key = answerKey(steps[j].event);
    const n = steps.slice(0, j).filter((s) => isAnswer(s.event) && answerKey(s.event) === key).length;
    await expect
      .poll(() => arrived.get(key)?.length ?? 0, { message: `answer ${n + 1} of ${key}`, timeout: 30_000 })
      .toBeGreaterThan(n);
    return arrived.get(key)![n];
  }

  /** Arranges answer j (session, dropped connection) before the player action that causes it. */
  async function arrange(j: number): Promise<void> {
    const e = steps[j].event;
    const id = actorOf(e);
    if (e.type.startsWith('xstate.error.') && id !== 'signIn') await mp.failNext(URL_OF[id]);
    const kind = sessionKind(e);
    if (kind !== undefined) {
      const before = steps[j - 1]?.event;
      if (!before || before.type.startsWith('user.')) await mp.useSession(kind);
      else if (before.type === 'xstate.done.actor.sell' || before.type === 'xstate.done.actor.sellItem')
        await mp.sessionAfter('/api/inventory/sell', kind);
      else if (before.type === 'xstate.done.actor.signOut') await mp.sessionAfter('/api/auth/logout', kind);
      // After a sign-in the session is the one the form signed in; after a game, the player who played.
      else if (kind !== 'full') throw new Error(`cannot arrange a ${kind} session after ${before.type}`);
    }
  }
  /** Arranges every answer up to the next player action (answers, the wheel and timers follow by themselves). */
  async function arrangeAfter(i: number): Promise<void> {
    for (let j = i + 1; j < steps.length && !steps[j].event.type.startsWith('user.'); j++)
      if (isAnswer(steps[j].event)) await arrange(j);
  }

  try {
    const t0 = Date.now();
    await page.clock.install();
    await arrangeAfter(-1);
    await page.goto('/upgrades/');
    // The last waiting state's request is watched from the last player action on: an answer arranged ahead (a
    // sale's) can make the page send it before the path's last step begins.
    const lastUser = steps.map((s) => s.event.type.startsWith('user.')).lastIndexOf(true);
    const waitedRequest = requestOfWaiting(steps[steps.length - 1].state);
    let sent: Promise<unknown> | null = null;
    for (let i = 0; i < steps.length; i++) {
      const { event, state } = steps[i];
      const last = i === steps.length - 1;
      if (waitedRequest && i === Math.max(lastUser, 0))
        sent = page.waitForRequest((r) => r.url().startsWith(`${base}${waitedRequest}`));
      if (event.type.startsWith('user.')) await arrangeAfter(i);

      if (isAnswer(event)) {
        const answer = await answerOf(i);
        if ('finished' in answer && typeof answer.finished === 'function') await answer.finished();
        if (event.type === 'xstate.done.actor.play') {
          const body = (await (answer as Response).json()) as UpgradeResponse;
          const want = (event as unknown as { output: { success: number } }).output.success;
          if (body.success !== want) throw new Retry(`outcome ${body.success}, path wants ${want}`);
        }
        await settle(page);
        if (event.type === 'xstate.error.actor.sellItem') await mp.afterRefusedSale();
      } else if (event.type === 'wheel.landed') {
        await advance(page, SPIN_MS + JUMP_MS);
      } else if (event.type.startsWith('xstate.after.')) {
        await advance(page, RESULT_DELAY_MS + JUMP_MS);
      } else {
        const staked = (steps[i - 1]?.state.context.staked ?? []) as number[];
        if (event.type === 'user.multiplier' && staked.length > 0) {
          // The model's targets always include one at stake x multiplier; a random starter pack may not.
          const { value } = event as unknown as { value: number };
          const modelFinds = state.context.target !== null;
          if ((await mp.multiplierFinds(staked, value)) !== modelFinds)
            throw new Retry(`x${value}: the page would find a target: ${!modelFinds}, the path needs ${modelFinds}`);
        }
        await mp.perform(event as EventObject & Record<string, unknown>, steps[i + 1]?.event, staked);
      }
      taken.push(steps[i].taken);
      if (process.env.MODEL_DEBUG) process.stderr.write(`  step ${i} ${event.type} ${Date.now() - t0} ms\n`);

      // A state the page leaves by an answer or a timer (the 0.5 s pause, which the DOM does not tell from the
      // spin) is proven by the state it leads to; a path's last waiting state by the request it sends.
      if (last && sent) await sent;
      else if (!steps[i + 1]?.event.type.startsWith('xstate.') && !PASSING.some((w) => state.matches(w)))
        await mp.check(
          state,
          steps.slice(0, i + 1).map((s) => s.event),
        );
    }
    fs.mkdirSync(coverageDir(test.info()), { recursive: true });
    fs.writeFileSync(
      path.join(coverageDir(test.info()), `${test.info().testId}.json`),
      JSON.stringify({ path: test.info().title, taken: taken.flat() }),
    );
  } finally {
    await context.close();
  }
}

/** Runs a path, again with fresh players while the server's roll gives the other outcome than the path needs. */
async function runWithRetries(browser: Browser, base: string, p: TransitionPath): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runPath(browser, base, p);
      return;
    } catch (err) {
      if (!(err instanceof Retry) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

test.describe("the statechart's paths in Chromium, against the real server", () => {
  for (const [n, p] of csPaths.entries())
    test(`P${n + 1}: ${p.description}`, ({ browser }) => runWithRetries(browser, MODEL_BASE, p));
  // The BP checkbox and the max-levels input exist on the Dota site only.
  for (const [n, p] of dotaPaths.entries())
    test(`D${n + 1} (dota): ${p.description}`, ({ browser }) => runWithRetries(browser, DOTA_BASE, p));
});
