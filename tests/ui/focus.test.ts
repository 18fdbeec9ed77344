import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenReady } from '../../src/ui/focus.ts';

/** A button in the document, focused if asked. */
function button(id: string, focus = false): HTMLButtonElement {
  const b = document.createElement('button');
  b.id = id;
  document.body.append(b);
  if (focus) b.focus();
  return b;
}
const byId = (id: string) => () => document.getElementById(id);
/** MutationObserver callbacks run as microtasks. */
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusWhenReady', () => {
  it('moves focus to the next step once the focused control is gone, and again when a re-render replaces it', async () => {
    const ret = button('return', true);
    focusWhenReady(byId('next'));
    ret.remove();
    button('next');
    await settle();
    expect(document.activeElement?.id).toBe('next');
    // A reload replaces the cell: focus follows to the new one instead of falling to the document.
    document.getElementById('next')!.remove();
    button('next');
    await settle();
    expect(document.activeElement?.id).toBe('next');
    expect(document.activeElement).not.toBe(document.body);
  });

  it('waits on the interim element until the next step exists', async () => {
    const ret = button('return', true);
    button('heading');
    focusWhenReady(byId('next'), byId('heading'));
    ret.remove();
    await settle();
    expect(document.activeElement?.id).toBe('heading');
    button('next');
    await settle();
    expect(document.activeElement?.id).toBe('next');
  });

  it('yields to the player: focus they move elsewhere is not taken back', async () => {
    const ret = button('return', true);
    const other = button('other');
    focusWhenReady(byId('next'));
    ret.remove();
    button('next');
    await settle();
    other.focus();
    document.getElementById('next')!.remove();
    button('next');
    await settle();
    expect(document.activeElement?.id).toBe('other');
  });
});
