/** The variant's number formatters, built once per variant. */
import { useMemo } from 'react';
import { createFormatters, type Formatters } from '../site/format.ts';
import { PageActor } from './pageActor.ts';

/** Formatters for the current site variant. */
export function useFormat(): Formatters {
  const site = PageActor.useSelector((s) => s.context.site);
  return useMemo(() => createFormatters(site), [site]);
}
