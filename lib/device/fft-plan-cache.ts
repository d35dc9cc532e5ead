// A least-recently-used cache of FFT plans, as cupy.fft.config's PlanCache: keyed by what the
// plan transforms (type, precision, shape, batch); a plan dropped from it is destroyed.
import type { FftPlanCacheInfo } from './backend.js';

export class FftPlanCache<P> implements FftPlanCacheInfo {
  private readonly plans = new Map<string, P>();
  private limit = 16;

  constructor(private readonly destroy: (plan: P) => void) {}

  get size(): number {
    return this.plans.size;
  }
  get maxSize(): number {
    return this.limit;
  }
  set maxSize(n: number) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`fft plan cache: maxSize must be a non-negative integer, got ${String(n)}`);
    this.limit = n;
    this.evict(n);
  }

  keys(): string[] {
    return [...this.plans.keys()];
  }

  clear(): void {
    this.evict(0);
  }

  /** The plan for `key`, made by `make` on a miss; the most recently used moves last. */
  get(key: string, make: () => P): P {
    let plan = this.plans.get(key);
    if (plan !== undefined) {
      this.plans.delete(key);
      this.plans.set(key, plan);
      return plan;
    }
    plan = make();
    if (this.limit === 0) {
      // Caching off: the caller still needs this plan once; it is destroyed on the next miss.
      this.evict(0);
    }
    this.plans.set(key, plan);
    this.evict(Math.max(this.limit, 1));
    return plan;
  }

  private evict(keep: number): void {
    for (const [key, plan] of this.plans) {
      if (this.plans.size <= keep) break;
      this.plans.delete(key);
      this.destroy(plan);
    }
  }
}
