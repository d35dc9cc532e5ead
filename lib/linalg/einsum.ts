// numpy.einsum: subscripts with '...', implicit output, repeated labels (diagonals as strided
// views, traces as their sums). Operands are contracted left to right, or in the order `optimize`
// chooses (einsum-path.ts, NumPy's searches); each pairwise contraction is one (batched) GEMM:
// labels shared and kept are the batch, labels shared and dropped the contraction, the rest the
// free rows and columns, reached by transposes and reshapes (views where the strides allow), never
// a broadcast multiply and sum.
import { DTypeLike, dtype as toDType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { canCastBy, type Casting, castingOf, promoteTypes, resultType } from '../core/promotion.js';
import { reductionFunctions } from '../ops/reductions.js';
import { deliver, matmul, withArrays } from './matmul.js';
import { diagonalView } from './products.js';
import { type EinsumOptimize, planContractions } from './einsum-path.js';
import { type Labels, parseSubscripts, splitEinsumArgs } from './einsum-subscripts.js';

const { sum, any } = reductionFunctions;

/** Options of gp.einsum, passed as a trailing object: numpy.einsum's `out`, `dtype` and `optimize`. */
export interface EinsumOptions {
  /** Where to write the result. */
  out?: GpuArray;
  /** Compute in this dtype (operands are cast to it). */
  dtype?: DTypeLike;
  /** NumPy's rule for casting the operands to `dtype` and the result into `out` (default 'safe'). */
  casting?: Casting;
  /**
   * NumPy's contraction order: `false` (default; left to right), `true` or 'greedy', 'optimal',
   * `['greedy', maxElements]`, or a path from `einsumPath` (`['einsum_path', [1, 2], [0, 1]]`).
   */
  optimize?: EinsumOptimize | null;
}

interface Term {
  x: GpuArray;
  labels: Labels;
}

/** Sum `x` over the given positions, keeping its dtype (bool: any), as einsum does. */
function sumOut(x: GpuArray, axes: number[]): GpuArray {
  if (x.dtype.isBool) return any(x, { axis: axes });
  return sum(x, { axis: axes, dtype: x.dtype });
}

/**
 * numpy.einsum: Einstein summation over the operands as `subscripts` say, with '...', implicit
 * output (labels seen once, in alphabetical order) and repeated labels (diagonals and traces).
 * Operands follow the subscripts, then an optional {@link EinsumOptions} object. NumPy's
 * interleaved form works too: `einsum(a, [0, 1], b, [1, 2], [0, 2])`, each list of integers in
 * [0, 52) and at most one `'...'` (Python's Ellipsis), the output list optional. Pairs of operands
 * are contracted as one batched matrix product each: left to right, or in the order `optimize`
 * chooses (see `einsumPath`).
 * @example gp.einsum('ij,jk->ik', a, b) // matmul; gp.einsum('ii', m) is the trace
 */
export function einsum(subscripts: string | unknown, ...rest: unknown[]): GpuArray {
  const { subscripts: spec, operands, options } = splitEinsumArgs<EinsumOptions>('einsum', [subscripts, ...rest], ['out', 'dtype', 'casting', 'optimize']);
  const optimize: unknown = options.optimize;
  if (optimize !== undefined && optimize !== null && typeof optimize !== 'boolean' && typeof optimize !== 'string' && !Array.isArray(optimize)) {
    throw new TypeError(`einsum: optimize must be a boolean, 'greedy', 'optimal' or a path, got ${typeof optimize}`);
  }
  return withArrays(operands, (...ops) => einsumArrays(spec, ops, options));
}

function einsumArrays(subscripts: string, ops: GpuArray[], options: Partial<EinsumOptions>): GpuArray {
  const sub = parseSubscripts(subscripts, ops.map((x) => x.shape));
  const { labelsIn, outLabels, size } = sub;
  // NumPy's order of the contractions: one step over every operand without `optimize`.
  const { path } = planContractions(sub, options.optimize ?? false);

  const d = options.dtype !== undefined ? toDType(options.dtype) : null;
  // NumPy's einsum casts the operands to `dtype`, and the result into `out`, under `casting` ('safe').
  const casting = castingOf(options.casting, 'safe');
  if (d !== null) {
    ops.forEach((op, i) => {
      if (!canCastBy(op.dtype, d, casting)) throw new TypeError(`einsum: operand ${i} dtype could not be cast from dtype('${op.dtype.name}') to dtype('${d.name}') according to the rule '${casting}'`);
    });
  }
  // Without `optimize` (or on a path that is one einsum call over all operands but two) NumPy
  // computes in the operands' result_type, one dtype for every operand: int8, uint8 and float16
  // give float16. Its optimized path contracts step by step, each in its operands' result_type
  // (int8 with uint8 gives int16, then with float16 float32), unless `dtype` says.
  const oneCall = !options.optimize || (path.length === 1 && path[0].length !== 2);
  const stepwise = d === null && !oneCall;
  let made = d ?? resultType(ops.map((op) => op.dtype));
  if (stepwise) {
    const dts = ops.map((op) => op.dtype);
    for (const step of path) dts.push(resultType([...step].sort((p, q) => q - p).map((p) => dts.splice(p, 1)[0])));
    made = dts[0];
  }
  const out = options.out;
  if (out !== undefined) {
    if (!(out instanceof GpuArray)) throw new TypeError('einsum: out must be a GpuArray');
    if (!canCastBy(made, out.dtype, casting)) {
      throw new TypeError(`einsum: the result could not be cast from dtype('${made.name}') to dtype('${out.dtype.name}'), the dtype of out, according to the rule '${casting}'`);
    }
  }
  // Without `dtype`, NumPy's unoptimized einsum (its default) computes in out's dtype where that
  // promotes: float32 operands summed into a float64 out add in float64, int8 ones into int64 do
  // not wrap. Its optimized path contracts pairs by matmul in their dtype, as `optimize` does here.
  const work = d === null && out !== undefined && oneCall ? promoteTypes(made, out.dtype) : made;
  const temps: GpuArray[] = [];
  const track = (x: GpuArray) => (temps.push(x), x);
  let result: GpuArray | undefined;
  try {
    // Per operand: repeated labels become diagonals, labels nobody else needs are summed.
    const terms: Term[] = ops.map((x0, i) => {
      let x = !stepwise && x0.dtype !== work ? track(x0.astype(work)) : x0;
      let labels = [...labelsIn[i]];
      for (;;) {
        const dup = labels.findIndex((l, j) => labels.indexOf(l) !== j);
        if (dup < 0) break;
        const first = labels.indexOf(labels[dup]);
        if (x.shape[first] !== x.shape[dup]) throw new RangeError(`dimensions in operand ${i} for collapsing index '${labels[dup]}' don't match (${x.shape[first]} != ${x.shape[dup]})`);
        const l = labels[dup];
        x = track(diagonalView(x, 0, first, dup));
        labels = [...labels.filter((_, j) => j !== first && j !== dup), l];
      }
      const needed = (l: string) => outLabels.includes(l) || labelsIn.some((ls, j) => j !== i && ls.includes(l));
      const drop = labels.map((l, j) => (needed(l) ? -1 : j)).filter((j) => j >= 0);
      if (drop.length > 0) {
        x = track(sumOut(x, drop));
        labels = labels.filter((_, j) => !drop.includes(j));
      }
      return { x, labels };
    });

    // Each step pops its operands (as NumPy does, so later positions count the shorter list),
    // contracts them in their order and appends the result.
    const list = [...terms];
    for (const step of path) {
      const taken = [...step].sort((p, q) => q - p).map((p) => list.splice(p, 1)[0]).reverse();
      if (stepwise) {
        const sd = resultType(taken.map((t) => t.x.dtype));
        taken.forEach((t, k) => (taken[k] = t.x.dtype === sd ? t : { x: track(t.x.astype(sd)), labels: t.labels }));
      }
      let acc = taken[0];
      for (let k = 1; k < taken.length; k++) {
        const keep = new Set([...outLabels, ...list.flatMap((t) => t.labels), ...taken.slice(k + 1).flatMap((t) => t.labels)]);
        acc = contract(acc, taken[k], keep, size, track);
      }
      list.push(acc);
    }
    const acc = list[0];
    // Labels the output drops that no contraction removed (one operand, or broadcast leftovers).
    const drop = acc.labels.map((l, j) => (outLabels.includes(l) ? -1 : j)).filter((j) => j >= 0);
    let x = acc.x;
    let labels = acc.labels;
    if (drop.length > 0) {
      x = track(sumOut(x, drop));
      labels = labels.filter((_, j) => !drop.includes(j));
    }
    const perm = outLabels.map((l) => labels.indexOf(l));
    const shaped = x.transpose(perm);
    const want = outLabels.map((l) => size.get(l)!);
    result = shaped.shape.every((s, j) => s === want[j]) ? shaped : (track(shaped), shaped.broadcastTo(want));
    return deliver(result, options.out, 'einsum');
  } finally {
    for (const t of temps) if (t !== result) t.dispose();
  }
}

/** One pairwise contraction as a batched GEMM: [batch, free X, shared] @ [batch, shared, free Y]. */
function contract(X: Term, Y: Term, keep: Set<string>, size: Map<string, number>, track: (x: GpuArray) => GpuArray): Term {
  const inY = new Set(Y.labels);
  const inX = new Set(X.labels);
  const batch = X.labels.filter((l) => inY.has(l) && keep.has(l));
  const shared = X.labels.filter((l) => inY.has(l) && !keep.has(l));
  const fx = X.labels.filter((l) => !inY.has(l));
  const fy = Y.labels.filter((l) => !inX.has(l));
  const dims = (ls: string[]) => ls.map((l) => size.get(l)!);
  const prod = (ls: string[]) => dims(ls).reduce((p, v) => p * v, 1);
  const arrange = (t: Term, order: string[], shape: number[]) => {
    const v = track(t.x.transpose(order.map((l) => t.labels.indexOf(l))));
    const full = order.map((l) => size.get(l)!);
    const b = v.shape.every((s, j) => s === full[j]) ? v : track(v.broadcastTo(full));
    return track(b.reshape(shape));
  };
  const xm = arrange(X, [...batch, ...fx, ...shared], [...dims(batch), prod(fx), prod(shared)]);
  const ym = arrange(Y, [...batch, ...shared, ...fy], [...dims(batch), prod(shared), prod(fy)]);
  const r = track(matmul(xm, ym));
  return { x: track(r.reshape([...dims(batch), ...dims(fx), ...dims(fy)])), labels: [...batch, ...fx, ...fy] };
}
