/** The one place that decides what differs between the cs, dota and ru sites. */
import type { SiteResponse } from '../api/contract.ts';
import { CS_QUALITIES, DOTA_RARITIES } from '../domain/constants.ts';
import { houseRulesFromWire, type HouseRules } from '../domain/rules.ts';

/** The panel after a game: CS's (roll, roll check, sell) or win/loss. */
export type ResultPanelKind = 'cs' | 'winLoss';

/** Everything variant-specific the page uses. */
export interface SiteVariant {
  site: SiteResponse['site'];
  game: SiteResponse['game'];
  lang: SiteResponse['lang'];
  currency: SiteResponse['currency'];
  chanceDecimals: number;
  /** Without a trailing slash; '' is this origin. */
  mainSiteUrl: string;
  resultPanel: ResultPanelKind;
  /** Dota's battle-pass filter on the right. */
  bpMode: boolean;
  /** The rarity filter's options, in dropdown order. */
  rarities: readonly string[];
  /** Whether to rewrite /upgrades/{ids} to /upgrades/ after preselecting. */
  rewritePreselectUrl: boolean;
  /** The rules the server settles by; the page decides Play and the chance with them. */
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

/** The main site's page of the case a staked item came from. */
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
