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

/** Where the server serves the generated picture of catalogue item `id` (server/catalogue/image.ts). */
export function generatedPicture(id: number): string {
  return `/app/public/items/${id}.svg`;
}

const GENERATED_PICTURE = /^\/app\/public\/items\/(\d{1,10})\.svg$/;

/**
 * The picture an item cell shows: for a generated picture, its variant without lettering (a cell shows the picture
 * at 96 x 72, where the picture's 15 px name line is 6 px high and unreadable, and the cell prints the name below
 * it anyway; every SVG text run also costs the page's main thread font matching and shaping while the player
 * types); any other picture (IMAGE_BASE_URL) as it is.
 */
export function cellPicture(image: string): string {
  const generated = GENERATED_PICTURE.exec(image);
  return generated ? `/app/public/items/${generated[1]}.cell.svg` : image;
}
