/**
 * The strings of one language and namespace, as lazy chunks (src/i18n/{lang}.json, {ns}.{lang}.json): only the
 * site's language is fetched. One promise per file, so src/earlyLoad.ts can start the page's strings at boot and
 * i18next's backend picks up the same request.
 */
type Json = { default: Record<string, unknown> };

const files = import.meta.glob<Json>('./*.json');
const loading = new Map<string, Promise<Record<string, unknown>>>();

/** The strings of `ns` in `lang` ({} when there is no such file). */
export function loadMessages(lang: string, ns: string): Promise<Record<string, unknown>> {
  const file = ns === 'translation' ? `./${lang}.json` : `./${ns}.${lang}.json`;
  let promise = loading.get(file);
  if (!promise) {
    const load = files[file];
    promise = load ? load().then((m) => m.default) : Promise.resolve({});
    // A failed chunk may be asked for again (a retry), not remembered.
    promise.catch(() => loading.delete(file));
    loading.set(file, promise);
  }
  return promise;
}
