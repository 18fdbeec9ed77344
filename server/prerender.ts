/**
 * The upgrades page's first screen as HTML in the shell, so the first paint needs no JavaScript
 * (docs/decisions/first-screen.md). Its one `<style>` and the entry's loader are admitted by hash in the CSP.
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

/** The preferences the browser will read at boot, by the same rule, from the Cookie header. */
export function prefsFromCookieHeader(header: string | undefined): FirstScreenInput['prefs'] {
  return prefsFrom((name) => cookieValue(header, name));
}

/** A rendered first screen: the root's markup, its style rules and their CSP hash source. */
export interface FirstScreen {
  html: string;
  css: string;
  /** `'sha256-...'` of css, for style-src. */
  cssHash: string;
  /** The pictures' preloads and the targets' meta tag, for the head. */
  head?: string;
}

const MAX_KEPT = 64;
const kept = new Map<string, FirstScreen | null>();
/** The catalogue the kept screens show; the same array while its rows are unchanged. */
let keptFor: readonly Item[] | null = null;

/** The first screen for a request's path and cookies, or null where the browser renders by itself. */
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
  // Every upgrades path shares one screen (the ids only queue picks), so an attacker's paths cost no render.
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

/** A meta tag carrying JSON: data for the page, not script, so the CSP holds. */
export function metaTag(name: string, value: unknown): string {
  return `<meta name="${name}" content="${JSON.stringify(value).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c])}">`;
}

/** The shell with the first screen in its empty root and its tags and rules in the head. */
export function shellWithFirstScreen(html: string, screen: FirstScreen | null): string {
  const empty = '<div id="root"></div>';
  const at = html.indexOf(empty);
  const headEnd = html.indexOf('</head>');
  if (screen === null || at < 0 || headEnd < 0 || headEnd > at) return html;
  const style = screen.css ? `<style id="${FIRST_SCREEN_STYLE_ID}">${screen.css}</style>\n` : '';
  return `${html.slice(0, headEnd)}${screen.head ?? ''}${style}${html.slice(headEnd, at)}<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${screen.html}</div>${html.slice(at + empty.length)}`;
}

/** A shell whose entry script waits for the first frame. */
export interface DeferredShell {
  html: string;
  /** `'sha256-...'` of the loader for script-src; null when nothing was deferred. */
  scriptHash: string | null;
}

const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"<>]+)"><\/script>/;
let deferred: { shell: string; result: DeferredShell } | null = null;

/**
 * The shell with its entry preloaded but evaluated after the first frame: a module script runs in the parser's
 * last task, so the first screen would wait for it to be painted (docs/decisions/first-screen.md).
 */
export function deferEntry(shell: string): DeferredShell {
  if (deferred?.shell === shell) return deferred.result;
  const match = ENTRY_SCRIPT.exec(shell);
  let result: DeferredShell = { html: shell, scriptHash: null };
  if (match) {
    const src = JSON.stringify(match[1]);
    // A hidden page draws no frames, so a visibility change starts it too (a second import() is a no-op).
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

/** The shell's CSP admitting the first screen's rules and the entry's loader by their hashes. */
export function cspWithFirstScreen(csp: string, screen: FirstScreen | null, scriptHash: string | null = null): string {
  let out = csp;
  if (screen?.css) out = withSource(out, 'style-src', screen.cssHash);
  if (screen && scriptHash) out = withSource(out, 'script-src', scriptHash);
  return out;
}

/** The CSP with one more source in a directive it has. */
function withSource(csp: string, directive: 'style-src' | 'script-src', source: string): string {
  return csp.replace(
    new RegExp(`(^|;)(\\s*${directive}\\b[^;]*)`),
    (_, start: string, found: string) => `${start}${found} ${source}`,
  );
}
