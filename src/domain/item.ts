import { LOCKED_TYPE_PRIZE } from './constants.ts';

/** An item as both lists show it: the player's inventory item (left) or a catalogue target (right). */
export interface Item {
  id: number;
  name: string;
  /** Price in major units, as the API answers it. */
  price: number;
  image: string;
  /** Rarity: a CS quality name or a Dota rarity. */
  type: string;
  type_prize: number;
}

/** Whether the item may be staked (type_prize 13 never may). */
export function isUsable(item: Pick<Item, 'type_prize'>): boolean {
  return item.type_prize !== LOCKED_TYPE_PRIZE;
}

/** The CS name split for a two-line cell: 'AK-47 | Redline (Field-Tested)' -> ['AK-47', 'Redline (Field-Tested)']. */
export function splitName(name: string): [string, string] {
  const at = name.indexOf(' | ');
  return at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 3)];
}
