/**
 * i18next for the page, in the site's language. Each language's strings are a small chunk loaded at boot (only
 * the one in use). Other features add a namespace as src/i18n/{ns}.{lang}.json (the provably-fair UI ships `fair`).
 */
import i18next, { type i18n } from 'i18next';
import type en from './en.json';
import type auditEn from './audit.en.json';
import type fairEn from './fair.en.json';
import { loadMessages } from './messages.ts';

/** The page's own strings, the shape both languages share (typed keys). */
export type Messages = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; fair: typeof fairEn; audit: typeof auditEn };
  }
}

/** An i18next backend reading the bundled JSON chunks (lazy: only the site's language, a namespace on first use). */
const chunkBackend = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data?: Record<string, unknown>) => void) {
    loadMessages(lang, ns).then(
      (data) => done(null, data),
      (err) => done(err),
    );
  },
};

/** Initialises i18next in the given language; returns the instance React reads through useTranslation.ts. */
export async function initI18n(lang: 'en' | 'ru'): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next.use(chunkBackend).init({
      lng: lang,
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== lang) {
    await i18next.changeLanguage(lang);
  }
  return i18next;
}
