// numpy.shares_memory: whether two arrays have a byte in common, exactly. As NumPy's
// mem_overlap.c, the question is a bounded linear Diophantine equation: with strides made positive
// (x' = n - 1 - x flips a negative one), a byte of `a` and one of `b` coincide when
//   sum_i |sa_i| x_i + t + sum_j |sb_j| y_j + u = (end_b - 1) - start_a
// for 0 <= x_i < na_i, 0 <= y_j < nb_j, 0 <= t < itemsize_a, 0 <= u < itemsize_b. Terms of one
// coefficient merge; the unit term (the item bytes) makes the target a range; a depth-first search
// over the largest coefficients, pruned by the rest's bounds and gcd, decides it.
import { GpuArray } from '../core/gpu-array.js';
import { extent } from './overlap.js';
import { checkPositionalCount } from '../util/options.js';

/** numpy.exceptions.TooHardError: the exact test needed more work than `maxWork` allowed. */
export class TooHardError extends Error {
  override name = 'TooHardError';
}

/** Options of gp.sharesMemory (numpy.shares_memory's max_work). */
export interface SharesMemoryOptions {
  /**
   * Most search steps before giving up with TooHardError; null or absent: exact, however long
   * (NumPy's default), 0: the bounds test of mayShareMemory only.
   */
  maxWork?: number | null;
}

interface Term {
  coef: number;
  ub: number;
}

const gcd = (a: number, b: number): number => {
  while (b) [a, b] = [b, a % b];
  return a;
};

/** The terms of one array's byte addresses: positive strides (bytes) and counts less one. */
function termsOf(a: GpuArray, into: Map<number, number>): void {
  for (let d = 0; d < a.ndim; d++) {
    const s = Math.abs(a.strides[d]);
    if (a.shape[d] > 1 && s > 0) into.set(s, (into.get(s) ?? 0) + a.shape[d] - 1);
  }
  into.set(1, (into.get(1) ?? 0) + a.itemsize - 1);
}

/** Whether sum coef_k x_k (0 <= x_k <= ub_k) can land in [lo, hi]; `budget.left` counts steps. */
function solvable(terms: readonly Term[], lo: number, hi: number, budget: { left: number }): boolean {
  // Suffix sums and gcds of the terms after each position (sorted by coefficient, largest first).
  const n = terms.length;
  const maxRest = new Array<number>(n + 1).fill(0);
  const gRest = new Array<number>(n + 1).fill(0);
  for (let k = n - 1; k >= 0; k--) {
    maxRest[k] = maxRest[k + 1] + terms[k].coef * terms[k].ub;
    gRest[k] = gcd(gRest[k + 1], terms[k].coef);
  }
  const search = (k: number, lo: number, hi: number): boolean => {
    if (hi < 0 || lo > maxRest[k]) return false;
    if (k === n) return lo <= 0;
    // Some multiple of the remaining terms' gcd must lie in [lo, hi].
    const g = gRest[k];
    if (Math.ceil(Math.max(lo, 0) / g) * g > hi) return false;
    const { coef, ub } = terms[k];
    const first = Math.max(0, Math.ceil((lo - maxRest[k + 1]) / coef));
    const last = Math.min(ub, Math.floor(hi / coef));
    for (let x = last; x >= first; x--) {
      if (--budget.left < 0) throw new TooHardError('Exceeded max_work');
      if (search(k + 1, lo - coef * x, hi - coef * x)) return true;
    }
    return false;
  };
  return search(0, lo, hi);
}

/**
 * numpy.shares_memory(a, b, maxWork?): whether `a` and `b` have a byte in common (the exact test;
 * mayShareMemory is its bounds test). Host data shares nothing with device arrays. With `maxWork`
 * the search stops after that many steps with TooHardError, as NumPy's.
 * @example gp.sharesMemory(x.slice('::2'), x.slice('1::2')) // false
 */
export function sharesMemory(a: unknown, b: unknown, maxWork: number | null | SharesMemoryOptions = null): boolean {
  checkPositionalCount('sharesMemory', arguments, 2, 3);
  const limit = typeof maxWork === 'object' && maxWork !== null ? (maxWork.maxWork ?? null) : maxWork;
  if (limit !== null && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < -1)) throw new RangeError(`sharesMemory: maxWork must be null or an integer >= 0, got ${String(limit)}`);
  if (!(a instanceof GpuArray) || !(b instanceof GpuArray)) return false;
  if (a.buffer !== b.buffer || a.size === 0 || b.size === 0) return false;
  const [alo, ahi] = extent(a);
  const [blo, bhi] = extent(b);
  if (!(alo < bhi && blo < ahi)) return false;
  if (limit === 0) return true; // NumPy's MAY_SHARE_BOUNDS
  const merged = new Map<number, number>();
  termsOf(a, merged);
  termsOf(b, merged);
  const unit = merged.get(1) ?? 0;
  merged.delete(1);
  const terms = [...merged].map(([coef, ub]) => ({ coef, ub })).sort((x, y) => y.coef - x.coef);
  const target = bhi - 1 - alo;
  return solvable(terms, target - unit, target, { left: limit === null || limit === -1 ? Infinity : limit });
}
