/**
 * Model-based tests of the rendered page: the paths generated from the page statechart (one or more per
 * transition) are executed through the UI (Testing Library clicks and typing) against the real server app
 * in-process, with the wheel stubbed. The network's part is arranged, never faked: which player's session the
 * next load runs in, and dropped connections for the error transitions. The CS page runs every path but the BP
 * controls' (it does not render them); the Dota page runs the paths that end in a BP control, with the right
 * side checked at each step. The run fails if any transition of the machine was not taken by the two together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { initI18n } from '../../../src/i18n/index.ts';
import { leftList } from '../../../src/machines/views.ts';
import { upgradeMachine } from '../../../src/machines/upgradeMachine.ts';
import { variantFrom } from '../../../src/site/variant.ts';
import { App } from '../../../src/ui/App.tsx';
import { PageActor } from '../../../src/ui/pageActor.ts';
import { PAGE_SIZE } from '../../../src/domain/constants.ts';
import { isUsable } from '../../../src/domain/item.ts';
import { toMinor } from '../../../src/domain/money.ts';
import { CoverageRecorder } from '../../machines/coverage.ts';
import { LOCKED_ID, TOP_ID } from '../../machines/fixtures.ts';
import { cachedPlan } from '../../machines/pathCache.ts';
import type { TransitionPath } from '../../machines/paths.ts';
import { BP_COOKIE_NAME, expectedBpScreen, type BpScreen } from './bpScreen.ts';
import { emptyPlayer, fullPlayer, type TestPlayer } from './players.ts';
import { startPageServer, type PageServer } from './pageServer.ts';
import { WheelStub } from './renderPage.tsx';
import { controlOf, modelTarget, PAGE_PLANS, PASSING, screenOf } from './uiModel.ts';

// The same cached walks as the browser suite (tests/e2e/model.spec.ts).
const csPaths = cachedPlan(PAGE_PLANS.cs.name, upgradeMachine, PAGE_PLANS.cs.options).transitions;
const dotaPaths = cachedPlan(PAGE_PLANS.dota.name, upgradeMachine, PAGE_PLANS.dota.options).transitions;
const recorder = new CoverageRecorder();

beforeAll(async () => {
  await initI18n('en');
}, 120_000);

const URL_OF: Record<string, string> = {
  loadPage: '/api/upgrade/index',
  reloadIndex: '/api/upgrade/index',
  reloadAfterGame: '/api/upgrade/index',
  sell: '/api/inventory/sell',
  sellItem: '/api/inventory/sell',
  signOut: '/api/auth/logout',
  play: '/api/upgrade/upgrade_items',
};

class Retry extends Error {}

/** What the Dota page's BP controls and right grid show now. */
function shownBpScreen(): BpScreen {
  const box = screen.getByTestId('bp-mode') as HTMLInputElement;
  const levels = screen.queryByTestId('max-levels') as HTMLInputElement | null;
  return {
    checked: box.checked,
    maxLevels: levels?.value ?? null,
    placeholder: levels?.placeholder ?? null,
    cookie: Cookies.get(BP_COOKIE_NAME) ?? null,
    targetIds: [...screen.getByTestId('grid-right').querySelectorAll('[data-testid^="target-item-"]')].map((el) =>
      Number(el.getAttribute('data-testid')!.split('-').pop()),
    ),
    pager: screen.queryByTestId('page-pos-right')?.textContent ?? null,
  };
}

