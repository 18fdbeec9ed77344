/**
 * The first screen as HTML (issue 6, LCP): the page's own React tree (src/PageRoot.tsx) rendered in its initial
 * state, the statechart's `loading` (no data yet, no user), for one site variant and its language. The server puts
 * it into the SPA shell (server/prerender.ts) and the browser hydrates it (src/main.tsx), so the first paint needs
 * the HTML and the stylesheet only. Nothing here reads the browser: the page actor is created but not started
 * (its provider starts it in an effect), the route and the preferences come in as arguments.
 */
import i18next, { type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import type { SiteResponse } from './api/contract.ts';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import type { Item } from './domain/item.ts';
import { initialContext, type PageContext, type PageInput } from './machines/context.ts';
import { rightResult, slicePage } from './machines/views.ts';
import { PageRoot } from './PageRoot.tsx';
import { FIRST_SCREEN_STYLE_ATTRIBUTE } from './firstScreen.ts';
import { variantFrom } from './site/variant.ts';
import { parseRoute } from './ui/routes.ts';

const STRINGS = { en, ru } as const;

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * Moves every `style="..."` attribute of React's markup into a rule. The CSP allows no inline style attribute
 * (style-src 'self'), and React writes the wheel's geometry as `style` props: in the browser those go through the
 * CSSOM, which the CSP allows, but in HTML they would be refused. So each element gets a data attribute naming its
 * rule instead, the rules go into one `<style>` element the server's CSP admits by its hash (server/prerender.ts),
 * and before hydrating, the browser moves each rule back onto its element through the CSSOM (src/firstScreen.ts).
 */
export function extractStyles(markup: string): { html: string; css: string } {
  const rules = new Map<string, number>();
  const html = markup.replace(/ style="([^"]*)"/g, (_, escaped: string) => {
    // Attribute values escape '"' as &quot;, so the pattern only ever meets a whole attribute value.
    const declarations = escaped.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => HTML_ENTITIES[e]);
    let n = rules.get(declarations);
    if (n === undefined) {
      n = rules.size;
      rules.set(declarations, n);
    }
    return ` ${FIRST_SCREEN_STYLE_ATTRIBUTE}="${n}"`;
  });
  // '<' never belongs in these declarations; escaped anyway so no value can close the <style> element.
  const css = [...rules]
    .map(
      ([declarations, n]) => `#root [${FIRST_SCREEN_STYLE_ATTRIBUTE}="${n}"]{${declarations.replace(/</g, '\\3c ')}}`,
    )
    .join('\n');
  return { html, css };
}

/** What the first screen depends on: the variant, the address and the two preference cookies' values. */
export interface FirstScreenInput {
  site: SiteResponse;
  pathname: string;
  prefs: NonNullable<PageInput['prefs']>;
}

const instances = new Map<string, i18n>();

/** An i18next instance of its own per language, its page strings in place (no loading, no suspending). */
function i18nFor(lang: 'en' | 'ru'): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      resources: { [lang]: { translation: STRINGS[lang] } },
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

/** A rendered first screen: the root's markup, its style rules and the targets it shows. */
export interface RenderedScreen {
  html: string;
  /** The rules of the markup's style attributes ('' when there are none). */
  css: string;
  /**
   * The `<link rel="preload">` tags React writes ahead of the markup (one per picture it shows), for the head: the
   * root then holds exactly what the browser renders.
   */
  head: string;
  /**
   * The targets' first page as the screen shows it, which the browser's page starts with (PageInput.targets) so
   * that it hydrates the same cells; null when the screen shows the targets loading.
   */
  targets: Item[] | null;
}

/**
 * The page's first screen at `pathname`: the root's markup without style attributes, and their rules; null where
 * the browser would not render the upgrades page (the verifier routes: their screens load lazily, so the browser
 * renders them itself). With the target `catalogue` (the index call's list), the screen shows the targets' first
 * page as the page will once it has loaded (sorted and filtered as it starts: views.ts), with their pictures, for
 * the largest paint of the sites whose LCP element is a target's picture (issue 6, docs/performance.md, session
 * 16); without one, the targets' loading state.
 */
export function renderFirstScreen(
  { site, pathname, prefs }: FirstScreenInput,
  catalogue: readonly Item[] | null = null,
): RenderedScreen | null {
  const route = parseRoute(pathname);
  if (route.kind !== 'upgrades') return null;
  const input: PageInput = { site: variantFrom(site), preselect: route.preselect, prefs };
  const page = catalogue && slicePage(rightResult({ uitems: catalogue, right: initialContext(input).right }), 0).items;
  const targets = page?.length ? page : null;
  if (targets) input.targets = targets;
  const markup = renderToString(<PageRoot i18n={i18nFor(site.lang)} options={{ input }} />);
  const head = /^(?:<link [^<>]*>)*/.exec(markup)![0];
  return { ...extractStyles(markup.slice(head.length)), head, targets };
}
