/**
 * The wheel's drawn looks, kept for when they come back. A game takes the wheel through the same few looks (no
 * chance, the target's chance, the muted chance while spinning, the win arrow and back), so each layer keeps its
 * last few looks (a texture, or the arrow's pixels) instead of drawing, tessellating and reading back the same
 * pixels again every game. No Pixi import: tested in Node.
 */
export class LookCache<T> {
  private readonly looks = new Map<string, T>();

  /** Keeps at most `size` looks; `free` releases one that drops out (a texture: its GPU memory). */
  constructor(
    private readonly size: number,
    private readonly free: (look: T) => void,
  ) {}

  /** The look drawn for `key` (now the most recent), or undefined if it is not kept. */
  get(key: string): T | undefined {
    if (!this.looks.has(key)) return undefined;
    const look = this.looks.get(key) as T;
    this.looks.delete(key);
    this.looks.set(key, look);
    return look;
  }

  /**
   * Keeps `look` for `key` as the most recent; the least recent beyond `size` is freed. Call it after the look is
   * shown, so the one it replaces on screen is never freed while still shown (with `size` 1 it is freed now).
   */
  set(key: string, look: T): void {
    const old = this.looks.get(key);
    if (old !== undefined && old !== look) this.free(old);
    this.looks.delete(key);
    this.looks.set(key, look);
    for (const [k, v] of this.looks) {
      if (this.looks.size <= this.size) break;
      this.looks.delete(k);
      this.free(v);
    }
  }

  /** Frees every kept look. */
  clear(): void {
    for (const look of this.looks.values()) this.free(look);
    this.looks.clear();
  }
}
