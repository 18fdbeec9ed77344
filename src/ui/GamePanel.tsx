/** The centre: the wheel (the hero), the counters, the multiplier bar, play, and the result panel after a game. */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { FairSeedsSlot } from './FairSlots.tsx';
import { MultiplierBar } from './MultiplierBar.tsx';
import { PageActor } from './pageActor.ts';
import { PlayControls } from './PlayControls.tsx';
import { StakeSummary } from './StakeSummary.tsx';
import { WheelSlot } from './WheelSlot.tsx';

// The result panels are not needed for first paint. Once their chunk is in, the panel renders without suspending:
// a lazy component's first render suspends even when its chunk has loaded, and React reveals a Suspense boundary's
// content up to 300 ms late, which put the first game's panel about 0.9 s after the landing instead of 0.5 s.
let LoadedPanel: ComponentType | null = null;
const loadResult = () =>
  import('./ResultPanel.tsx').then((m) => {
    LoadedPanel = m.ResultPanel;
    return { default: m.ResultPanel };
  });
const LazyResultPanel = lazy(loadResult);

/**
 * The result panel's place: the only part of the column that follows the game's state, so starting a game or
 * showing its result re-renders this slot and not the wheel, the counters and the controls beside it. The
 * panel's chunk is fetched when a game starts, long before the spin ends.
 */
function ResultSlot() {
  const playing = PageActor.useSelector((s) => s.matches('playing'));
  const showResult = PageActor.useSelector((s) => s.matches('result'));
  useEffect(() => {
    if (playing) void loadResult();
  }, [playing]);
  if (!showResult) return null;
  if (LoadedPanel) return <LoadedPanel />;
  return (
    <Suspense fallback={null}>
      <LazyResultPanel />
    </Suspense>
  );
}

/** The game column. */
export function GamePanel() {
  return (
    <section className="game" aria-label="Upgrade">
      <div className="game__wheel">
        <WheelSlot />
      </div>
      <ResultSlot />
      <StakeSummary />
      <MultiplierBar />
      <PlayControls />
      <FairSeedsSlot />
    </section>
  );
}
