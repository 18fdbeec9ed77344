/**
 * The first screen as HTML: the page's own React tree in its `loading` state for one variant and language, put
 * into the shell by server/prerender.ts and hydrated by src/main.tsx. Reads nothing of the browser.
 */
import i18next, { type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import type { SiteResponse } from './api/contract.ts';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import type { Item } from './domain/item.ts';
import { initialContext, type PageInput } from './machines/context.ts';
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
 * Moves each `style="..."` attribute into a rule named by a data attribute: the CSP refuses inline style
 * attributes, admits the one `<style>` by its hash, and src/firstScreen.ts puts the rules back before hydrating.
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
  /** The `<link rel="preload">` tags React writes ahead of the markup, for the head. */
  head: string;
  /** The targets' first page as shown, which the browser starts with so it hydrates the same cells; or null. */
  targets: Item[] | null;
}

/**
 * The first screen at `pathname` (null off the upgrades page). With `catalogue`, it shows the targets' first page
 * with their pictures, the LCP element on sites where a picture is the largest; without, their loading state.
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
