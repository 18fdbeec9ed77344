// Wiring only: real Pixi cannot run in jsdom (no WebGL), so @pixi/react and GSAP are stand-ins that record what
// the wheel asks of them. Real rendering is checked in Chromium (docs/wheel.md).
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planSpin, runningRollText } from '../../../src/canvas/spinPlan.ts';
import { spinTickTimes } from '../../../src/canvas/spinTicks.ts';
import { rollAngle } from '../../../src/domain/wheel.ts';
import type { WheelProps } from '../../../src/canvas/wheelTypes.ts';

interface FakeTween {
  target: { angle: number };
  vars: { angle: number; duration: number; ease: string; onUpdate?: () => void; onComplete?: () => void };
  kill: ReturnType<typeof vi.fn>;
  isActive: () => boolean;
}
const tweens: FakeTween[] = [];

vi.mock('gsap/gsap-core', () => {
  const timeline = () => {
    const tl = { fromTo: () => tl, to: () => tl, kill: vi.fn() };
    return tl;
  };
  const to = (target: FakeTween['target'], vars: FakeTween['vars']) => {
    const tween: FakeTween = { target, vars, kill: vi.fn(), isActive: () => true };
    tweens.push(tween);
    return tween;
  };
  return { gsap: { to, timeline } };
});

// Pixi classes are only handed to extend(); importing the real package in jsdom would probe a canvas context.
vi.mock('pixi.js', () => ({
  Container: class {},
  Graphics: class {},
  Text: class {},
  TextStyle: class {
    constructor(readonly options: unknown) {}
  },
  Sprite: class {},
  Rectangle: class {},
  Texture: { EMPTY: {} },
  Ticker: { system: { autoStart: true, stop: () => undefined, update: () => undefined } },
}));

// The Pixi application the wheel gets: it counts the renders the wheel asks for (Pixi's own ticker is off).
const pixiApp = { renderer: { resize: vi.fn() }, render: vi.fn() };
const appProps: Array<Record<string, unknown>> = [];

vi.mock('@pixi/react', () => ({
  extend: () => undefined,
  Application: ({
    onInit,
    children: _children,
    ...rest
  }: {
    onInit?: (app: unknown) => void;
    children?: ReactNode;
  }) => {
    appProps.push(rest);
    useEffect(() => onInit?.(pixiApp), [onInit]);
    return <canvas data-testid="pixi-canvas" />;
  },
}));

const { default: PixiWheel } = await import('../../../src/canvas/PixiWheel.tsx');

function props(over: Partial<WheelProps> = {}): WheelProps {
  return {
    chance: 24709,
    rollUnder: true,
    phase: 'idle',
    roll: null,
    outcome: null,
    centreText: '24.709%',
    decimal: '.',
    label: 'Medium chance',
    tone: 'medium',
    spinMs: 5000,
    size: 320,
    onLanded: vi.fn(),
    ...over,
  };
}

/** The spin tween: the one to the planned landing angle. */
function spinTween(): FakeTween {
  const t = tweens.find((x) => x.vars.ease === 'power4.out');
  if (!t) throw new Error('no spin tween');
  return t;
}

beforeEach(() => {
  tweens.length = 0;
  appProps.length = 0;
  pixiApp.render.mockClear();
});
afterEach(() => cleanup());

