/** The centre: the wheel (the hero), the counters, the multiplier bar, play, and the result panel after a game. */
import { lazy, Suspense, useEffect } from 'react';
import { FairSeedsSlot } from './FairSlots.tsx';
import { MultiplierBar } from './MultiplierBar.tsx';
import { PageActor } from './pageActor.ts';
import { PlayControls } from './PlayControls.tsx';
import { StakeSummary } from './StakeSummary.tsx';
import { WheelSlot } from './WheelSlot.tsx';

// The result panels are not needed for first paint: their chunk is fetched when a game starts, long before
// the 5 s spin ends.
const loadResult = () => import('./ResultPanel.tsx').then((m) => ({ default: m.ResultPanel }));
const ResultPanel = lazy(loadResult);

/** The game column. */
export function GamePanel() {
  const playing = PageActor.useSelector((s) => s.matches('playing'));
  const showResult = PageActor.useSelector((s) => s.matches('result'));
  useEffect(() => {
    if (playing) void loadResult();
  }, [playing]);
  return (
    <section className="game" aria-label="Upgrade">
      <div className="game__wheel">
        <WheelSlot />
      </div>
      {showResult && (
        <Suspense fallback={null}>
          <ResultPanel />
        </Suspense>
      )}
      <StakeSummary />
      <MultiplierBar />
      <PlayControls />
      <FairSeedsSlot />
    </section>
  );
}
