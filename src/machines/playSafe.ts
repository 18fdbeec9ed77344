/** The player's exclusion as the page reads it from the loaded user, judged by the settlement's own rule. */
import type { UserDto } from '../api/contract.ts';
import { isExcluded } from '../domain/playSafe.ts';

/** Why the player may not play now: until when (epoch ms), or for good (until null); null when they may. */
export interface Exclusion {
  until: number | null;
}

/** The player's exclusion at `now` (src/domain/playSafe.ts), or null when none holds. */
export function exclusionOf(user: Pick<UserDto, 'play_safe'> | null, now: number): Exclusion | null {
  const ps = user?.play_safe;
  if (!ps) return null;
  const coolOffUntil = ps.cool_off_until === null ? null : Date.parse(ps.cool_off_until);
  if (!isExcluded({ coolOffUntil, permanent: ps.permanent, limits: [] }, now)) return null;
  return { until: ps.permanent ? null : coolOffUntil };
}
