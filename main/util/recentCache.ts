/**
 * A per-connection cache of what was read from the library, keeping the `max` values used last: reading
 * a law's articles one after another, or checking a brief's many citations of one law, reads it once.
 */
export class RecentCache<V> {
  private readonly byOwner = new WeakMap<object, Map<string, V>>();

  constructor(private readonly max: number) {}

  /** The value under `key` for `owner` (a database connection), loaded when missing; it becomes the most recent. */
  get(owner: object, key: string, load: () => V): V {
    let values = this.byOwner.get(owner);
    if (!values) this.byOwner.set(owner, (values = new Map()));
    const found = values.has(key) ? (values.get(key) as V) : load();
    values.delete(key);
    values.set(key, found);
    while (values.size > this.max) values.delete(values.keys().next().value as string);
    return found;
  }
}
