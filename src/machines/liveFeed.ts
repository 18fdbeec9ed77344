/**
 * The live feed as an actor of the page: it opens GET /api/live and sends its events to the page statechart, and
 * saves the player's feed setting (whether their name is hidden) when told to.
 */
import { fromCallback, type EventObject } from 'xstate';
import { openLive, saveHideName } from '../api/live.ts';
import type { PageEvent } from './events.ts';

/** Tells the feed to reconnect (the player signed in or out: the server learns who listens at connect). */
export const LIVE_RECONNECT = { type: 'live.reconnect' } as const;

/** Saves the name setting: `{ type: LIVE_HIDE_NAME, hide }`; answered by live.hideNameSaved or live.hideNameFailed. */
export const LIVE_HIDE_NAME = 'live.saveHideName';

/** Opens the feed; `live.reconnect` opens it again; the cleanup closes it. */
export const liveFeed = fromCallback<EventObject>(({ sendBack, receive }) => {
  const connect = () =>
    openLive({
      game: (game) => sendBack({ type: 'live.game', game } satisfies PageEvent),
      me: (me) => sendBack({ type: 'live.me', me } satisfies PageEvent),
    });
  let close = connect();
  receive((event) => {
    if (event.type === LIVE_HIDE_NAME) {
      saveHideName((event as EventObject & { hide: boolean }).hide).then(
        (hide) => sendBack({ type: 'live.hideNameSaved', hide } satisfies PageEvent),
        (error: unknown) => sendBack({ type: 'live.hideNameFailed', error } satisfies PageEvent),
      );
    } else if (event.type === LIVE_RECONNECT.type) {
      close();
      close = connect();
    }
  });
  return () => close();
});
