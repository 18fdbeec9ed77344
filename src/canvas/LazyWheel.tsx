/** The SVG wheel at once, the Pixi wheel once idle, never swapped mid-spin (docs/decisions/lazy-wheel.md). */
import { Component, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { afterInputQuiet, immediately, type Schedule } from './inputQuiet.ts';
import { SvgWheel } from './SvgWheel.tsx';
import type { WheelProps } from './wheelTypes.ts';

/** Loads the Pixi wheel module (a stub in tests). */
export type WheelLoader = () => Promise<{ default: ComponentType<WheelProps> }>;

/** Falls back to the SVG wheel if the lazy wheel throws (chunk 404, offline, renderer crash). */
class WheelBoundary extends Component<
  { fallback: ReactNode; onError: () => void; children: ReactNode },
  { failed: boolean }
> {
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

/** Player idle time before the Pixi wheel starts: its start-up holds the main thread. */
export const QUIET_MS = 1000;

/** A lazy wheel whose loader runs once, when a wheel first has something to show and `schedule` allows. */
export function createLazyWheel(load: WheelLoader, schedule: Schedule = immediately): ComponentType<WheelProps> {
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
    // Set while the SVG wheel runs a spin or holds its result; written during render, which depends on it.
    const placeholderOwnsGame = useRef(false);
    const needed = props.chance > 0 || props.phase !== 'idle';

    useEffect(() => {
      if (ready || !needed) return undefined;
      let live = true;
      const cancel = schedule(() => {
        start().then(
          () => live && setReady(true),
          () => live && setFailed(true),
        );
      });
      return () => {
        live = false;
        cancel();
      };
    }, [ready, needed]);

    const usePixi = ready && !failed;
    if (props.phase === 'idle') placeholderOwnsGame.current = false;
    else if (!usePixi) placeholderOwnsGame.current = true;

    const placeholder = <SvgWheel {...props} />;
    if (!usePixi || placeholderOwnsGame.current) return placeholder;
    return (
      <WheelBoundary fallback={placeholder} onError={() => setFailed(true)}>
        <Suspense fallback={placeholder}>
          {/* A new size draws a new Pixi wheel: resizing the live canvas left the old drawing off its centre. */}
          <Pixi key={props.size} {...props} />
        </Suspense>
      </WheelBoundary>
    );
  };
}

/** Whether Pixi can get a WebGL context, the only renderer the build bundles. */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** The wheel the page mounts; without WebGL the Pixi chunk is never fetched. */
export const LazyWheel = createLazyWheel(
  () => (webglAvailable() ? import('./PixiWheel.tsx') : Promise.reject(new Error('no WebGL: the SVG wheel stays'))),
  afterInputQuiet(QUIET_MS),
);
