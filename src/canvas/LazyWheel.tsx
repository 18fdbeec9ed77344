/**
 * The only wheel module the page imports statically. It shows the SVG placeholder at once, starts loading the
 * Pixi wheel chunk (Pixi + @pixi/react + GSAP, ~220 KB gz) on mount, and swaps to it once it has arrived, but
 * never in the middle of a spin the placeholder is running: that would restart the spin or report it twice.
 * If the chunk fails to load, the placeholder simply stays and keeps playing.
 */
import { Component, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { SvgWheel } from './SvgWheel.tsx';
import type { WheelProps } from './wheelTypes.ts';

/** A loader of the Pixi wheel module (dynamic import in the product; a stub in tests). */
export type WheelLoader = () => Promise<{ default: ComponentType<WheelProps> }>;

/** Falls back to the placeholder if the lazy wheel throws (chunk 404, offline, renderer crash). */
class WheelBoundary extends Component<{ fallback: ReactNode; onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError();
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Builds a lazy wheel around `load`; the loader runs once per factory, however many wheels mount. */
export function createLazyWheel(load: WheelLoader): ComponentType<WheelProps> {
  let loaded = false;
  let pending: ReturnType<WheelLoader> | null = null;
  const start = () => {
    pending ??= load().then((module) => {
      loaded = true;
      return module;
    });
    return pending;
  };
  const Pixi = lazy(start);

  return function LazyWheel(props: WheelProps) {
    const [ready, setReady] = useState(loaded);
    const [failed, setFailed] = useState(false);
    // Set while the placeholder runs a spin (or holds its result); cleared at 'idle'. Written during render on
    // purpose: the choice of renderer for this very render depends on it, and the writes are idempotent.
    const placeholderOwnsGame = useRef(false);

    useEffect(() => {
      if (ready) return undefined;
      let live = true;
      start().then(
        () => live && setReady(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [ready]);

    const usePixi = ready && !failed;
    if (props.phase === 'idle') placeholderOwnsGame.current = false;
    else if (!usePixi) placeholderOwnsGame.current = true;

    const placeholder = <SvgWheel {...props} />;
    if (!usePixi || placeholderOwnsGame.current) return placeholder;
    return (
      <WheelBoundary fallback={placeholder} onError={() => setFailed(true)}>
        <Suspense fallback={placeholder}>
          <Pixi {...props} />
        </Suspense>
      </WheelBoundary>
    );
  };
}

/** Whether this browser can give Pixi a WebGL context (the only renderer the production build bundles). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The wheel the page mounts: placeholder first, Pixi once its chunk has loaded. Same props as PixiWheel. Without
 * WebGL the Pixi chunk is never fetched and the SVG wheel, which plays every game just as well, stays.
 */
export const LazyWheel = createLazyWheel(() =>
  webglAvailable() ? import('./PixiWheel.tsx') : Promise.reject(new Error('no WebGL: the SVG wheel stays')),
);
