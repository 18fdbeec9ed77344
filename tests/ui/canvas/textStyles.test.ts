// The real TextStyle: what matters is Pixi's own key for its text-measuring cache (TextStyle.styleKey).
import { describe, expect, it } from 'vitest';
import { wheelTextStyle } from '../../../src/canvas/textStyles.ts';
import { TEXT, TEXT_MUTED, TONE_COLOR } from '../../../src/canvas/theme.ts';

describe('wheelTextStyle', () => {
  it('gives a look that comes back the same style, so Pixi measures its texts once (its cache keys on styleKey)', () => {
    // One game's cycle of the chance label: pick, a tone, muted while spinning, then the next game's pick.
    const looks = ['#ffffff', TONE_COLOR.medium, TEXT_MUTED];
    const first = looks.map((fill) => wheelTextStyle('600', 19, fill));
    const second = looks.map((fill) => wheelTextStyle('600', 19, fill));
    expect(second.map((s) => s.styleKey)).toEqual(first.map((s) => s.styleKey));
    second.forEach((s, i) => expect(s).toBe(first[i]));
  });

  it('gives different looks different styles', () => {
    const a = wheelTextStyle('600', 19, TONE_COLOR.low);
    const b = wheelTextStyle('600', 19, TONE_COLOR.high);
    const c = wheelTextStyle('600', 22, TONE_COLOR.low);
    const d = wheelTextStyle('800', 19, TONE_COLOR.low);
    expect(new Set([a, b, c, d].map((s) => s.styleKey)).size).toBe(4);
    expect(a.fill).toBe(TONE_COLOR.low);
    expect(d.fontWeight).toBe('800');
    expect(wheelTextStyle('800', 40, TEXT).fontSize).toBe(40);
  });
});
