/**
 * The two pieces of react-i18next the page uses, over i18next directly (smaller first paint): re-renders on a
 * language change or namespace load, suspends until its namespace has loaded.
 */
import i18next, { type FlatNamespace, type i18n, type TFunction } from 'i18next';
import { createContext, createElement, use, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';

const I18nContext = createContext<i18n>(i18next);

/** Gives the components below it this instance instead of the global one (tests). */
export function I18nextProvider({ i18n, children }: { i18n: i18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

interface Store {
  version: number;
  listeners: Set<() => void>;
  loading: Map<string, Promise<void>>;
}

const stores = new WeakMap<i18n, Store>();

function storeOf(instance: i18n): Store {
  let store = stores.get(instance);
  if (!store) {
    const created: Store = { version: 0, listeners: new Set(), loading: new Map() };
    const bump = () => {
      created.version += 1;
      for (const listener of created.listeners) listener();
    };
    instance.on('languageChanged', bump);
    instance.on('loaded', bump);
    stores.set(instance, created);
    store = created;
  }
  return store;
}

// The same promise for every render that waits on a namespace, as `use` requires.
function loadingOf(instance: i18n, store: Store, ns: string): Promise<void> {
  const key = `${instance.language}|${ns}`;
  let promise = store.loading.get(key);
  if (!promise) {
    promise = instance.loadNamespaces(ns);
    store.loading.set(key, promise);
  }
  return promise;
}

/** `t` for a namespace and the instance, like react-i18next's hook. */
export function useTranslation<Ns extends FlatNamespace | undefined = undefined>(
  ns?: Ns,
): { t: TFunction<Ns extends FlatNamespace ? Ns : 'translation'>; i18n: i18n; ready: boolean } {
  const instance = useContext(I18nContext);
  const store = storeOf(instance);
  const getVersion = () => store.version;
  const version = useSyncExternalStore(
    (onChange) => {
      store.listeners.add(onChange);
      return () => store.listeners.delete(onChange);
    },
    getVersion,
    getVersion,
  );
  const name = ns ?? 'translation';
  // A retried render that suspended must call use() again, with the same (settled) promise.
  const waited = store.loading.get(`${instance.language}|${name}`);
  if (waited) use(waited);
  else if (instance.isInitialized && !instance.hasLoadedNamespace(name)) use(loadingOf(instance, store, name));
  // A new `t` after each change, so memoised children re-render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the store's change signal, read by no code here
  const t = useMemo(() => instance.getFixedT(null, name), [instance, name, version]);
  return { t: t as never, i18n: instance, ready: true };
}
