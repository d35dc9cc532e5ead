// NumPy's ufunc.reduce, accumulate and reduceat for every binary ufunc, as NumPy's inner loops
// run them: one thread per result walks its slice in order, so ufuncs that do not associate
// (subtract, power, arctan2, ...) give NumPy's left-to-right values. Ufuncs with an identity
// (the bitwise ones, gcd, hypot, logaddexp, logicalXor) are reorderable: a reduce starts from the
// identity, as NumPy's, and a long one runs in chunks, then over the chunks' results. The
// reductions and scans of add, multiply, maximum, minimum, fmax, fmin, logicalAnd and logicalOr
// have parallel kernels of their own (ufunc-methods.ts, prefix-scan.ts); reduceat runs here for all.
import { IndexError } from '../../bindings/errors.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { broadcastShapes, sameShape, shapeString } from '../core/shape.js';
import { dtypeIncludes } from '../kernel/codegen-params.js';
import { AxisLike, normalizeAxes, reducedShape } from '../kernel/reduction.js';
import { alongAxis, axisOf, build, intoOut, movedLast } from './array-args.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { Ufunc, UfuncLoop } from './ufunc.js';

/** The logical ufuncs reduce in bool whatever the input (NumPy's promoter for their reductions). */
const LOGICAL = new Set(['logicalAnd', 'logicalOr', 'logicalXor']);

/**
 * The loop a fold runs: NumPy's loop for (x, x) or dtype=, whose output type is its first input's
 * (reduce), and also its second's for accumulate and reduceat (`same`: ldexp reduces, no more).
 */
export function foldLoop(u: Ufunc, x: GpuArray, want: DType | undefined, same = false): UfuncLoop {
  if (LOGICAL.has(u.name)) {
    if (want !== undefined && want !== dtypes.bool) throw new TypeError(`No loop matching the specified signature and casting was found for ufunc ${u.name} (dtype ${want.name})`);
    return u.loops.find((l) => l.ins.every((d) => d === dtypes.bool))!;
  }
  // NumPy's reduce, accumulate and reduceat cast the input to dtype= unsafely (float16 into int64).
  const { loop } = u.resolve([x, x], want, want === undefined ? 'same_kind' : 'unsafe');
  if (loop.outs[0] !== loop.ins[0] || (same && loop.outs[0] !== loop.ins[1])) throw new TypeError(`No loop matching the specified signature and casting was found for ufunc ${u.name}`);
  return loop;
}

/** The C source of a loop's three fold kernels (memoised by moduleKernel on the text). */
function foldSource(loop: UfuncLoop): string {
  const [d0, d1] = loop.ins;
  const o = loop.outs[0];
  return `${dtypeIncludes([d0, d1, o])}
#include "gpuarray/ufunc_math.h"
typedef ${d1.ctype} S1;
typedef ${o.ctype} SO;
// One step of the ufunc's loop body, the result rounded to the output's storage type as NumPy's loop stores it.
__device__ __forceinline__ SO gpa_fold_step(SO acc, S1 v) {
  const ${d0.computeCtype} in0 = (${d0.computeCtype})acc;
  const ${d1.computeCtype} in1 = (${d1.computeCtype})v;
  ${o.computeCtype} out0;
  ${loop.body};
  return (SO)out0;
}
__device__ __forceinline__ SO gpa_fold_first(S1 v) { return (SO)(${o.computeCtype})(${d1.computeCtype})v; }

// Result o folds x[row * len + c * chunk, ...) (row = o / chunks, c = o % chunks, at most chunk
// elements): from *init when start is 1, else from its first element; where mask is 1 only the
// elements whose mask byte is set.
extern "C" __global__ void gpa_fold_reduce(const void* xv, void* yv, const bool* mask, const void* initv, long long results, long long len, long long chunk, long long chunks, int start, int masked) {
  const S1* x = (const S1*)xv;
  SO* y = (SO*)yv;
  const SO* init = (const SO*)initv;
  for (long long o = blockIdx.x * (long long)blockDim.x + threadIdx.x; o < results; o += (long long)gridDim.x * blockDim.x) {
    const long long row = o / chunks, c = o % chunks;
    long long k = row * len + c * chunk;
    long long end = k + chunk;
    if (end > row * len + len) end = row * len + len;
    SO acc;
    if (start) acc = *init;
    else acc = gpa_fold_first(x[k++]);
    for (; k < end; ++k)
      if (!masked || mask[k]) acc = gpa_fold_step(acc, x[k]);
    y[o] = acc;
  }
}

// Row r of x (len elements) accumulated into row r of y. (Arrays as void*: S1 and SO may be
// types a raw kernel's signature cannot name, complex<float> or bfloat16.)
extern "C" __global__ void gpa_fold_accumulate(const void* xv, void* yv, long long rows, long long len) {
  const S1* x = (const S1*)xv;
  SO* y = (SO*)yv;
  for (long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x; r < rows; r += (long long)gridDim.x * blockDim.x) {
    const S1* p = x + r * len;
    SO* q = y + r * len;
    SO acc = gpa_fold_first(p[0]);
    q[0] = acc;
    for (long long k = 1; k < len; ++k) q[k] = acc = gpa_fold_step(acc, p[k]);
  }
}

// Result o = row * n + j: NumPy's reduceat, x[idx[j]:idx[j + 1]] of the row folded when
// idx[j] < idx[j + 1], else x[idx[j]] alone; the last index runs to the end of the row.
extern "C" __global__ void gpa_fold_reduceat(const void* xv, void* yv, const long long* idx, long long rows, long long len, long long n) {
  const S1* x = (const S1*)xv;
  SO* y = (SO*)yv;
  for (long long o = blockIdx.x * (long long)blockDim.x + threadIdx.x; o < rows * n; o += (long long)gridDim.x * blockDim.x) {
    const long long row = o / n, j = o % n;
    const long long b = idx[j];
    const long long e = j + 1 < n ? (idx[j + 1] > b ? idx[j + 1] : b + 1) : len;
    const S1* p = x + row * len;
    SO acc = gpa_fold_first(p[b]);
    for (long long k = b + 1; k < e; ++k) acc = gpa_fold_step(acc, p[k]);
    y[o] = acc;
  }
}
`;
}

