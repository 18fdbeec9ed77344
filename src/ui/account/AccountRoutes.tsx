/** The account pages' chunk: loaded on first visit, never part of the upgrades page's first script. */
export { SettingsPage } from './SettingsPage.tsx';
export { StatsPage } from './StatsPage.tsx';
export { ResponsiblePage } from './ResponsiblePage.tsx';
