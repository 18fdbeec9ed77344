/** Word lists the Dota catalogue's names are composed from, reading like market listings. */

/** Hero -> the item nouns of its equipment slots. */
export const DOTA_HEROES: Readonly<Record<string, readonly string[]>> = {
  'Pudge': ['Hook', 'Cleaver', 'Belt'],
  'Juggernaut': ['Blade', 'Mask', 'Topknot'],
  'Crystal Maiden': ['Staff', 'Cape', 'Hood'],
  'Invoker': ['Bracers', 'Shoulders', 'Kid Cape'],
  'Axe': ['Axe', 'Helm', 'Armlet'],
  'Phantom Assassin': ['Daggers', 'Veil', 'Pauldrons'],
  'Sniper': ['Rifle', 'Bandolier', 'Cap'],
  'Lina': ['Headdress', 'Sleeves', 'Sash'],
  'Drow Ranger': ['Bow', 'Quiver', 'Cowl'],
  'Sven': ['Greatsword', 'Pauldron', 'Visor'],
  'Earthshaker': ['Totem', 'Bracer', 'Mane'],
  'Windranger': ['Longbow', 'Tailfeathers', 'Mantle'],
  'Anti-Mage': ['Glaives', 'Tassels', 'Armor'],
  'Shadow Fiend': ['Arms', 'Shoulder Guard', 'Head'],
  'Faceless Void': ['Mace', 'Bracers of Time', 'Cuirass'],
  'Tidehunter': ['Anchor', 'Gauntlet', 'Hood of the Deep'],
  'Mirana': ['Mount', 'Tiara', 'Quiver of the Night'],
  'Lion': ['Hand', 'Spaulders', 'Collar'],
  'Queen of Pain': ['Wings', 'Scepter', 'Circlet'],
  'Slark': ['Fin Blade', 'Gills', 'Harness'],
  'Terrorblade': ['Horns', 'Whips', 'Tail'],
  'Legion Commander': ['Standard', 'Sabre', 'Gorget'],
  'Rubick': ['Mask of Mirrors', 'Staff of Prophecy', 'Cape of Mysteries'],
  'Storm Spirit': ['Hat', 'Scarf', 'Lantern'],
  'Ember Spirit': ['Katana', 'Dragon Scarf', 'Wristguard'],
  'Templar Assassin': ['Psi Blades', 'Shawl', 'Diadem'],
  'Bristleback': ['Quills', 'Snout Guard', 'Pack'],
  'Tiny': ['Boulder', 'Ferns', 'Tree'],
  'Kunkka': ['Tidebringer', 'Tricorn', 'Greatcoat'],
  'Dragon Knight': ['Shield', 'Wyrmguard', 'Warhorn'],
  'Ogre Magi': ['Club', 'Helm of Twins', 'Loincloth'],
  'Witch Doctor': ['Cask', 'Mask of Bones', 'Loincloth of Charms'],
  'Bounty Hunter': ['Shuriken', 'Bindings', 'Bounty Hat'],
  'Necrophos': ['Scythe', 'Cowl of Plague', 'Robe'],
  'Nature\'s Prophet': ['Antlers', 'Staff of the Grove', 'Vines'],
  'Spectre': ['Radiance', 'Hood of Shadows', 'Dagger of Dusk'],
  'Zeus': ['Thunderhelm', 'Beard', 'Bolt'],
  'Monkey King': ['Jingu Staff', 'Crown', 'Armbands'],
  'Lifestealer': ['Claws', 'Chains', 'Back Spikes'],
  'Venomancer': ['Tail Spines', 'Fangs', 'Hood of Venom'],
  'Riki': ['Tail', 'Dagger', 'Smoke Pouch'],
  'Morphling': ['Tendrils', 'Water Crown', 'Shoulder Shell'],
  'Tusk': ['Walrus Pipe', 'Fur Hood', 'Snowball'],
  'Huskar': ['Spear', 'Dreadlocks', 'Torch'],
  'Dazzle': ['Shadow Wave', 'Totem Headdress', 'Robes'],
};

/** Set themes, combined with the slot nouns. */
export const DOTA_THEMES: readonly string[] = [
  'Dragonclaw', 'Bloodfeather', 'Frostwyrm', 'Emberclad', 'Stormcaller', 'Voidwalker', 'Sunforged', 'Moonshard',
  'Ironbark', 'Shadowfang', 'Thunderhide', 'Ashen', 'Runebound', 'Starfall', 'Tidebreaker', 'Wyrmscale',
  'Bonecarver', 'Duskborne', 'Gloomveil', 'Celestial', 'Feral', 'Molten', 'Glacial', 'Iceforged', 'Nightsilver',
  'Obsidian', 'Radiant', 'Sandstorm', 'Soulkeeper', 'Warbringer', 'Wildwing', 'Ghostveil', 'Hellborn', 'Jadefang',
  'Crimson', 'Golden',
];

/** Steam quality prefixes with their share of items and price factor ('' = plain). */
export const DOTA_PREFIXES: readonly { prefix: string; share: number; factor: number }[] = [
  { prefix: 'Inscribed ', share: 0.12, factor: 1.2 },
  { prefix: 'Genuine ', share: 0.05, factor: 1.5 },
  { prefix: 'Autographed ', share: 0.05, factor: 1.8 },
  { prefix: 'Heroic ', share: 0.03, factor: 1.3 },
  { prefix: 'Frozen ', share: 0.03, factor: 1.6 },
  { prefix: 'Exalted ', share: 0.02, factor: 2.5 },
];

/** Prefix of the locked variants: corrupted items cannot be traded. */
export const DOTA_LOCKED_PREFIX = 'Corrupted ';

/** Hand-named arcanas: unlike sets they carry a name of their own. */
export const DOTA_ARCANAS: readonly string[] = [
  'Fiery Soul of the Sunken Pyre', 'Blades of the Thousand Cuts', 'Demon Eater of the Abyss', 'Manifold Ascension',
  'Tempest Crown of the Thundergod', 'Feast of the Hollow King', 'Frost Cascade', 'Wings of the Cerulean Dawn',
  'Great Sage\'s Descent', 'Fractal Horns of the Outer Rift', 'Compass of the Rising Tide', 'Eminence of the Iron Throne',
  'Flockheart\'s Wager', 'Planetfall Unbound', 'Swine of the Drowned Galley', 'Benevolent Vigil',
];

/** Rarity shares of set items, rarest last. */
export const DOTA_RARITY_SHARES: readonly [string, number][] = [
  ['Common', 0.28], ['Uncommon', 0.26], ['Rare', 0.22], ['Mythical', 0.15], ['Immortal', 0.05], ['Legendary', 0.04],
];

/** Median USD price and log-spread per rarity. */
export const DOTA_RARITY_PRICES: Readonly<Record<string, { usd: number; sigma: number }>> = {
  Common: { usd: 0.04, sigma: 0.6 },
  Uncommon: { usd: 0.1, sigma: 0.7 },
  Rare: { usd: 0.3, sigma: 0.8 },
  Mythical: { usd: 1.1, sigma: 0.9 },
  Immortal: { usd: 5.5, sigma: 1.0 },
  Legendary: { usd: 16, sigma: 0.8 },
  Arcana: { usd: 32, sigma: 0.5 },
};
