/**
 * The server's first screen hydrates without a mismatch (React's development build reports every text and
 * attribute difference): src/entry-server.tsx renders the page's tree in its loading state, src/main.tsx moves
 * its styles back inline (src/firstScreen.ts) and hydrates with the same tree. Every variant, both preference
 * cookies, a plain and a preselecting address, the wide layout and the narrow one (whose wheel WheelSlot renders at
 * the server's size while hydrating, then at its own).
 */
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteResponse } from '../../../src/api/contract.ts';
import { configureApi } from '../../../src/api/client.ts';
import { extractStyles, renderFirstScreen } from '../../../src/entry-server.tsx';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_STYLE_ATTRIBUTE,
  FIRST_SCREEN_STYLE_ID,
  restoreFirstScreenStyles,
} from '../../../src/firstScreen.ts';
import { initI18n } from '../../../src/i18n/index.ts';
import type { Item } from '../../../src/domain/item.ts';
import { PageRoot } from '../../../src/PageRoot.tsx';
import { variantFrom } from '../../../src/site/variant.ts';

const SITES: SiteResponse[] = [
  {
    status: true,
    site: 'cs',
    game: 'cs',
    lang: 'en',
    currency: 'USD',
    chance_decimals: 3,
    main_site_url: '/',
    recaptcha_site_key: null,
    house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
  },
  {
    status: true,
    site: 'dota',
    game: 'dota',
    lang: 'en',
    currency: 'USD',
    chance_decimals: 1,
    main_site_url: '/',
    recaptcha_site_key: null,
    house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
  },
  {
    status: true,
    site: 'ru',
    game: 'cs',
    lang: 'ru',
    currency: 'RUB',
    chance_decimals: 1,
    main_site_url: 'https://example.test',
    recaptcha_site_key: null,
    house_rules: { payout_factor: 0.9, chance_min: 0.1, chance_max: 80, max_stake_items: 15 },
  },
];
const PREFS = [
  { sound: true, bp: true },
  { sound: false, bp: false },
];
const PATHS: Array<[string, number[]]> = [
  ['/upgrades/', []],
  ['/upgrades/3,4', [3, 4]],
];
const WIDTHS = [1280, 1024];
/**
 * A target catalogue as the index call lists it (cheapest first): names with and without the CS separator, a locked
 * one, equal prices, BP level items (Dota's BP mode shows only those up to its cap), 40 in all.
 */
const CATALOGUE: Item[] = Array.from({ length: 40 }, (_, i) => ({
  id: 100 + i,
  name: i % 5 === 0 ? `${(i % 10) * 500} Levels` : i % 2 ? `AK-47 | Redline ${i} (Field-Tested)` : `Sticker ${i}`,
  price: Math.floor(i / 2) + 0.25,
  image: `/app/public/items/${100 + i}.png`,
  type: i % 3 ? 'mil-spec' : 'Immortal',
  type_prize: i === 7 ? 13 : 0,
}));
const CATALOGUES: Array<readonly Item[] | null> = [null, CATALOGUE];

