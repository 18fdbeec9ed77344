/** The Pixi application: four sprites the wheel fills with baked textures. */
// The CSP has no 'unsafe-eval': Pixi must take its eval-free shader path.
import 'pixi.js/unsafe-eval';
import { Application, extend } from '@pixi/react';
import { Container, Sprite, type Application as PixiApp } from 'pixi.js';
import { memo, useLayoutEffect } from 'react';

extend({ Container, Sprite });

/** The layers baked into textures, in stage order; the arrow is a DOM layer above. */
export const BAKED_LAYERS = ['body', 'glow', 'arc', 'texts'] as const;
/** One of BAKED_LAYERS. */
export type BakedLayer = (typeof BAKED_LAYERS)[number];

/** Inside the Pixi tree, so its effect runs after each of that tree's commits, when the sprites exist. */
function AfterCommit({ run }: { run: () => void }) {
  useLayoutEffect(() => {
    run();
  });
  return null;
}

interface StageProps {
  size: number;
  resolution: number;
  centre: number;
  onInit: (app: PixiApp) => void;
  onLayer: (layer: BakedLayer, sprite: Sprite | null) => void;
  afterCommit: () => void;
}

/** Memoised: @pixi/react re-renders its whole tree on every render of <Application>. */
export const Stage = memo(function Stage({ size, resolution, centre, onInit, onLayer, afterCommit }: StageProps) {
  return (
    <Application
      width={size}
      height={size}
      backgroundAlpha={0}
      antialias={false}
      resolution={resolution}
      autoDensity
      preference="webgl"
      autoStart={false}
      sharedTicker={false}
      onInit={onInit}
      className="wheel-canvas"
    >
      {/* Antialiased textures instead of MSAA, which software GL would pay per frame. */}
      <pixiContainer x={centre} y={centre}>
        {BAKED_LAYERS.map((layer) => (
          <pixiSprite key={layer} ref={(sprite: Sprite | null) => onLayer(layer, sprite)} />
        ))}
      </pixiContainer>
      <AfterCommit run={afterCommit} />
    </Application>
  );
});
