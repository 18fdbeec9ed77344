import { describe, expect, it } from 'vitest';
import { LookCache } from '../../../src/canvas/lookCache.ts';

function cache(size: number) {
  const freed: string[] = [];
  return { looks: new LookCache<string>(size, (look) => freed.push(look)), freed };
}

describe('LookCache', () => {
  it('gives back a look that returns within its size, so a game cycling through looks draws each once', () => {
    const { looks, freed } = cache(3);
    let drawn = 0;
    const show = (key: string) => {
      let look = looks.get(key);
      if (look === undefined) {
        drawn++;
        look = `texture of ${key}`;
        looks.set(key, look);
      }
      return look;
    };
    for (let game = 0; game < 5; game++)
      for (const key of ['pick', 'medium 45%', 'muted 45%']) expect(show(key)).toBe(`texture of ${key}`);
    expect(drawn).toBe(3);
    expect(freed).toEqual([]);
  });

  it('frees the least recently used look beyond its size', () => {
    const { looks, freed } = cache(2);
    looks.set('a', 'A');
    looks.set('b', 'B');
    expect(looks.get('a')).toBe('A');
    looks.set('c', 'C');
    expect(freed).toEqual(['B']);
    expect(looks.get('b')).toBeUndefined();
    expect(looks.get('a')).toBe('A');
  });

  it('frees a look replaced under the same key, and everything on clear', () => {
    const { looks, freed } = cache(1);
    looks.set('a', 'A1');
    looks.set('a', 'A2');
    expect(freed).toEqual(['A1']);
    looks.set('b', 'B');
    expect(freed).toEqual(['A1', 'A2']);
    looks.clear();
    expect(freed).toEqual(['A1', 'A2', 'B']);
    expect(looks.get('b')).toBeUndefined();
  });

  it('keeps an empty look (null) apart from a look it does not have', () => {
    const looks = new LookCache<string | null>(2, () => {});
    looks.set('no chance', null);
    expect(looks.get('no chance')).toBeNull();
    expect(looks.get('other')).toBeUndefined();
  });
});
