/**
 * The three site variants as the page needs them: what the server says (GET /api/site) turned into the
 * settings the statechart and the components read. One place decides what differs between cs, dota and ru.
 */
import type { SiteResponse } from '../api/contract.ts';
import { CS_QUALITIES, DOTA_RARITIES } from '../domain/constants.ts';
import { houseRulesFromWire, type HouseRules } from '../domain/rules.ts';

/** Which panel follows a game: the CS result panel (roll, roll check, sell) or the win/loss panels. */
export type ResultPanelKind = 'cs' | 'winLoss';

/** Everything variant-specific the page uses. */
export interface SiteVariant {
  site: SiteResponse['site'];
  game: SiteResponse['game'];
  lang: SiteResponse['lang'];
  currency: SiteResponse['currency'];
  /** Decimals of the shown chance: 3 on the CS site, 1 elsewhere. */
  chanceDecimals: number;
  /** Root of the main site (links to cases), without a trailing slash ('' = this origin). */
  mainSiteUrl: string;
  resultPanel: ResultPanelKind;
  /** Battle-pass mode (a Dota feature): the BP checkbox and the max-levels input on the right. */
  bpMode: boolean;
  /** The rarity filter's options, in the order the dropdown lists them. */
  rarities: readonly string[];
  /** Whether to rewrite /upgrades/{ids} to /upgrades/ after preselecting. */
  rewritePreselectUrl: boolean;
  /** The house rules the server settles games by (the page decides Play and the chance with them). */
  rules: HouseRules;
}

/** Builds the variant from the server's answer. */
export function variantFrom(site: SiteResponse): SiteVariant {
  return {
    site: site.site,
    game: site.game,
    lang: site.lang,
    currency: site.currency,
    chanceDecimals: site.chance_decimals,
    mainSiteUrl: site.main_site_url.replace(/\/+$/, ''),
    // The spec shows the roll-check panel on the non-Russian CS site only.
    resultPanel: site.site === 'cs' ? 'cs' : 'winLoss',
    bpMode: site.game === 'dota',
    rarities: site.game === 'dota' ? DOTA_RARITIES : CS_QUALITIES,
    rewritePreselectUrl: site.site === 'ru',
    rules: houseRulesFromWire(site.house_rules),
  };
}

/** The link back to the case a staked item came from, on the main site. */
export function caseLink(
  variant: Pick<SiteVariant, 'mainSiteUrl' | 'lang'>,
  casegame: { kind: 'case'; case_id: number } | { kind: 'giftcase' },
): string {
  const tail = casegame.kind === 'case' ? `open/${casegame.case_id}` : 'giftcase';
  return `${variant.mainSiteUrl}/${variant.lang}/${tail}`;
}

/** The provably-fair roll verifier address for one game. */
export function rollCheckPath(lang: string, rollId: string): string {
  return `/${lang}/provably_fair/roll_verifier/${encodeURIComponent(rollId)}`;
}

/** The site root for the 'Open cases' button. */
export function siteRoot(variant: Pick<SiteVariant, 'mainSiteUrl'>): string {
  return variant.mainSiteUrl === '' ? '/' : `${variant.mainSiteUrl}/`;
}
