/** The live region's text as a store; a channel's announcement replaces the one waiting, so a burst is said once. */

type Listener = () => void;

let text = '';
let said = '';
const listeners = new Set<Listener>();
const waiting = new Map<string, ReturnType<typeof setTimeout>>();

function publish(message: string): void {
  // Toggle a trailing no-break space on a repeat: an unchanged region is not spoken again.
  text = message === said && !text.endsWith('\u00a0') ? `${message}\u00a0` : message;
  said = message;
  for (const listener of listeners) listener();
}

/** Says `message`; with a channel and delay, only a burst's last message is said. */
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

/** Drops what is waiting on a channel, or on every channel. */
export function cancelAnnouncement(channel?: string): void {
  for (const name of channel === undefined ? [...waiting.keys()] : [channel]) {
    clearTimeout(waiting.get(name));
    waiting.delete(name);
  }
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
