/**
 * The SPA shell's first screen (issue 6, LCP): the page's React tree in its loading state as HTML inside
 * `<div id="root">`, rendered by src/entry-server.tsx from the real components, so the first paint needs no
 * JavaScript; the browser hydrates it (src/main.tsx). Only where the browser renders the upgrades page: the
 * verifier routes get the empty root as before. Renders are kept per input (variant, preselected ids, the two
 * preference cookies): a handful of distinct inputs in practice, each a few milliseconds to render.
 *
 * The render's style attributes come as the rules of one `<style>` element (src/entry-server.tsx says why), put
 * at the end of the head; the shell's CSP admits that element by its SHA-256 (that exact text, nothing else).
 *
 * With a first screen, the shell's entry script starts after the browser's first frame (deferEntry below).
 */
import { createHash } from 'node:crypto';
import type { SiteResponse } from '../src/api/contract.ts';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_STYLE_ID } from '../src/firstScreen.ts';
import type { Item } from '../src/domain/item.ts';
import { renderFirstScreen, type FirstScreenInput } from '../src/entry-server.tsx';
import { prefsFrom } from '../src/machines/prefs.ts';
import { TARGETS_META_NAME } from '../src/site/fromDocument.ts';
import { parseRoute } from '../src/ui/routes.ts';
import { cookieValue } from './routes/context.ts';

/**
 * The preferences the browser will read at boot, by the same rule (prefsFrom in src/machines/prefs.ts), from the
 * request's Cookie header instead of document.cookie. tests/server/first-screen.test.ts checks both readings agree.
 */
export function prefsFromCookieHeader(header: string | undefined): FirstScreenInput['prefs'] {
  return prefsFrom((name) => cookieValue(header, name));
}

/** A rendered first screen: the markup for the root, its style rules and their CSP hash source. */
export interface FirstScreen {
  html: string;
  /** The text of the head's `<style>` element ('' when nothing had a style). */
  css: string;
  /** `'sha256-...'` of css, for style-src. */
  cssHash: string;
  /**
   * Tags for the head, written once per kept screen: the preloads of the pictures it shows and the meta tag of the
   * targets it shows, which the page starts with (src/site/fromDocument.ts); absent: none.
   */
  head?: string;
}

const MAX_KEPT = 64;
const kept = new Map<string, FirstScreen | null>();
/** The catalogue the kept screens show (TargetCatalogue.latestItems keeps one array while the rows are the same). */
let keptFor: readonly Item[] | null = null;

/**
 * The first screen for a request's path and cookies, or null where the browser renders by itself; with the target
 * catalogue, the screen shows the targets' first page.
 */
