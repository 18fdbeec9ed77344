/** Boot: read the variant, start i18n and the page actor, then hydrate the server's first screen (or render). */
// First, for its side effect: the data calls start before the rest of the bundle evaluates.
import './earlyLoad.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { fetchSite } from './api/site.ts';
import { FIRST_SCREEN_ATTRIBUTE, restoreFirstScreenStyles } from './firstScreen.ts';
import { initI18n } from './i18n/index.ts';
import { readPrefs } from './machines/prefs.ts';
import { PageRoot } from './PageRoot.tsx';
import { createFormatters } from './site/format.ts';
import { siteFromDocument, targetsFromDocument } from './site/fromDocument.ts';
import { variantFrom } from './site/variant.ts';
import { parseRoute } from './ui/routes.ts';
import './styles/app.css';
import './styles/first-screen.css';

/** The Stately inspector, only in development and only when asked for (?inspect or VITE_INSPECT=1). */
async function inspector() {
  if (!import.meta.env.DEV) return undefined;
  const asked = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
  if (!asked) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/** The bilingual message shown when the variant could not be read (there is no language without it). */
function bootError(container: HTMLElement): void {
  const root = createRoot(container);
  root.render(
    <div className="boot-error" role="alert">
      <p>The page could not load. / Страница не загрузилась.</p>
      <button
        type="button"
        className="btn btn--accent"
        onClick={() => {
          root.unmount();
          void boot(container);
        }}
      >
        Retry / Повторить
      </button>
    </div>,
  );
}

async function boot(container: HTMLElement): Promise<void> {
  let site;
  try {
    site = variantFrom(siteFromDocument() ?? (await fetchSite()));
  } catch {
    bootError(container);
    return;
  }
  const strings = initI18n(site.lang);
  // Intl's first number format loads locale data: build the formatters while the strings load, not in a render.
  createFormatters(site);
  const i18n = await strings;
  document.documentElement.lang = site.lang;
  const route = parseRoute(window.location.pathname);
  // The page starts with the targets the server's first screen shows (their tag comes only with one), so it
  // hydrates the same cells.
  const input = {
    site,
    preselect: route.kind === 'upgrades' ? route.preselect : [],
    prefs: readPrefs(),
    targets: targetsFromDocument(),
  };
  const page = <PageRoot i18n={i18n} options={{ input, inspect: await inspector() }} />;

  const firstScreen = container.hasAttribute(FIRST_SCREEN_ATTRIBUTE);
  // The server's styles go back inline in the same task as the root's mark goes (src/firstScreen.ts).
  if (firstScreen) {
    restoreFirstScreenStyles(container);
    container.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  }
  // The server renders the upgrades routes only, with the wide layout's wheel (WheelSlot matches it to hydrate).
  if (firstScreen && route.kind === 'upgrades') hydrateRoot(container, page);
  else createRoot(container).render(page);
}

const container = document.getElementById('root')!;
// Start-up waits for the next drawn frame, so it never delays the first paint; a hidden page starts at once.
const start = () => void boot(container);
const painted = () =>
  typeof performance.getEntriesByType === 'function' && performance.getEntriesByType('paint').length > 0;
if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE) && document.visibilityState !== 'hidden' && !painted())
  requestAnimationFrame(() => setTimeout(start));
else start();
