/** The last few drawn looks of a layer: a game cycles through the same few. */
export class LookCache<T> {
  private readonly looks = new Map<string, T>();

  /** `free` releases a look that drops out (a texture's GPU memory). */
  constructor(
    private readonly size: number,
    private readonly free: (look: T) => void,
  ) {}

  /** The look for `key`, now the most recent, or undefined. */
  get(key: string): T | undefined {
    if (!this.looks.has(key)) return undefined;
    const look = this.looks.get(key) as T;
    this.looks.delete(key);
    this.looks.set(key, look);
    return look;
  }

  /** Keeps `look` as the most recent; call it after showing the look. */
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

  clear(): void {
    for (const look of this.looks.values()) this.free(look);
    this.looks.clear();
  }
}
