/**
 * Boot: read the variant, start i18n and the page actor (with the inspector in development), render. The page's
 * data calls and the language's strings are requested at once, side by side; the variant comes with the HTML.
 */
// First, for its side effect: the data calls start before the rest of the bundle evaluates.
import './earlyLoad.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchSite } from './api/site.ts';
import { initI18n } from './i18n/index.ts';
import { readPrefs } from './machines/prefs.ts';
import { upgradeMachine } from './machines/upgradeMachine.ts';
import { createFormatters } from './site/format.ts';
import { siteFromDocument } from './site/fromDocument.ts';
import { variantFrom } from './site/variant.ts';
import { App } from './ui/App.tsx';
import { PageActor } from './ui/pageActor.ts';
import { parseRoute } from './ui/routes.ts';
import './styles/app.css';

/** The Stately inspector, only in development and only when asked for (?inspect or VITE_INSPECT=1). */
async function inspector() {
  if (!import.meta.env.DEV) return undefined;
  const asked = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
  if (!asked) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

async function boot(root: ReturnType<typeof createRoot>): Promise<void> {
  let site;
  try {
    site = variantFrom(siteFromDocument() ?? (await fetchSite()));
  } catch {
    // Without the variant there is no language yet: a bilingual message and a reload.
    root.render(
      <div className="boot-error" role="alert">
        <p>The page could not load. / Страница не загрузилась.</p>
        <button type="button" className="btn btn--accent" onClick={() => void boot(root)}>Retry / Повторить</button>
      </div>,
    );
    return;
  }
  const strings = initI18n(site.lang);
  // Intl's first number format loads the locale's data (about 0.1 s at CPU 4x): build the page's formatters
  // while the strings are still on their way, not inside the first render.
  createFormatters(site);
  await strings;
  document.documentElement.lang = site.lang;
  const route = parseRoute(window.location.pathname);
  const input = { site, preselect: route.kind === 'upgrades' ? route.preselect : [], prefs: readPrefs() };
  root.render(
    <StrictMode>
      <PageActor.Provider logic={upgradeMachine} options={{ input, inspect: await inspector() }}>
        <App />
      </PageActor.Provider>
    </StrictMode>,
  );
}

void boot(createRoot(document.getElementById('root')!));
