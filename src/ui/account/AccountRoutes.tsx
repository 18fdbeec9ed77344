/** The account pages' chunk: loaded on first visit or need, never part of the upgrades page's first script. */
import { ResponsiblePage } from './ResponsiblePage.tsx';
import { SettingsPage, type AccountProps } from './SettingsPage.tsx';
import { StatsPage } from './StatsPage.tsx';

export { ExcludedNote } from './ExcludedNote.tsx';
export { PageExtras } from './PageExtras.tsx';

/** The page of a kind. */
export function AccountPages({ kind, ...props }: AccountProps & { kind: 'settings' | 'stats' | 'responsible' }) {
  if (kind === 'settings') return <SettingsPage {...props} />;
  if (kind === 'stats') return <StatsPage {...props} />;
  return <ResponsiblePage />;
}