export function firstScreen(
  site: SiteResponse,
  url: string,
  cookieHeader: string | undefined,
  catalogue: readonly Item[] | null = null,
): FirstScreen | null {
  if (catalogue !== keptFor) {
    kept.clear();
    keptFor = catalogue;
  }
  // One render per view, whatever the path: the ids in /upgrades/<ids> only queue picks the page applies once its
  // data loads, so every upgrades path shares one screen and an attacker's paths cost no render.
  if (parseRoute(url.split(/[?#]/, 1)[0]).kind !== 'upgrades') return null;
  const input: FirstScreenInput = { site, pathname: '/upgrades/', prefs: prefsFromCookieHeader(cookieHeader) };
  const key = JSON.stringify(input);
  let screen = kept.get(key);
  if (screen === undefined) {
    const rendered = renderFirstScreen(input, catalogue);
    screen = rendered && {
      html: rendered.html,
      css: rendered.css,
      cssHash: `'sha256-${createHash('sha256').update(rendered.css).digest('base64')}'`,
      head: `${rendered.head}${rendered.targets ? `${metaTag(TARGETS_META_NAME, rendered.targets)}\n` : ''}`,
    };
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, screen);
  }
  return screen;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** `<meta name="{name}" content="{value as JSON}">`: data for the page, not script (the CSP holds). */
export function metaTag(name: string, value: unknown): string {
  return `<meta name="${name}" content="${JSON.stringify(value).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c])}">`;
}

/**
 * The shell with the first screen inside its empty `<div id="root"></div>`, and at the end of the head its tags and
 * rules (unchanged without a screen, or without the empty root to fill).
 */
export function shellWithFirstScreen(html: string, screen: FirstScreen | null): string {
  const empty = '<div id="root"></div>';
  const at = html.indexOf(empty);
  const headEnd = html.indexOf('</head>');
  if (screen === null || at < 0 || headEnd < 0 || headEnd > at) return html;
  const style = screen.css ? `<style id="${FIRST_SCREEN_STYLE_ID}">${screen.css}</style>\n` : '';
  return `${html.slice(0, headEnd)}${screen.head ?? ''}${style}${html.slice(headEnd, at)}<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${screen.html}</div>${html.slice(at + empty.length)}`;
}

/** A shell whose entry script waits for the first frame: its HTML, and the inline loader's CSP hash source. */
export interface DeferredShell {
  html: string;
  /** `'sha256-...'` of the loader, for script-src (null: the shell had no entry script to defer). */
  scriptHash: string | null;
}

/** The entry script tag as Vite writes it into the built shell. */
const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"<>]+)"><\/script>/;
let deferred: { shell: string; result: DeferredShell } | null = null;

/**
 * The shell with its entry evaluated after the first frame, for a shell that carries a first screen (issue 6,
 * LCP). The entry module is the whole page's script: evaluating it takes 300 to 400 ms of main thread at 4x CPU
 * throttling, and as a deferred script it runs when the parser ends, in the same task, so the server's first
 * screen, already parsed, waited for it to be painted (CDP traces: first contentful paint after
 * `v8.evaluateModule`). Here the entry is fetched as early as before (`<link rel="modulepreload">` in its place),
 * and a small inline module imports it once a frame has been drawn (`requestAnimationFrame`, then a task), or at
 * once in a hidden page (or one hidden before that frame), which draws no frames. The loader is admitted by its hash (cspWithFirstScreen); the
 * shell is unchanged where Vite's entry tag is not found, and on routes without a first screen.
 */
export function deferEntry(shell: string): DeferredShell {
  if (deferred?.shell === shell) return deferred.result;
  const match = ENTRY_SCRIPT.exec(shell);
  let result: DeferredShell = { html: shell, scriptHash: null };
  if (match) {
    const src = JSON.stringify(match[1]);
    // A page hidden before its first frame draws none, so a change of visibility starts it too (a second import()
    // of the same module is the same module, evaluated once).
    const loader = `const go=()=>import(${src});document.visibilityState==="hidden"?go():(requestAnimationFrame(()=>setTimeout(go)),document.addEventListener("visibilitychange",go,{once:true}))`;
    const tags = `<link rel="modulepreload" crossorigin href="${match[1]}"><script type="module">${loader}</script>`;
    result = {
      html: shell.slice(0, match.index) + tags + shell.slice(match.index + match[0].length),
      scriptHash: `'sha256-${createHash('sha256').update(loader).digest('base64')}'`,
    };
  }
  deferred = { shell, result };
  return result;
}

/**
 * The shell's CSP with the first screen's rules admitted by their hash (style-src), and the deferred entry's loader
 * by its own (script-src); nothing else changes.
 */
export function cspWithFirstScreen(csp: string, screen: FirstScreen | null, scriptHash: string | null = null): string {
  let out = csp;
  if (screen?.css) out = withSource(out, 'style-src', screen.cssHash);
  if (screen && scriptHash) out = withSource(out, 'script-src', scriptHash);
  return out;
}

/** The CSP with one more source in a directive it has (unchanged when it has no such directive). */
function withSource(csp: string, directive: 'style-src' | 'script-src', source: string): string {
  return csp.replace(
    new RegExp(`(^|;)(\\s*${directive}\\b[^;]*)`),
    (_, start: string, found: string) => `${start}${found} ${source}`,
  );
}
