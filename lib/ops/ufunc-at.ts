// numpy.ufunc.at for every ufunc of one output, attached to the exported ufunc functions:
// a[indices] = f(a[indices], b) (unary: f(a[indices])), unbuffered in the order of the indices (a
// repeated index sees the earlier results), each result cast back to a's dtype unsafely, as
// NumPy's. b is taken as NumPy's np.asarray(b) (a JS number is an int64 or float64 array here, not
// a weak scalar), so the loop is the ufunc's for (a, b): multiply.at of an int64 array by 0.5
// computes in float64, and truncates. Basic indices select every element once: the ufunc runs
// in place on the view. Advanced ones: add, subtract, multiply, maximum and minimum (UFUNC_AT,
// named as gather.ts's scatter ops) whose loop is a's own dtype take the atomic scatter; the
// others run in rounds, round r updating the r-th occurrence of each position (unique within a round).
import { GpuArray } from '../core/gpu-array.js';
import { checkDense } from '../core/shape.js';
import { isAdvancedIndex } from '../core/advanced-index-hook.js';
import type { Index } from '../core/indexing.js';
import { promoteTypes } from '../core/promotion.js';
import { toArray } from './array-args.js';
import { arange, zeros } from './creation.js';
import { indexPlan } from './advanced-indexing.js';
import { ATOMIC_DTYPES, scatter, type ScatterOp } from './gather.js';
import { concatenate } from './joining.js';
import { flatnonzero } from './nonzero.js';
import { argsort } from './sorting.js';
import { put, take } from './take-put.js';
import type { UfuncAt } from './ufunc-api.js';
import { ufuncFunctions } from './ufunc-api.js';
import type { Ufunc } from './ufunc.js';
import { UFUNC_AT, UFUNCS } from './ufunc-table.js';

const ATOMIC: ReadonlySet<string> = new Set(UFUNC_AT);

function at(u: Ufunc, a: GpuArray, indices: unknown, b: unknown, given: number): void {
  const name = u.name;
  if (u.nout !== 1) throw new RangeError(`${name}.at: only single output ufuncs are supported`);
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}.at: the first argument must be a GpuArray`);
  if (u.nin === 1 && given > 2) throw new RangeError(`${name}.at: second operand provided when ufunc is unary`);
  if (u.nin === 2 && (given < 3 || b === undefined)) throw new RangeError(`${name}.at: second operand needed for ufunc`);
  const made: GpuArray[] = [];
  try {
    let v: GpuArray | null = null;
    if (u.nin === 2) {
      v = toArray(b, 'b');
      if (v !== b) made.push(v);
    }
    if (Array.isArray(indices)) checkDense('at', 'indices', indices); // some() below visits every slot of a sparse list
    const tuple = Array.isArray(indices) && indices.some((x) => Array.isArray(x) || x instanceof GpuArray || ArrayBuffer.isView(x) || typeof x === 'string' || x === null);
    const items = (tuple ? indices : [indices]) as Index[];
    if (!items.some(isAdvancedIndex)) {
      // Basic indices only: every element once, the ufunc in place on the view.
      const view = a.slice(...items);
      made.push(view);
      u.call(v === null ? [view] : [view, v], { out: view, casting: 'unsafe' });
      return;
    }
    if (v !== null && ATOMIC.has(name) && ATOMIC_DTYPES.has(a.dtype.name) && promoteTypes(a.dtype, v.dtype) === a.dtype) {
      // The loop is a's own dtype, which holds every value of b: the atomic scatter of b in it.
      if (v.dtype !== a.dtype) made.push((v = v.astype(a.dtype)));
      scatter(a, indexPlan(a, items, made), v, 'raise', name as ScatterOp);
      return;
    }
    inRounds(u, a, items, v, made);
  } finally {
    for (const x of made) x.dispose();
  }
}

/** The advanced-index case: the selected flat positions, then one application per occurrence rank. */
function inRounds(u: Ufunc, a: GpuArray, items: Index[], v: GpuArray | null, made: GpuArray[]): void {
  const keep = <T extends GpuArray>(x: T): T => {
    made.push(x);
    return x;
  };
  // What the index selects, as flat positions of a (C order) in the index's result shape.
  const sel = keep(keep(keep(arange(a.size, 'int64')).reshape(a.shape)).slice(...items));
  // b broadcast to that shape (NumPy's error when it does not), then both flat.
  const vb = v === null ? null : keep(v.broadcastTo(sel.shape));
  const n = sel.size;
  const pos = keep(sel.flatten());
  const vals = vb === null ? null : keep(vb.flatten());
  // Positions in order (stably: equal ones keep the index's order), each one's occurrence rank.
  // No element selected still resolves the ufunc's loop (NumPy's TypeError for a dtype it lacks).
  const order = keep(argsort(pos, { kind: 'stable' }));
  const sorted = keep(take(pos, order));
  let rank: GpuArray | null = null;
  let rounds = 1;
  if (n > 1) {
    const starts = keep(flatnonzero(keep(concatenate([keep(toArray([true], 'b')), keep(keep(sorted.slice('1:')).notEqual(keep(sorted.slice(':-1'))))]))));
    const runStart = keep(zeros([n], 'int64'));
    put(runStart, starts, starts);
    rank = keep(keep(arange(n, 'int64')).subtract(keep(gpMaximumAccumulate(runStart))));
    rounds = Number(keep(rank.max()).item()) + 1;
  }
  for (let r = 0; r < rounds; r++) {
    const inRound = rank === null || rounds === 1 ? keep(arange(n, 'int64')) : keep(flatnonzero(keep(rank.equal(r))));
    const p = keep(take(sorted, inRound));
    const cur = keep(take(a, p));
    const res = keep(vals === null ? u.call([cur]) : u.call([cur, keep(take(vals, keep(take(order, inRound))))]));
    put(a, p, res.dtype === a.dtype ? res : keep(res.astype(a.dtype)));
  }
}

/** The running maximum of a 1-D int64 array (maximum.accumulate): each element's run start. */
function gpMaximumAccumulate(x: GpuArray): GpuArray {
  return UFUNCS.get('maximum')!.accumulate(x);
}

// Every ufunc function carries `at` (NumPy's ufuncs all have the method; those of two outputs refuse the call).
const fns = ufuncFunctions as unknown as Record<string, object>;
for (const [name, u] of UFUNCS) {
  Object.defineProperty(fns[name], 'at', {
    value: function (this: unknown, ...args: unknown[]): void {
      at(u, args[0] as GpuArray, args[1], args[2], args.length);
    } as UfuncAt,
    writable: true,
    configurable: true,
  });
}
