/** Moves focus to the player's next step when its control is removed, never to the document. */

/** How long an intent waits for its target: a slow network's sign-in and reload. */
const INTENT_MS = 20_000;

let pending: (() => void) | null = null;

/** No focus, or focus on a control that has just disabled itself (the browser drops it to the document). */
const focusIsLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || (active as HTMLButtonElement).disabled === true;
};

/** Moves focus to `el`, scrolled into view below the sticky header (app.css's scroll-padding). */
export function focusInto(el: HTMLElement): void {
  el.focus({ preventScroll: true });
  // jsdom has no scrollIntoView.
  el.scrollIntoView?.({ block: 'nearest' });
}

/**
 * Focuses `find()` once the focused control goes away, holding focus on `interim` until then. A re-render that
 * removes the placed element places it again; the player moving focus, or INTENT_MS, ends the intent.
 */
export function focusWhenReady(find: () => HTMLElement | null, interim: () => HTMLElement | null = () => null): void {
  pending?.();
  const from = document.activeElement;
  let placed: Element | null = null;
  let holding = false;
  const attempt = () => {
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
  // Only focus the player moves ends the intent.
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
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'disabled'],
  });
  // The target may be on screen already (a route whose data is loaded): no mutation would come to place it.
  attempt();
}

/** The inventory's heading, which stays through sign-in, sign-out and loading. */
export const inventoryHeading = () => document.getElementById('left-title');

/** The sign-in form's submit button. */
export const signInButton = () => document.querySelector<HTMLElement>('[data-testid="sign-in-submit"]');

/** The balance part of the stake's amount field. */
export const balanceField = () => document.getElementById('balance-stake');

/** Play, always rendered under the wheel. */
export const playButton = () => document.querySelector<HTMLElement>('[data-testid="play"]');

/** The first stakeable inventory cell, else the empty inventory's button. */
export const firstStakeCell = () =>
  document.querySelector<HTMLElement>('[data-testid^="inv-item-"]:not(.cell--locked):not(.cell--empty)') ??
  document.querySelector<HTMLElement>('[data-testid="open-cases"]');

/** After a game's panel: Play if the page can play again at once, else the first item to stake. */
export const nextStepAfterGame = () => {
  const play = playButton();
  if (play && play.getAttribute('aria-disabled') !== 'true') return play;
  return firstStakeCell();
};
