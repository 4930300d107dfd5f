/**
 * The bookkeeping both sandboxes' fault tables share: faults by slot (an API, a route), each in
 * force until cleared or, with `times`, for that many requests. One fault may fill several
 * slots ("every API"); it is then counted once for all of them and leaves them all when used up.
 */

interface ActiveFault<F> {
  readonly fault: F;
  remaining: number | undefined;
}

export class FaultSlots<K, F extends { times?: number }> {
  readonly #slots = new Map<K, ActiveFault<F>>();

  /** Puts one fault in every slot of `keys`, shared, with its own count of `times`. */
  put(keys: readonly K[], fault: F): void {
    const active: ActiveFault<F> = { fault, remaining: fault.times };
    for (const key of keys) this.#slots.set(key, active);
  }

  delete(key: K): void {
    this.#slots.delete(key);
  }

  has(key: K): boolean {
    return this.#slots.has(key);
  }

  clear(): void {
    this.#slots.clear();
  }

  /** The fault in force in slot `key`, if `wanted` (default: any), counting it as applied once. */
  take(key: K, wanted: (fault: F) => boolean = () => true): F | undefined {
    const active = this.#slots.get(key);
    if (!active || !wanted(active.fault)) return undefined;
    if (active.remaining !== undefined) {
      active.remaining -= 1;
      if (active.remaining <= 0) for (const [slot, other] of this.#slots) if (other === active) this.#slots.delete(slot);
    }
    return active.fault;
  }
}
