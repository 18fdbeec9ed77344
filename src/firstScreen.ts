/**
 * The server's first screen (src/entry-server.tsx, server/prerender.ts): the attribute that marks a root the
 * server filled with the page's loading state. src/main.tsx hydrates such a root; src/styles/first-screen.css keeps
 * its wheel at the narrow layout's size until the browser's own render replaces it. No imports: the entry stays light.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** Names the rule (in the `<style>` element below) that holds an element's inline style (server/prerender.ts). */
export const FIRST_SCREEN_STYLE_ATTRIBUTE = 'data-first-screen-style';

/** The id of the head's `<style>` element with those rules. */
export const FIRST_SCREEN_STYLE_ID = 'first-screen-style';

/**
 * Puts each element's style back where React keeps it, inline, one property at a time through the CSSOM (which
 * the CSP allows, where a style attribute or cssText may be refused), and drops the rules: the DOM is then what a
 * browser render makes, ready to hydrate.
 */
export function restoreFirstScreenStyles(container: HTMLElement, doc: Document = document): void {
  const style = doc.getElementById(FIRST_SCREEN_STYLE_ID);
  const sheet = style instanceof HTMLStyleElement ? style.sheet : null;
  const rules = new Map<string, CSSStyleDeclaration>();
  for (const rule of Array.from(sheet?.cssRules ?? [])) {
    if (!(rule instanceof CSSStyleRule)) continue;
    const n = /\[[\w-]+="(\d+)"\]$/.exec(rule.selectorText)?.[1];
    if (n !== undefined) rules.set(n, rule.style);
  }
  for (const el of Array.from(
    container.querySelectorAll<HTMLElement | SVGElement>(`[${FIRST_SCREEN_STYLE_ATTRIBUTE}]`),
  )) {
    const declarations = rules.get(el.getAttribute(FIRST_SCREEN_STYLE_ATTRIBUTE)!);
    for (let i = 0; declarations && i < declarations.length; i++) {
      const name = declarations.item(i);
      el.style.setProperty(name, declarations.getPropertyValue(name), declarations.getPropertyPriority(name));
    }
    el.removeAttribute(FIRST_SCREEN_STYLE_ATTRIBUTE);
  }
  style?.remove();
}
