/** The Pixi application and its stage: four sprites the wheel fills with baked textures (bakedLayers.ts). */
// The site's CSP has no 'unsafe-eval': Pixi's shader and uniform code generation must use its eval-free path.
import 'pixi.js/unsafe-eval';
import { Application, extend } from '@pixi/react';
import { Container, Sprite, type Application as PixiApp } from 'pixi.js';
import { memo, useLayoutEffect } from 'react';

extend({ Container, Sprite });

/** The layers drawn into textures, in stage order (the arrow is a DOM layer above the canvas). */
export const BAKED_LAYERS = ['body', 'glow', 'arc', 'texts'] as const;
/** One of BAKED_LAYERS. */
export type BakedLayer = (typeof BAKED_LAYERS)[number];

/** Inside the Pixi tree, so its layout effect runs after each commit of that tree (the sprites exist by then). */
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

/**
 * Memoised on size and resolution: @pixi/react renders its tree again through its own reconciler on every render
 * of <Application>, so the wheel changes the sprites imperatively instead.
 */
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
      {/* Plain sprites of antialiased textures: the canvas has no MSAA, which software GL would pay per frame. */}
      <pixiContainer x={centre} y={centre}>
        {BAKED_LAYERS.map((layer) => (
          <pixiSprite key={layer} ref={(sprite: Sprite | null) => onLayer(layer, sprite)} />
        ))}
      </pixiContainer>
      <AfterCommit run={afterCommit} />
    </Application>
  );
});
