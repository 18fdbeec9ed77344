/**
 * Keeps keyboard focus with the game: when an action removes or replaces the control that had focus (a panel
 * closing, a form giving way to the inventory), focus goes to where the player's next step is, never to the
 * document. One intent at a time; it yields to the player moving focus elsewhere meanwhile.
 */

/** How long an intent waits for its target to appear (a slow network's sign-in and reload). */
const INTENT_MS = 20_000;

let pending: (() => void) | null = null;

/** Whether focus fell to the document (its control was removed); the observer's callback runs before the next frame. */
const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/** Moves focus to `el`, scrolled into view (below the sticky header: app.css's scroll-padding). */
export function focusInto(el: HTMLElement): void {
  el.focus({ preventScroll: true });
  // Optional: jsdom (the UI tests) has no layout and no scrollIntoView.
  el.scrollIntoView?.({ block: 'nearest' });
}

/**
 * Once the control that has focus now goes away and `find` gives an element, focuses it; until then focus waits on
 * `interim` (a heading that stays, so it never rests on the document). Until INTENT_MS, a re-render that removes
 * the element it placed focus on (a reload replacing the cells) places it again; the player moving focus ends it.
 */
export function focusWhenReady(find: () => HTMLElement | null, interim: () => HTMLElement | null = () => null): void {
  pending?.();
  const from = document.activeElement;
  let placed: Element | null = null;
  let holding = false;
  const attempt = () => {
    // Focus still on a control, other than the interim one: nothing to do.
    if (!focusIsLost() && !(holding && document.activeElement === placed)) return;
    const el = find();
    if (el) {
      placed = el;
      holding = false;
      focusInto(el);
      return;
    }
    const hold = interim();
    if (hold && document.activeElement !== hold) {
      placed = hold;
      holding = true;
      hold.focus({ preventScroll: true });
    }
  };
  const observer = new MutationObserver(attempt);
  // Focus the player moves (not the control that had it, not where this put it) ends the intent.
  const onFocus = (e: FocusEvent) => {
    if (e.target !== placed && e.target !== from) stop();
  };
  const timer = setTimeout(() => stop(), INTENT_MS);
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocus, true);
    clearTimeout(timer);
    if (pending === stop) pending = null;
  };
  pending = stop;
  document.addEventListener('focusin', onFocus, true);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
}

/** The inventory column's heading, which stays through sign-in, sign-out and loading. */
export const inventoryHeading = () => document.getElementById('left-title');

/** The sign-in form's submit button. */
export const signInButton = () => document.querySelector<HTMLElement>('[data-testid="sign-in-submit"]');

/** Play, by its test id (always rendered under the wheel). */
export const playButton = () => document.querySelector<HTMLElement>('[data-testid="play"]');

/** The first inventory cell that can be staked, else the empty inventory's button, else the inventory's heading. */
export const firstStakeCell = () =>
  document.querySelector<HTMLElement>('[data-testid^="inv-item-"]:not(.cell--locked):not(.cell--empty)') ??
  document.querySelector<HTMLElement>('[data-testid="open-cases"]');

/** After a game's panel: Play if the page can play again at once, else the first item to stake. */
export const nextStepAfterGame = () => {
  const play = playButton();
  if (play && play.getAttribute('aria-disabled') !== 'true') return play;
  return firstStakeCell();
};
