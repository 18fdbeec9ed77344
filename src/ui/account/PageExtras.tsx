/** What every route ends with: the footer, and the reality check while a player is signed in. */
import type { PlaySafeDto } from '../../api/contract.ts';
import type { SessionTally } from '../../machines/context.ts';
import { createFormatters } from '../../site/format.ts';
import type { SiteVariant } from '../../site/variant.ts';
import { Footer } from './Footer.tsx';
import { RealityCheckRun } from './RealityCheckRun.tsx';

/** `playSafe`: the signed-in player's settings (the reality check's interval), undefined when signed out. */
export function PageExtras({
  playSafe,
  playing,
  session,
  site,
}: {
  playSafe: PlaySafeDto | undefined;
  playing: boolean;
  session: SessionTally;
  site: SiteVariant;
}) {
  return (
    <>
      <Footer />
      {playSafe && (
        <RealityCheckRun
          minutes={playSafe.reality_check_minutes}
          playing={playing}
          session={session}
          fmt={createFormatters(site)}
        />
      )}
    </>
  );
}