/** Runs one path through the rendered page of the server's site. */
async function runPath(server: PageServer, path: TransitionPath): Promise<void> {
  const steps = path.steps;
  const site = variantFrom((await server.app.inject({ method: 'GET', url: '/api/site' })).json());
  let full: TestPlayer | null = null;
  const players = { full: async () => (full ??= await fullPlayer(server)), empty: () => emptyPlayer(server) };
  let actor: ReturnType<typeof PageActor.useActorRef> | null = null;
  const Grab = () => {
    actor = PageActor.useActorRef();
    return null;
  };
  const roles = new Map<number, number>();
  let targetId: number | null = null;
  const expectsLoss = steps.some(
    (s) =>
      s.event.type === 'xstate.done.actor.play' &&
      (s.event as unknown as { output: { success: number } }).output.success === 0,
  );

  /** Arranges the network for the answer that step i expects. */
  async function arrange(i: number): Promise<void> {
    const e = steps[i]?.event as EventObject & { output?: { user: unknown; index: { inventory: unknown[] | null } } };
    if (!e) return;
    const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
    if (!m) return;
    if (m[1] === 'error' && m[2] !== 'signIn') server.failNext(URL_OF[m[2]]);
    if (m[1] === 'done' && typeof e.output === 'object' && e.output !== null && 'index' in e.output) {
      const kind = e.output.user === null ? null : (e.output.index.inventory?.length ?? 0) > 0 ? 'full' : 'empty';
      server.sessionForNextLoad(
        kind === null ? null : (kind === 'full' ? await players.full() : await players.empty()).sid,
      );
    }
  }

  const snap = () => (actor as unknown as { getSnapshot(): AnyMachineSnapshot }).getSnapshot();
  /** What a failing step saw: the state, the selection, the play button and any notice (a refusal's message). */
  const describePage = () => {
    const c = snap().context;
    const play = screen.queryByTestId('play') as HTMLButtonElement | null;
    const notices = screen.queryAllByTestId('error-notice').map((n) => n.textContent);
    return JSON.stringify({
      state: snap().value,
      staked: c.staked,
      target: c.target,
      play: play ? (play.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled') : 'absent',
      notices,
    });
  };
  const click = (testId: string) =>
    act(async () => {
      fireEvent.click(screen.getByTestId(testId));
    });

  /** Shows the left page holding an item, then clicks it. */
  async function clickItem(id: number) {
    const list = leftList(snap().context);
    const want = Math.floor(list.findIndex((i) => i.id === id) / PAGE_SIZE);
    for (let guard = 0; snap().context.left.page !== want && guard < 10; guard++)
      await click(snap().context.left.page < want ? 'page-next-left' : 'page-prev-left');
    await click(`inv-item-${id}`);
  }

  /** Shows the left page holding an item, then presses its sell button. */
  async function sellItem(id: number) {
    const list = leftList(snap().context);
    const want = Math.floor(list.findIndex((i) => i.id === id) / PAGE_SIZE);
    for (let guard = 0; snap().context.left.page !== want && guard < 10; guard++)
      await click(snap().context.left.page < want ? 'page-next-left' : 'page-prev-left');
    await click(`inv-sell-${id}`);
  }

  function roleId(modelId: number): number {
    const list = leftList(snap().context);
    // An item staked in a game is gone after it: another item takes its role (the model's reloads keep ids).
    if (!roles.has(modelId) || !list.some((i) => i.id === roles.get(modelId))) {
      const usable = list.filter(isUsable);
      roles.set(
        modelId,
        modelId === LOCKED_ID ? list.find((i) => !isUsable(i))!.id : modelId === TOP_ID ? usable[0].id : usable[15].id,
      );
    }
    return roles.get(modelId)!;
  }

  /** A target costing just above the stake (a likely win) or 50x it (a likely loss), shown via the search box. */
  async function clickTarget() {
    const c = snap().context;
    if (targetId == null) {
      const stake =
        c.staked.length || c.balanceStake
          ? c.staked.reduce(
              (t: number, id: number) => t + toMinor(c.inventory.find((i: { id: number }) => i.id === id)!.price),
              c.balanceStake as number,
            )
          : toMinor(c.inventory.find((i: { id: number }) => i.id === roleId(TOP_ID))!.price);
      const target = modelTarget(c.uitems, stake, expectsLoss);
      if (!target) throw new Retry(`no catalogue item is dearer than the stake (${stake} minor units)`);
      targetId = target.id;
    }
    const name = c.uitems.find((i: { id: number }) => i.id === targetId)!.name;
    if (!screen.queryByTestId(`target-item-${targetId}`)) {
      await act(async () => {
        fireEvent.change(screen.getByTestId('search-right'), { target: { value: name } });
      });
    }
    await waitFor(() => screen.getByTestId(`target-item-${targetId}`));
    await click(`target-item-${targetId}`);
  }

  async function perform(i: number): Promise<void> {
    const e = steps[i].event as EventObject & Record<string, unknown>;
    const control = controlOf(e);
    if (control) return click(control);
    switch (e.type) {
      case 'user.pickItem':
        return clickItem(roleId(e.id as number));
      case 'user.sellItem':
        return sellItem(roleId(e.id as number));
      case 'user.pickTarget':
        return clickTarget();
      case 'user.setFilter':
        return act(async () => {
          fireEvent.change(screen.getByTestId('search-right'), {
            target: { value: (e.patch as { text: string }).text },
          });
        });
      case 'user.setBalanceStake':
        return act(async () => {
          fireEvent.change(screen.getByTestId('balance-stake'), {
            target: { value: ((e.minor as number) / 100).toFixed(2) },
          });
        });
      case 'user.setMaxLevels':
        return act(async () => {
          fireEvent.change(screen.getByTestId('max-levels'), {
            target: { value: e.value == null ? '' : String(e.value) },
          });
        });
      case 'user.signIn': {
        const next = steps[i + 1]?.event.type === 'xstate.error.actor.signIn' ? null : await players.full();
        await act(async () => {
          fireEvent.change(screen.getByTestId('sign-in-username'), {
            target: { value: next?.username ?? 'nobody-here' },
          });
          fireEvent.change(screen.getByTestId('sign-in-password'), {
            target: { value: next?.password ?? 'wrong-password' },
          });
        });
        return click('sign-in-submit');
      }
      case 'wheel.landed':
        await waitFor(() => expect((screen.getByTestId('wheel-land') as HTMLButtonElement).disabled).toBe(false));
        return click('wheel-land');
      case 'live.game':
      case 'live.me':
      case 'live.hideNameSaved':
      case 'live.hideNameFailed':
        // The feed's transport has its own tests (tests/server/live.test.ts, e2e live.spec.ts); here its events are
        // delivered to the page as the feed actor would.
        return act(async () => {
          (actor as unknown as { send(event: unknown): void }).send(e);
        });
      default:
        return undefined; // answers and timers arrive by themselves
    }
  }

  server.resetNetwork();
  // A fresh visitor: no saved BP checkbox (BP mode on by default).
  Cookies.remove(BP_COOKIE_NAME, { path: '/' });
  /** Arranges every answer that follows step i without a player action in between (they may come at once). */
  async function arrangeAfter(i: number): Promise<void> {
    for (let j = i + 1; j < steps.length && steps[j].event.type.startsWith('xstate.'); j++) await arrange(j);
  }
  await arrangeAfter(-1);
  let release = () => {};
  render(
    <PageActor.Provider
      logic={upgradeMachine}
      options={{ input: { site, prefs: { sound: false } }, inspect: recorder.inspect }}
    >
      <Grab />
      <App wheel={WheelStub} />
    </PageActor.Provider>,
  );
  try {
    for (let i = 0; i < steps.length; i++) {
      if (!steps[i].event.type.startsWith('xstate.')) await arrangeAfter(i);
      // A path that ends waiting for an answer: the answer is held until the page is seen waiting for it.
      const last = i === steps.length - 1;
      if (last && !steps[i].event.type.startsWith('xstate.')) release = server.holdAnswers();
      await perform(i);
      // A state left by an answer or a timer may already be gone; the next step checks where it led.
      const waiting = PASSING.some((w) => steps[i].state.matches(w));
      const transient = steps[i + 1]?.event.type.startsWith('xstate.') || waiting;
      if (!transient) {
        try {
          await waitFor(() => expect(snap().value).toEqual(steps[i].state.value), { timeout: 10_000 });
        } catch (err) {
          throw new Error(`step ${i} (${steps[i].event.type}): ${describePage()}\n${(err as Error).message}`, {
            cause: err,
          });
        }
      }
      if (steps[i].event.type === 'xstate.done.actor.play') {
        const want = (steps[i].event as unknown as { output: { success: number } }).output.success;
        if (snap().context.game?.success !== want)
          throw new Retry(`outcome ${snap().context.game?.success}, path wants ${want}`);
      }
      if (transient) continue;
      const shown = screenOf(steps[i].state);
      if (shown && /panel$/.test(shown)) await screen.findByTestId(shown);
      else if (shown) expect(screen.getByTestId(shown)).toBeTruthy();
      if (steps[i].state.matches('error')) continue;
      if (site.bpMode) {
        const want = expectedBpScreen(
          steps[i].state,
          steps.slice(0, i + 1).map((s) => s.event),
          snap().context.uitems,
        );
        // The grid follows the filters at lower priority (useDeferredValue): wait for it.
        await waitFor(() => expect(shownBpScreen()).toEqual(want));
        expect(want.targetIds.length).toBeGreaterThan(0);
      } else {
        expect(screen.queryByTestId('bp-mode')).toBeNull();
      }
    }
  } finally {
    release();
    cleanup();
  }
}

/** Runs a path, again with fresh players while the server's roll gives the other outcome than the path needs. */
async function runWithRetries(server: PageServer, path: TransitionPath): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await runPath(server, path);
      return;
    } catch (err) {
      if (!(err instanceof Retry) || attempt >= 12) throw err;
    }
  }
}

describe('the rendered page, model-based, against the real server', () => {
  const runs = [
    ["CS site: every transition but the BP controls'", 'cs', csPaths],
    ['Dota site: the BP controls', 'dota', dotaPaths],
  ] as const;
  for (const [title, site, paths] of runs) {
    describe(title, () => {
      let server: PageServer;
      beforeAll(async () => {
        server = await startPageServer(site);
      }, 120_000);
      afterAll(() => server?.close());

      for (const path of paths) it(path.description, () => runWithRetries(server, path), 180_000);
    });
  }

  it('took every transition of the machine, the CS and Dota runs together', () => {
    // Computed from the machine definition, nothing excluded: a transition neither page took fails here.
    expect(recorder.missing(upgradeMachine)).toEqual([]);
    expect(csPaths.length).toBeGreaterThan(20);
    expect(dotaPaths.map((p) => p.steps.at(-1)!.event.type).sort()).toEqual(['user.setMaxLevels', 'user.toggleBp']);
  });
});
