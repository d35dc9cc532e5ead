// diff and ediff1d: differences of neighbours along an axis (not_equal for bool, as NumPy), with
// values prepended/appended first; built on views, the subtract ufunc and slice assignment.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { canCastSameKind, promoteSequence } from '../core/promotion.js';
import { normalizeAxis } from '../core/shape.js';
import type { Index } from '../core/indexing.js';
import { ComplexLike, isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { ArrayLike, bindArgs, toArray, withArray } from './array-args.js';
import { full } from './creation.js';
import { ufuncFunctions } from './ufunc-api.js';

/** A prepend/append value of diff: a scalar (broadcast to one slice) or an array. */
type Edge = number | bigint | boolean | ComplexLike | Scalar | GpuArray | readonly unknown[];

/** Options of diff (numpy.diff's axis, prepend and append). */
export interface DiffOptions {
  /** The number of times to take differences (default 1), when not given by position. */
  n?: number;
  /** Axis along which to take differences (default -1). */
  axis?: number;
  /** Values put before a along axis (a scalar is broadcast to one slice). */
  prepend?: Edge;
  /** Values put after a along axis. */
  append?: Edge;
}

/** `index` on axis `ax`, every other axis whole. */
function along(ndim: number, ax: number, index: Index): Index[] {
  const idx: Index[] = new Array(ndim).fill(undefined);
  idx[ax] = index;
  return idx;
}

/** An edge value as an array of a's shape with axis length 1 (scalars, 0-d) or itself. */
function edgeArray(e: Edge, a: GpuArray, ax: number): { arr: GpuArray; owned: boolean } {
  const sliceShape = a.shape.map((d, i) => (i === ax ? 1 : d));
  if (e instanceof GpuArray) {
    if (e.ndim === 0) {
      const b = GpuArray.allocate(sliceShape, e.dtype, a.device);
      kernelHooks().assign(b, e);
      return { arr: b, owned: true };
    }
    return { arr: e, owned: false };
  }
  // Lists, bigints, complex values and typed scalars as NumPy's np.asanyarray(value) makes them.
  if (Array.isArray(e) || typeof e === 'bigint' || isComplexLike(e) || e instanceof Scalar) {
    const arr = toArray(e, 'diff: prepend/append');
    const r = edgeArray(arr, a, ax);
    if (r.arr !== arr) arr.dispose();
    return { arr: r.arr, owned: true };
  }
  if (typeof e !== 'number' && typeof e !== 'boolean') throw new TypeError('diff: prepend/append must be a number, a bigint, a boolean, a complex value, a list or a GpuArray');
  // NumPy takes np.asanyarray(value), a strong int64/float64/bool array (not a weak scalar), so
  // diff(int8, prepend=0) is int64 and diff(float32, prepend=0.5) float64.
  const d = typeof e === 'boolean' ? dtypes.bool : Number.isInteger(e) && Math.abs(e) < 2 ** 63 ? dtypes.int64 : dtypes.float64;
  return { arr: full(sliceShape, e, d), owned: true };
}

/** Concatenate along axis ax (shapes must agree elsewhere). */
function concatAxis(parts: GpuArray[], ax: number): GpuArray {
  const d = promoteSequence(parts.map((p) => p.dtype)); // np.concatenate's result_type
  const base = parts[0].shape;
  for (const p of parts) {
    if (p.ndim !== base.length || p.shape.some((s, i) => i !== ax && s !== base[i])) {
      throw new RangeError('diff: all the input array dimensions except for the concatenation axis must match exactly');
    }
  }
  const shape = base.map((s, i) => (i === ax ? parts.reduce((t, p) => t + p.shape[ax], 0) : s));
  const out = GpuArray.allocate(shape, d, parts[0].device);
  let at = 0;
  for (const p of parts) {
    const len = p.shape[ax];
    if (len > 0 && p.size > 0) {
      const v = out.slice(...along(shape.length, ax, `${at}:${at + len}`));
      kernelHooks().assign(v, p);
      v.dispose();
    }
    at += len;
  }
  return out;
}

/** numpy.diff: the n-th discrete difference along axis (default -1); n, axis, prepend, append by position or option. */
export function diff(a: ArrayLike, ...more: (number | ArrayLike | null | (DiffOptions & { n?: number }) | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'diff: a', (x) => diff(x, ...more));
  // NumPy's order: n, axis, prepend, append (by position or option).
  const options = bindArgs('diff', more, ['n', 'axis', 'prepend', 'append']) as DiffOptions & { n?: number };
  const n = options.n ?? 1;
  if (!Number.isInteger(n)) throw new TypeError('diff: n must be an integer');
  // NumPy returns the input at once for n = 0, whatever its axis and ndim.
  if (n === 0) return a.copy();
  if (n < 0) throw new RangeError(`order must be non-negative but got ${n}`);
  if (a.ndim === 0) throw new RangeError('diff requires input that is at least one dimensional');
  // NumPy's diff takes no axis=None (its TypeError): only an integer axis.
  if (options.axis === null) throw new TypeError("diff: 'NoneType' object cannot be interpreted as an integer (axis must be an integer)");
  const ax = normalizeAxis(options.axis ?? -1, a.ndim);
  const owned: GpuArray[] = [];
  try {
    let cur = a;
    if (options.prepend !== undefined || options.append !== undefined) {
      const parts: GpuArray[] = [];
      for (const e of [options.prepend, a, options.append]) {
        if (e === undefined) continue;
        if (e === a) parts.push(a);
        else {
          const { arr, owned: own } = edgeArray(e, a, ax);
          if (own) owned.push(arr);
          parts.push(arr);
        }
      }
      cur = concatAxis(parts, ax);
      owned.push(cur);
    }
    for (let k = 0; k < n; k++) {
      const len = cur.shape[ax];
      // An empty axis stays empty (same shape and dtype) however many more times: stop there
      // (a huge n would otherwise loop for minutes).
      if (len === 0 && k > 0) break;
      const hi = cur.slice(...along(cur.ndim, ax, len === 0 ? '0:0' : '1:'));
      const lo = cur.slice(...along(cur.ndim, ax, len === 0 ? '0:0' : ':-1'));
      const next = (cur.dtype === dtypes.bool ? ufuncFunctions.notEqual(hi, lo) : ufuncFunctions.subtract(hi, lo)) as GpuArray;
      hi.dispose();
      lo.dispose();
      owned.push(next);
      cur = next;
    }
    owned.pop();
    return cur;
  } finally {
    for (const o of owned) o.dispose();
  }
}

/** numpy.ediff1d: differences of the flattened array, with toBegin/toEnd around them (in ary's dtype). */
export function ediff1d(ary: ArrayLike, ...more: (ArrayLike | null | { toEnd?: ArrayLike | null; toBegin?: ArrayLike | null } | undefined)[]): GpuArray {
  // NumPy's ediff1d(ary, to_end=None, to_begin=None): by position or option.
  const options = bindArgs('ediff1d', more, ['toEnd', 'toBegin']) as { toEnd?: ArrayLike | null; toBegin?: ArrayLike | null };
  if (!(ary instanceof GpuArray)) return withArray(ary, 'ediff1d: ary', (x) => ediff1d(x, options));
  // NumPy's asanyarray(to_begin/to_end): host edges (lists, TypedArrays, scalars) become arrays.
  const hostEdge = (e: unknown) => e !== undefined && e !== null && !(e instanceof GpuArray);
  if (hostEdge(options.toBegin) || hostEdge(options.toEnd)) {
    const up = (e: ArrayLike | null | undefined) => (hostEdge(e) ? toArray(e, 'ediff1d: toBegin/toEnd') : (e as GpuArray | null | undefined));
    const tb = up(options.toBegin);
    const te = up(options.toEnd);
    try {
      return ediff1d(ary, { toBegin: tb, toEnd: te });
    } finally {
      if (tb !== options.toBegin) tb?.dispose();
      if (te !== options.toEnd) te?.dispose();
    }
  }
  // NumPy: ediff1d subtracts (no bool loop), and its edges must cast to ary's dtype same_kind.
  if (ary.dtype.isBool) throw new TypeError('ediff1d: numpy boolean subtract, the `-` operator, is not supported; use logical_xor or diff');
  for (const e of [options.toBegin, options.toEnd]) {
    if (e instanceof GpuArray && !canCastSameKind(e.dtype, ary.dtype)) {
      throw new TypeError('ediff1d: dtype of `to_begin`/`to_end` must be compatible with input `ary` under the `same_kind` rule.');
    }
  }
  const flatA = ary.reshape([ary.size]);
  try {
    const d = ary.size === 0 ? GpuArray.allocate([0], ary.dtype, ary.device) : diff(flatA);
    // Cast into ary's dtype as NumPy's result[:n] = to_begin (wrapping, once same_kind allowed it).
    const edge = (e: ArrayLike | null | undefined): GpuArray | null => {
      if (!(e instanceof GpuArray)) return null;
      const flat = e.reshape([e.size]);
      try {
        return flat.astype(d.dtype);
      } finally {
        if (flat !== e) flat.dispose();
      }
    };
    const b = edge(options.toBegin);
    const e = edge(options.toEnd);
    if (!b && !e) return d;
    const parts = [b, d, e].filter((p): p is GpuArray => p !== null);
    const out = concatAxis(parts, 0);
    for (const p of parts) p.dispose();
    return out;
  } finally {
    flatA.dispose();
  }
}
