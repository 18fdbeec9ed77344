/** Each CS2 weapon's silhouette and market value against others of its quality; unknown weapons get factor 1. */

/** Silhouette family a weapon is drawn as. */
export type WeaponCategory = 'rifle' | 'sniper' | 'pistol' | 'smg' | 'heavy' | 'knife' | 'glove';

/** Per weapon: [category, price factor]. */
export const CS_WEAPONS: Readonly<Record<string, readonly [WeaponCategory, number]>> = {
  'AK-47': ['rifle', 1.9], 'M4A4': ['rifle', 1.4], 'M4A1-S': ['rifle', 1.5], 'AUG': ['rifle', 0.8],
  'SG 553': ['rifle', 0.7], 'FAMAS': ['rifle', 0.8], 'Galil AR': ['rifle', 0.8],
  'AWP': ['sniper', 2.1], 'SSG 08': ['sniper', 0.9], 'SCAR-20': ['sniper', 0.6], 'G3SG1': ['sniper', 0.6],
  'Desert Eagle': ['pistol', 1.3], 'USP-S': ['pistol', 1.3], 'Glock-18': ['pistol', 1.2], 'P2000': ['pistol', 0.8],
  'P250': ['pistol', 0.8], 'Five-SeveN': ['pistol', 0.8], 'Tec-9': ['pistol', 0.7], 'CZ75-Auto': ['pistol', 0.7],
  'Dual Berettas': ['pistol', 0.7], 'R8 Revolver': ['pistol', 0.6], 'Zeus x27': ['pistol', 0.9],
  'MAC-10': ['smg', 0.8], 'MP9': ['smg', 0.8], 'MP7': ['smg', 0.7], 'MP5-SD': ['smg', 0.7], 'UMP-45': ['smg', 0.7],
  'P90': ['smg', 0.9], 'PP-Bizon': ['smg', 0.6],
  'Nova': ['heavy', 0.6], 'XM1014': ['heavy', 0.7], 'Sawed-Off': ['heavy', 0.6], 'MAG-7': ['heavy', 0.6],
  'M249': ['heavy', 0.6], 'Negev': ['heavy', 0.6],
  'Karambit': ['knife', 2.0], 'Butterfly Knife': ['knife', 2.0], 'M9 Bayonet': ['knife', 1.7], 'Talon Knife': ['knife', 1.5],
  'Skeleton Knife': ['knife', 1.6], 'Bayonet': ['knife', 1.3], 'Stiletto Knife': ['knife', 1.2], 'Classic Knife': ['knife', 1.1],
  'Flip Knife': ['knife', 1.0], 'Kukri Knife': ['knife', 1.0], 'Nomad Knife': ['knife', 0.9], 'Huntsman Knife': ['knife', 0.8],
  'Ursus Knife': ['knife', 0.8], 'Paracord Knife': ['knife', 0.7], 'Survival Knife': ['knife', 0.6],
  'Falchion Knife': ['knife', 0.6], 'Bowie Knife': ['knife', 0.6], 'Shadow Daggers': ['knife', 0.5],
  'Gut Knife': ['knife', 0.5], 'Navaja Knife': ['knife', 0.45],
  'Sport Gloves': ['glove', 2.0], 'Specialist Gloves': ['glove', 1.4], 'Moto Gloves': ['glove', 1.1],
  'Driver Gloves': ['glove', 0.9], 'Hand Wraps': ['glove', 0.9], 'Broken Fang Gloves': ['glove', 0.7],
  'Bloodhound Gloves': ['glove', 0.7], 'Hydra Gloves': ['glove', 0.6],
};

/** Exteriors best first: float range [min, max) and price factor against Field-Tested. */
export const EXTERIORS = [
  { name: 'Factory New', min: 0, max: 0.07, factor: 2.0 },
  { name: 'Minimal Wear', min: 0.07, max: 0.15, factor: 1.35 },
  { name: 'Field-Tested', min: 0.15, max: 0.38, factor: 1.0 },
  { name: 'Well-Worn', min: 0.38, max: 0.45, factor: 0.82 },
  { name: 'Battle-Scarred', min: 0.45, max: 1, factor: 0.68 },
] as const;

/** A median skin's Field-Tested USD price per quality, and its log-uniform spread. */
export const CS_QUALITY_PRICES: Readonly<Record<string, { usd: number; sigma: number }>> = {
  consumer_grade: { usd: 0.06, sigma: 0.9 },
  industrial_grade: { usd: 0.12, sigma: 0.9 },
  mil_spec: { usd: 0.3, sigma: 1.0 },
  restricted: { usd: 1.6, sigma: 1.0 },
  classified: { usd: 7, sigma: 1.0 },
  covert: { usd: 35, sigma: 1.0 },
  special: { usd: 260, sigma: 0.8 },
  extraordinary: { usd: 220, sigma: 0.8 },
  contraband: { usd: 900, sigma: 0 },
};

/** Finishes priced far from their grade; without it a hash could make a Safari Mesh Karambit the dearest item. */
export const CS_FINISH_FACTORS: Readonly<Record<string, number>> = {
  'Dragon Lore': 6, 'Gungnir': 5, 'Medusa': 4, 'Wild Lotus': 4, 'The Prince': 3, 'Fire Serpent': 3, 'Howl': 1.5,
  'Fade': 2.5, 'Gamma Doppler': 2.4, 'Marble Fade': 2.3, 'Doppler': 2.2, 'Emerald': 2.5, 'Pandora\'s Box': 2.5,
  'Hedge Maze': 2.2, 'Blaze': 2.2, 'Crimson Kimono': 2, 'Crimson Web': 2, 'Lore': 2, 'Vice': 2,
  'Case Hardened': 1.8, 'Tiger Tooth': 1.8, 'Asiimov': 1.8, 'Printstream': 1.8, 'Slaughter': 1.7, 'Autotronic': 1.6,
  'Vulcan': 1.6, 'Kill Confirmed': 1.5, 'Neo-Noir': 1.5, 'Hot Rod': 1.5, 'Hyper Beast': 1.4, 'Redline': 1.3,
  'Safari Mesh': 0.45, 'Urban Masked': 0.5, 'Boreal Forest': 0.5, 'Forest DDPAT': 0.5, 'Scorched': 0.5,
  'Night Stripe': 0.55, 'Stained': 0.6, 'Rust Coat': 0.6, 'Sand Dune': 0.6, 'Groundwater': 0.7, 'Bright Water': 0.7,
  'Blue Steel': 0.8, 'Damascus Steel': 0.8,
};
