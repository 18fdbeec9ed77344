/** The first screen as HTML, for server/prerender.ts (docs/decisions/first-screen.md); reads nothing of the browser. */
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

/** Moves style attributes into rules: the CSP refuses them; src/firstScreen.ts puts them back before hydrating. */
export function extractStyles(markup: string): { html: string; css: string } {
  const rules = new Map<string, number>();
  const html = markup.replace(/ style="([^"]*)"/g, (_, escaped: string) => {
    // '"' is escaped as &quot; in attributes, so the pattern only meets whole values.
    const declarations = escaped.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => HTML_ENTITIES[e]);
    let n = rules.get(declarations);
    if (n === undefined) {
      n = rules.size;
      rules.set(declarations, n);
    }
    return ` ${FIRST_SCREEN_STYLE_ATTRIBUTE}="${n}"`;
  });
  // Escape '<' so no value can close the <style> element.
  const css = [...rules]
    .map(
      ([declarations, n]) => `#root [${FIRST_SCREEN_STYLE_ATTRIBUTE}="${n}"]{${declarations.replace(/</g, '\\3c ')}}`,
    )
    .join('\n');
  return { html, css };
}

/** What the first screen depends on. */
export interface FirstScreenInput {
  site: SiteResponse;
  pathname: string;
  prefs: NonNullable<PageInput['prefs']>;
}

const instances = new Map<string, i18n>();

/** An i18next instance per language with its strings in place, so nothing suspends. */
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
  css: string;
  /** The `<link rel="preload">` tags React writes ahead of the markup. */
  head: string;
  /** The targets shown, which the browser starts with so it hydrates the same cells. */
  targets: Item[] | null;
}

/** The first screen at `pathname` (null off the upgrades page); the targets' first page once `catalogue` is given. */
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