describe('PixiWheel wiring', () => {
  it('tweens the arrow to the planned landing angle of the server roll over spinMs', () => {
    const { rerender } = render(<PixiWheel {...props()} />);
    rerender(<PixiWheel {...props({ phase: 'spinning', roll: 24708, outcome: 'win' })} />);
    const t = spinTween();
    expect(t.vars.angle).toBe(planSpin(0, 24708, true, 5).to);
    expect(t.vars.duration).toBe(5);
  });

  it('turns the other way when mirrored', () => {
    const { rerender } = render(<PixiWheel {...props({ rollUnder: false })} />);
    rerender(<PixiWheel {...props({ rollUnder: false, phase: 'spinning', roll: 83399, outcome: 'win' })} />);
    expect(spinTween().vars.angle).toBe(planSpin(0, 83399, false, 5).to);
    expect(spinTween().vars.angle).toBeLessThan(0);
  });

  it("reports the spin's tick times once as it starts, none per frame, and the landing once, at the end of the tween", () => {
    const onLanded = vi.fn();
    const onSpin = vi.fn();
    const { rerender } = render(<PixiWheel {...props({ onLanded, onSpin })} />);
    expect(onSpin).not.toHaveBeenCalled();
    rerender(<PixiWheel {...props({ onLanded, onSpin, phase: 'spinning', roll: 24708, outcome: 'win' })} />);
    expect(onSpin).toHaveBeenCalledTimes(1);
    expect(onSpin).toHaveBeenCalledWith(spinTickTimes(planSpin(0, 24708, true, 5), 5000));
    const t = spinTween();
    act(() => {
      t.target.angle = 40;
      t.vars.onUpdate?.();
    });
    expect(onSpin).toHaveBeenCalledTimes(1);
    expect(onLanded).not.toHaveBeenCalled();
    act(() => {
      t.target.angle = t.vars.angle;
      t.vars.onComplete?.();
    });
    expect(onLanded).toHaveBeenCalledTimes(1);
    // The page answers the landing with 'result': then, and only then, the outcome shows.
    expect(screen.getByTestId('wheel-pixi').dataset.outcome).toBe('');
    rerender(<PixiWheel {...props({ onLanded, onSpin, phase: 'result', roll: 24708, outcome: 'win' })} />);
    expect(screen.getByTestId('wheel-pixi').dataset.outcome).toBe('win');
    expect(screen.getByTestId('wheel-pixi').dataset.vin).toBe('true');
    expect(tweens.filter((x) => x.vars.ease === 'power4.out')).toHaveLength(1);
    expect(onLanded).toHaveBeenCalledTimes(1);
  });

  it('does not show the outcome before landing', () => {
    const { rerender } = render(<PixiWheel {...props()} />);
    rerender(<PixiWheel {...props({ phase: 'spinning', roll: 50000, outcome: 'loss' })} />);
    expect(screen.getByTestId('wheel-pixi').dataset.outcome).toBe('');
  });

  it("runs without Pixi's ticker and renders nothing per spin frame: it turns the arrow's layer and writes the roll", () => {
    const { rerender } = render(<PixiWheel {...props()} />);
    expect(appProps[0]).toMatchObject({ autoStart: false, sharedTicker: false });
    rerender(<PixiWheel {...props({ phase: 'spinning', roll: 24708, outcome: 'win' })} />);
    const t = spinTween();
    const wheel = screen.getByTestId('wheel-pixi');
    const layer = wheel.querySelector<HTMLElement>('[data-wheel-part="arrow"]')!;
    const roll = wheel.querySelector<HTMLElement>('[data-wheel-part="roll"]')!;
    expect(roll.style.visibility).toBe('visible');
    expect(roll.style.fontVariantNumeric).toBe('tabular-nums');
    pixiApp.render.mockClear();
    act(() => {
      t.target.angle = 90;
      t.vars.onUpdate?.();
    });
    expect(layer.style.transform).toBe('rotate(90deg)');
    expect(roll.textContent).toBe(runningRollText(90));
    // Past a whole turn the layer's angle is folded into one turn (the same pose).
    act(() => {
      t.target.angle = 360 + 180;
      t.vars.onUpdate?.();
    });
    expect(layer.style.transform).toBe('rotate(180deg)');
    expect(roll.textContent).toBe('50.000');
    // The text node is written only when the shown value changes.
    const writes = new MutationObserver(() => undefined);
    writes.observe(roll, { childList: true, characterData: true, subtree: true });
    act(() => {
      t.target.angle = 540.001;
      t.vars.onUpdate?.();
    });
    expect(writes.takeRecords()).toHaveLength(0);
    writes.disconnect();
    expect(pixiApp.render).not.toHaveBeenCalled();
    // The landing: the arrow on the roll's slot, the roll's text the server's roll.
    act(() => {
      t.target.angle = t.vars.angle;
      t.vars.onComplete?.();
    });
    expect(roll.textContent).toBe('24.708');
    expect(pixiApp.render).not.toHaveBeenCalled();
  });

  it("shows the running roll only while spinning or landed, in the outcome's colour once landed", () => {
    const { rerender } = render(<PixiWheel {...props()} />);
    const roll = () => screen.getByTestId('wheel-pixi').querySelector<HTMLElement>('[data-wheel-part="roll"]')!;
    expect(roll().style.visibility).toBe('hidden');
    rerender(<PixiWheel {...props({ phase: 'spinning', roll: 50000, outcome: 'loss' })} />);
    expect(roll().style.visibility).toBe('visible');
    expect(roll().style.color).toBe('rgb(255, 255, 255)');
    rerender(<PixiWheel {...props({ phase: 'result', roll: 50000, outcome: 'loss' })} />);
    expect(roll().style.color).toBe('rgb(235, 75, 75)');
    rerender(<PixiWheel {...props({ phase: 'result', roll: 10, outcome: 'win' })} />);
    expect(roll().style.color).toBe('rgb(76, 217, 100)');
  });

  it('holds the landed pose of a mirrored result it mounts into', () => {
    render(<PixiWheel {...props({ rollUnder: false, phase: 'result', roll: 83399, outcome: 'win' })} />);
    const wheel = screen.getByTestId('wheel-pixi');
    expect(wheel.querySelector<HTMLElement>('[data-wheel-part="arrow"]')!.style.transform).toBe(
      `rotate(${rollAngle(83399)}deg)`,
    );
    expect(wheel.querySelector<HTMLElement>('[data-wheel-part="roll"]')!.textContent).toBe('83.399');
  });

  it('does not re-render the Pixi tree when a parent re-renders with the same props', () => {
    const p = props();
    const { rerender } = render(<PixiWheel {...p} />);
    const renders = appProps.length;
    rerender(<PixiWheel {...p} />);
    expect(appProps.length).toBe(renders);
  });

  it('re-renders the Pixi application only when its canvas changes size, not through a game (the stage is set up imperatively)', () => {
    const { rerender } = render(<PixiWheel {...props()} />);
    const renders = appProps.length;
    rerender(<PixiWheel {...props({ chance: 30000 })} />);
    rerender(<PixiWheel {...props({ chance: 30000, phase: 'spinning', roll: 10, outcome: 'win' })} />);
    rerender(<PixiWheel {...props({ chance: 30000, phase: 'result', roll: 10, outcome: 'win' })} />);
    rerender(<PixiWheel {...props({ chance: 0 })} />);
    expect(appProps.length).toBe(renders);
    rerender(<PixiWheel {...props({ chance: 0, size: 300 })} />);
    expect(appProps.length).toBe(renders + 1);
    expect(appProps[appProps.length - 1]).toMatchObject({ width: 300, height: 300 });
  });

  it('kills the spin tween on unmount', () => {
    const { rerender, unmount } = render(<PixiWheel {...props()} />);
    rerender(<PixiWheel {...props({ phase: 'spinning', roll: 10, outcome: 'win' })} />);
    const t = spinTween();
    unmount();
    expect(t.kill).toHaveBeenCalled();
  });

  it('glides back to rest at idle', () => {
    const { rerender } = render(<PixiWheel {...props()} />);
    rerender(<PixiWheel {...props({ phase: 'spinning', roll: 10, outcome: 'win' })} />);
    const t = spinTween();
    act(() => {
      t.target.angle = t.vars.angle;
      t.vars.onComplete?.();
    });
    rerender(<PixiWheel {...props({ phase: 'idle' })} />);
    const reset = tweens[tweens.length - 1];
    expect(reset.vars.angle).toBe(1800);
  });
});
