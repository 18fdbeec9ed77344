/**
 * One shared IntersectionObserver that tells an element once it comes near the viewport. Item pictures ask for
 * their file only then: the cells below the fold (and the later pages' cells) no longer queue 30 SVG documents
 * for the browser to build before it paints the first picture (issue 6). Without IntersectionObserver (jsdom, old
 * browsers) every element counts as visible at once.
 */

/** How far outside the viewport a picture starts loading, so scrolling finds it ready. */
const MARGIN = '150px';

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const done = waiting.get(entry.target);
        waiting.delete(entry.target);
        observer!.unobserve(entry.target);
        done?.();
      }
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/** Calls `onVisible` once, when `el` is near the viewport; returns the cleanup. */
export function whenVisible(el: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => {};
  }
  waiting.set(el, onVisible);
  shared().observe(el);
  return () => {
    if (waiting.delete(el)) observer?.unobserve(el);
  };
}
