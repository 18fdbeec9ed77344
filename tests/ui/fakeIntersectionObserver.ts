/**
 * A stand-in IntersectionObserver the tests drive (jsdom has none): stub it in with
 * `vi.stubGlobal('IntersectionObserver', FakeObserver)`, then `report(el, inside)` tells the observers of el where
 * it is; `reset()` forgets every observer between tests.
 */
export class FakeObserver {
  static all: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Reports el as inside the observers' viewport (with their margin) or outside it. */
  static report(el: Element, inside: boolean) {
    for (const o of FakeObserver.all) {
      if (o.observed.has(el))
        o.callback([{ target: el, isIntersecting: inside } as IntersectionObserverEntry], o as never);
    }
  }
  /** Reports el as near the viewport. */
  static show(el: Element) {
    FakeObserver.report(el, true);
  }
  static reset() {
    FakeObserver.all = [];
  }
}