const kernel = (loop: UfuncLoop, name: string) => moduleKernel(foldSource(loop), name);

/** The ufunc's identity as a value of d (bitwiseAnd's -1: every bit set). */
function identityValue(u: Ufunc, d: DType): number | bigint | boolean {
  const id = u.identity!;
  if (id !== -1 || d.kind === 'i' || d.kind === 'f') return id;
  return d.kind === 'b' ? true : (1n << BigInt(8 * d.itemsize)) - 1n;
}

const scalarOf = (v: number | bigint | boolean, d: DType, like: GpuArray) => GpuArray.allocate([], d, like.device).fill(v);

/** What ufunc-methods.ts passes: axis already defaulted (0) and 0-d handled, dtype resolved. */
export interface FoldReduceOptions {
  axis: AxisLike;
  keepdims: boolean;
  dtype?: DType;
  initial?: number | bigint | boolean;
  where?: GpuArray | boolean;
}

/** ufunc.reduce of a binary ufunc without a parallel reduction of its own. */
export function foldReduce(u: Ufunc, a: GpuArray, o: FoldReduceOptions): GpuArray {
  const name = `${u.name}.reduce`;
  const reduced = normalizeAxes(o.axis, a.ndim);
  const identity = u.identity;
  if (identity === null && reduced.filter(Boolean).length > 1) {
    throw new RangeError(`reduction operation '${u.name}' is not reorderable, so at most one axis may be specified`);
  }
  const loop = foldLoop(u, a, o.dtype);
  const out = loop.outs[0];
  const len = a.shape.reduce((n, d, i) => (reduced[i] ? n * d : n), 1);
  const rows = a.shape.reduce((n, d, i) => (reduced[i] ? n : n * d), 1);
  const masked = o.where !== undefined && o.where !== true;
  const start = o.initial ?? (identity === null ? undefined : identityValue(u, out));
  if (start === undefined && rows > 0 && (len === 0 || masked)) {
    throw new RangeError(
      len === 0
        ? `zero-size array to reduction operation ${u.name} which has no identity`
        : `reduction operation '${u.name}' does not have an identity, so to use a where mask one has to specify 'initial'`,
    );
  }
  if (o.where instanceof GpuArray && !sameShape(broadcastShapes(o.where.shape, a.shape), a.shape)) {
    throw new RangeError(`${name}: where of shape ${shapeString(o.where.shape)} does not broadcast to the array's shape ${shapeString(a.shape)}`);
  }
  if (o.where !== undefined && typeof o.where !== 'boolean' && !(o.where instanceof GpuArray)) throw new TypeError(`${name}: where must be a bool GpuArray or a boolean`);
  const shape = reducedShape(a.shape, reduced, o.keepdims);
  if (o.where === false) return GpuArray.allocate(shape, out, a.device).fill(start ?? 0); // (no start: nothing to fill, checked above)
  const temps: GpuArray[] = [];
  try {
    const x = movedLast(a, reduced, loop.ins[1]);
    temps.push(x);
    let mask: GpuArray;
    if (o.where instanceof GpuArray) {
      const full = o.where.broadcastTo(a.shape);
      temps.push(full);
      mask = movedLast(full, reduced, dtypes.bool);
    } else mask = scalarOf(true, dtypes.bool, a); // not read
    temps.push(mask);
    const init = scalarOf(start ?? false, out, a);
    temps.push(init);
    // y[r] folds row r of src (rowLen elements) in n chunks of `step`, from `first` or each chunk's first element.
    const run = (src: GpuArray, y: GpuArray, rowLen: number, step: number, n: number, first: GpuArray, from: boolean, useMask: boolean) => {
      if (y.size > 0) kernel(loop, 'gpa_fold_reduce')(gridFor(y.size, 128), 128, [src, y, mask, first, y.size, rowLen, step, n, from ? 1 : 0, useMask ? 1 : 0]);
      return y;
    };
    // Reorderable and long: chunks of each row from the identity, then the chunks' results from `start`.
    const chunks = identity !== null && !masked ? Math.max(1, Math.min(Math.ceil(len / 256), Math.floor(65536 / Math.max(rows, 1)))) : 1;
    if (chunks === 1) return run(x, GpuArray.allocate(shape, out, a.device), len, len, 1, init, start !== undefined, masked);
    const chunk = Math.ceil(len / chunks);
    const id = scalarOf(identityValue(u, out), out, a);
    temps.push(id);
    const partial = run(x, GpuArray.allocate([rows * chunks], out, a.device), len, chunk, chunks, id, true, false);
    temps.push(partial);
    return run(partial, GpuArray.allocate(shape, out, a.device), chunks, chunks, 1, init, true, false);
  } finally {
    for (const t of temps) t.dispose();
  }
}

