/** The page's one polite live region; its words come from announce(). */
import { useSyncExternalStore } from 'react';
import { currentAnnouncement, subscribeAnnouncements } from './store.ts';

const nothingOnServer = () => '';

/** Rendered from the first screen on, so screen readers know the region before it speaks. */
export function LiveRegion() {
  const text = useSyncExternalStore(subscribeAnnouncements, currentAnnouncement, nothingOnServer);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {text}
    </div>
  );
}
