/**
 * Who is watching which till's screen in this process: a till's update wakes its displays at once. Displays
 * served by another process see the change through their poll of the till's version (display.routes.ts).
 */
export class DisplayHub {
  private readonly watchers = new Map<number, Set<() => void>>();

  watch(tillId: number, wake: () => void): () => void {
    const set = this.watchers.get(tillId) ?? new Set();
    set.add(wake);
    this.watchers.set(tillId, set);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.watchers.delete(tillId);
    };
  }

  changed(tillId: number): void {
    for (const wake of this.watchers.get(tillId) ?? []) wake();
  }
}