/** ufunc.accumulate of a binary ufunc without a scan of its own: NumPy's sequential loop along `axis`. */
export function foldAccumulate(u: Ufunc, a: GpuArray, axis: number | null, want: DType | undefined, out: GpuArray | undefined): GpuArray {
  const name = `${u.name}.accumulate`;
  if (a.ndim === 0) throw new TypeError(`${name}: cannot accumulate on a scalar`);
  if (axis === null && a.ndim > 1) throw new RangeError('accumulate does not allow multiple axes');
  const ax = axisOf(axis ?? 0, a.ndim);
  const loop = foldLoop(u, a, want, true);
  const len = a.shape[ax];
  if (a.size === 0) return intoOut(name, GpuArray.allocate(a.shape, loop.outs[0], a.device), out);
  const { x, restore } = alongAxis(a, ax, loop.ins[1]);
  try {
    const rows = a.size / len;
    const moved = build(x.shape, loop.outs[0], (y) => kernel(loop, 'gpa_fold_accumulate')(gridFor(rows, 128), 128, [x, y, rows, len]), a.device);
    return intoOut(name, restore(moved), out);
  } finally {
    x.dispose();
  }
}

/** reduceat's indices as host integers in [0, len), checked as NumPy's (IndexError past the axis). */
function reduceatIndices(name: string, indices: unknown, len: number): bigint[] {
  let list: unknown[];
  if (indices instanceof GpuArray) {
    if (!(indices.dtype.isInteger || indices.dtype.kind === 'b') || indices.ndim !== 1) throw new TypeError(`${name}: indices must be a 1-D integer array`);
    list = Array.from(indices.toTypedArray() as ArrayLike<number | bigint>);
  } else if (Array.isArray(indices) || ArrayBuffer.isView(indices)) list = Array.from(indices as ArrayLike<unknown>);
  else if (typeof indices === 'number' || typeof indices === 'bigint') list = [indices];
  else throw new TypeError(`${name}: indices must be a list or a 1-D integer array`);
  return list.map((v) => {
    if (!((typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint')) throw new TypeError(`${name}: indices must be integers, got ${String(v)}`);
    const i = BigInt(v);
    if (i < 0n || i >= BigInt(len)) throw new IndexError(`index ${i} out-of-bounds in ${name} [0, ${len})`);
    return i;
  });
}

/**
 * ufunc.reduceat: along `axis`, result j folds a[indices[j]:indices[j + 1]] when the next index
 * is larger, else is a[indices[j]]; the last runs to the end. `dtype` as the ufunc's reduce.
 */
export function foldReduceat(u: Ufunc, a: GpuArray, indices: unknown, axis: number | null, want: DType | undefined, out: GpuArray | undefined): GpuArray {
  const name = `${u.name}.reduceat`;
  if (a.ndim === 0) throw new TypeError(`${name}: cannot reduceat on a scalar`);
  // NumPy 2.4 takes axis None for a 1-D array (its one axis) and refuses it otherwise.
  if (axis === null && a.ndim !== 1) throw new RangeError('reduceat does not allow multiple axes');
  const ax = axisOf(axis ?? 0, a.ndim);
  const idx = reduceatIndices(name, indices, a.shape[ax]);
  const loop = foldLoop(u, a, want, true);
  const shape = a.shape.map((d, i) => (i === ax ? idx.length : d));
  const rows = a.shape.reduce((n, d, i) => (i === ax ? n : n * d), 1);
  if (rows * idx.length === 0) return intoOut(name, GpuArray.allocate(shape, loop.outs[0], a.device), out);
  const { x, restore } = alongAxis(a, ax, loop.ins[1]);
  const dev = GpuArray.allocate([idx.length], dtypes.int64, a.device).set(BigInt64Array.from(idx));
  try {
    const movedShape = [...shape.filter((_, i) => i !== ax), idx.length];
    const moved = build(movedShape, loop.outs[0], (y) => kernel(loop, 'gpa_fold_reduceat')(gridFor(rows * idx.length, 128), 128, [x, y, dev, rows, a.shape[ax], idx.length]), a.device);
    return intoOut(name, restore(moved), out);
  } finally {
    x.dispose();
    dev.dispose();
  }
}
