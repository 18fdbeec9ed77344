/**
 * Imported first by main.tsx, for its side effect: the page's data calls and its language's strings leave before
 * React, XState and i18next evaluate (a few hundred milliseconds at CPU 4x), not after.
 */
import { startPageLoad } from './api/pageLoad.ts';
import { loadMessages } from './i18n/messages.ts';
import { siteFromDocument } from './site/fromDocument.ts';

startPageLoad();
const site = siteFromDocument();
if (site) void loadMessages(site.lang, 'translation').catch(() => {});
