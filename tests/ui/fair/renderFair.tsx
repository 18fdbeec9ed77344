/** Renders a fair component with a real i18next instance holding the 'fair' and 'audit' namespaces in en and ru. */
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import en from '../../../src/i18n/fair.en.json';
import ru from '../../../src/i18n/fair.ru.json';
import auditEn from '../../../src/i18n/audit.en.json';
import auditRu from '../../../src/i18n/audit.ru.json';
import { I18nextProvider } from '../../../src/i18n/useTranslation.ts';

/** An i18next instance as the SPA registers it: namespaces 'fair' and 'audit', language en or ru. */
export async function fairI18n(lang: 'en' | 'ru') {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: 'en',
    ns: ['fair', 'audit'],
    defaultNS: 'fair',
    resources: { en: { fair: en, audit: auditEn }, ru: { fair: ru, audit: auditRu } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** Testing Library's render inside an I18nextProvider. */
export async function renderFair(ui: ReactElement, lang: 'en' | 'ru' = 'en') {
  const i18n = await fairI18n(lang);
  return { i18n, ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>) };
}