const roots: Root[] = [];
beforeAll(() => {
  // The page's data never arrives here: the page stays in its loading state, the one the server rendered.
  configureApi({ baseURL: 'http://page.test', fetch: (() => new Promise<Response>(() => {})) as typeof fetch });
});
afterEach(() => {
  act(() => roots.splice(0).forEach((r) => r.unmount()));
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

/** The shell as the server fills it: the rules in the head, the marked root with the markup. */
function serverShell(html: string, css: string): HTMLElement {
  const style = document.createElement('style');
  style.id = FIRST_SCREEN_STYLE_ID;
  style.textContent = css;
  document.head.append(style);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/**
 * The DOM for comparison: elements with their attributes in name order (React sets an input's type first in the
 * browser, after the others in HTML), without style attributes (their serialisation differs between the CSSOM and
 * React) and without `selected` (HTML marks a select's option, the browser sets the select's value: compared
 * apart), and the text.
 */
function structure(el: Element): string {
  return [...el.childNodes]
    .map((node) => {
      if (!(node instanceof Element)) return node.textContent;
      const attributes = [...node.attributes]
        .filter((a) => a.name !== 'style' && a.name !== 'selected')
        .map((a) => `${a.name}="${a.value}"`)
        .sort();
      return `<${node.localName} ${attributes.join(' ')}>${structure(node)}</${node.localName}>`;
    })
    .join('');
}

/** Each styled element of the server's markup with the style text React wrote for it (its rule's declarations). */
function reactStyles(container: HTMLElement, css: string): Array<[HTMLElement, string]> {
  const text = new Map([...css.matchAll(/="(\d+)"\]\{([^}]*)\}/g)].map((m) => [m[1], m[2]]));
  return [...container.querySelectorAll<HTMLElement>(`[${FIRST_SCREEN_STYLE_ATTRIBUTE}]`)].map((el) => [
    el,
    text.get(el.getAttribute(FIRST_SCREEN_STYLE_ATTRIBUTE)!)!,
  ]);
}

describe.each(SITES)('the first screen of the $site site', (site) => {
  beforeAll(async () => {
    const i18n = await initI18n(site.lang);
    await i18n.loadNamespaces('translation');
  });

  const cases = CATALOGUES.flatMap((catalogue) =>
    PREFS.flatMap((prefs) =>
      PATHS.flatMap(([pathname, preselect]) =>
        WIDTHS.map((width) => ({
          prefs,
          pathname,
          preselect,
          width,
          catalogue,
          targets: catalogue ? 'with targets' : 'targets loading',
        })),
      ),
    ),
  );
  it.each(cases)(
    'hydrates without a mismatch: $pathname, $prefs, $width px, $targets',
    async ({ prefs, pathname, preselect, width, catalogue }) => {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      const i18n = await initI18n(site.lang);
      const screen = renderFirstScreen({ site, pathname, prefs }, catalogue)!;
      expect(screen.html).not.toMatch(/\sstyle=/);
      const container = serverShell(screen.html, screen.css);
      const errors = vi.spyOn(console, 'error');
      const recoverable = vi.fn();
      // The page starts with the screen's targets, as src/main.tsx reads them from the meta tag.
      const input = { site: variantFrom(site), preselect, prefs, targets: screen.targets ?? undefined };
      const cells = [...container.querySelectorAll('[data-testid^="target-item-"]')];
      if (catalogue) {
        // The page's first page: cheapest first, ties by id; on Dota in BP mode only the level items.
        const bp = site.site === 'dota' && prefs.bp;
        const expected = catalogue
          .filter((i) => !bp || /^\d+ Levels$/.test(i.name))
          .slice(0, 15)
          .map((i) => i.id);
        expect(screen.targets!.map((i) => i.id)).toEqual(expected);
        expect(cells.map((c) => c.getAttribute('data-testid'))).toEqual(expected.map((id) => `target-item-${id}`));
        expect(cells.every((c) => (c as HTMLButtonElement).disabled)).toBe(true);
        // The first four cells' pictures come with the markup; the others once the page runs.
        expect(cells.map((c) => c.querySelector('img')!.getAttribute('src'))).toEqual(
          expected.map((id, n) => (n < 4 ? `/app/public/items/${id}.png` : null)),
        );
      } else {
        expect(screen.targets).toBeNull();
        expect(cells).toEqual([]);
      }

      const styled = reactStyles(container, screen.css);
      expect(styled.length).toBeGreaterThan(0);
      restoreFirstScreenStyles(container);
      expect(container.querySelector(`[${FIRST_SCREEN_STYLE_ATTRIBUTE}]`)).toBeNull();
      expect(document.getElementById(FIRST_SCREEN_STYLE_ID)).toBeNull();
      const wheel = container.querySelector<HTMLElement>('[data-testid="wheel-placeholder"]')!;
      expect([wheel.style.width, wheel.style.position]).toEqual(['380px', 'relative']);
      // Each style went back inline as the same declarations React writes (compared through the CSSOM)...
      const probe = document.createElement('div');
      for (const [el, text] of styled) {
        probe.setAttribute('style', text);
        expect(el.style.cssText).toBe(probe.style.cssText);
      }
      // ...but spelled the CSSOM's way, which React's development build compares as text: give it React's own
      // spelling so that any other difference (text, attributes) shows.
      for (const [el, text] of styled) el.setAttribute('style', text);

      await act(async () => {
        roots.push(
          hydrateRoot(container, <PageRoot i18n={i18n} options={{ input }} />, { onRecoverableError: recoverable }),
        );
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      // The very nodes the server sent are the page's now.
      expect(container.querySelector('[data-testid="wheel-placeholder"]')).toBe(wheel);
      expect([...container.querySelectorAll('[data-testid^="target-item-"]')]).toEqual(cells);
      expect(wheel.style.width).toBe(width >= 1200 ? '380px' : '300px');

      // And they are what the browser renders by itself.
      const fresh = document.createElement('div');
      document.body.append(fresh);
      await act(async () => {
        const root = createRoot(fresh);
        roots.push(root);
        root.render(<PageRoot i18n={i18n} options={{ input }} />);
      });
      expect(structure(container)).toBe(structure(fresh));
      const selects = (root: Element) => [...root.querySelectorAll('select')].map((select) => select.value);
      expect(selects(container)).toEqual(selects(fresh));
      expect(wheel.style.cssText).toBe(
        fresh.querySelector<HTMLElement>('[data-testid="wheel-placeholder"]')!.style.cssText,
      );
    },
  );
});

describe('the first screen', () => {
  it('is not rendered for the verifier routes, which the browser renders itself', () => {
    expect(
      renderFirstScreen({ site: SITES[0], pathname: '/en/provably_fair/roll_verifier/abc', prefs: {} }),
    ).toBeNull();
    expect(renderFirstScreen({ site: SITES[2], pathname: '/ru/provably_fair/roll_verifier/', prefs: {} })).toBeNull();
  });

  it('round-trips style text through the rules and back inline', () => {
    const { html, css } = extractStyles(
      '<div style="position:absolute;top:161.64px;font-family:Inter, &quot;Segoe UI&quot;, sans-serif"></div>',
    );
    const container = serverShell(html, css);
    restoreFirstScreenStyles(container);
    const div = container.firstElementChild as HTMLElement;
    expect([div.style.position, div.style.top]).toEqual(['absolute', '161.64px']);
    expect(div.style.fontFamily).toMatch(/Segoe UI/);
    expect(div.hasAttribute(FIRST_SCREEN_STYLE_ATTRIBUTE)).toBe(false);
  });
});
