/** The page's one polite live region (data-testid announcer); its words come from announce() (store.ts). */
import { useSyncExternalStore } from 'react';
import { currentAnnouncement, subscribeAnnouncements } from './store.ts';

const nothingOnServer = () => '';

/** The region, visually hidden; rendered from the first screen on, so screen readers know it before it speaks. */
export function LiveRegion() {
  const text = useSyncExternalStore(subscribeAnnouncements, currentAnnouncement, nothingOnServer);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {text}
    </div>
  );
}
