/**
 * The page's one polite live region, as a tiny store: whatever a sighted player sees change is said here in words
 * (the game's start and outcome, the chance, page turns). Announcements on a channel replace the one still waiting
 * on it, so a burst (a counter, typing in a search) is said once, when it settles.
 */

type Listener = () => void;

let text = '';
let said = '';
const listeners = new Set<Listener>();
const waiting = new Map<string, ReturnType<typeof setTimeout>>();

function publish(message: string): void {
  // A repeat of the same words gains or loses a trailing no-break space: an unchanged region is not spoken again.
  text = message === said && !text.endsWith('\u00a0') ? `${message}\u00a0` : message;
  said = message;
  for (const listener of listeners) listener();
}

/** Says `message` politely; with a channel and a delay, only the last message of a burst on that channel is said. */
export function announce(message: string, options: { channel?: string; delayMs?: number } = {}): void {
  const { channel, delayMs = 0 } = options;
  if (channel) {
    clearTimeout(waiting.get(channel));
    waiting.delete(channel);
  }
  if (!channel || delayMs <= 0) {
    publish(message);
    return;
  }
  waiting.set(
    channel,
    setTimeout(() => {
      waiting.delete(channel);
      publish(message);
    }, delayMs),
  );
}

/** Drops what is waiting on a channel (a newer event made it stale). */
export function cancelAnnouncement(channel: string): void {
  clearTimeout(waiting.get(channel));
  waiting.delete(channel);
}

/** Subscribes to the region's text (useSyncExternalStore). */
export function subscribeAnnouncements(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The region's current text. */
export function currentAnnouncement(): string {
  return text;
}
