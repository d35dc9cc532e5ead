// numpy.ravel_multi_index, the inverse of unravelIndex: flat indices from per-axis coordinates,
// composed from int64 element-wise ops (the bounds check of mode 'raise' is one read-back).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { broadcastShapes, integerValue } from '../core/shape.js';
import { describeValue, checkPositionalCount, orderLetter } from '../util/options.js';
import { ArrayLike, bindArgsNoneDefault, toArray } from './array-args.js';
import { zeros } from './creation.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** How ravelMultiIndex treats a coordinate outside [0, dim): NumPy's clip modes. */
export type RavelMode = 'raise' | 'wrap' | 'clip';

/** Options of gp.ravelMultiIndex: `mode` (one, or one per dimension) and `order` ('C' row-major, 'F' column-major). */
export type RavelMultiIndexOptions = { mode?: RavelMode | readonly RavelMode[]; order?: 'C' | 'F' };

/** ravelMultiIndex's parameters after dims: NumPy's `mode` and `order` by position, or one options object. */
export type RavelMultiIndexArg = RavelMode | readonly RavelMode[] | 'C' | 'F' | null | RavelMultiIndexOptions | undefined;

const INT64_MAX = 2n ** 63n - 1n;

function modesOf(mode: unknown, nd: number): RavelMode[] {
  const one = (m: unknown): RavelMode => {
    if (m === 'raise' || m === 'wrap' || m === 'clip') return m;
    throw new RangeError(`ravelMultiIndex: clipmode must be one of 'clip', 'raise', or 'wrap' (got ${describeValue(m)})`);
  };
  if (mode === undefined) return Array.from({ length: nd }, () => 'raise');
  if (!Array.isArray(mode)) return Array.from({ length: nd }, () => one(mode));
  if (mode.length !== nd) throw new RangeError(`ravelMultiIndex: list of clipmodes has wrong length (${mode.length} instead of ${nd})`);
  return mode.map(one);
}

/** A coordinate moved into [0, m) as NumPy's raise/wrap/clip (raise: already checked). */
function fixScalar(j: bigint, m: bigint, mode: RavelMode): bigint {
  if (mode === 'wrap') return ((j % m) + m) % m;
  if (mode === 'clip') return j < 0n ? 0n : j >= m ? m - 1n : j;
  return j;
}

/**
 * numpy.ravel_multi_index(multi_index, dims, mode='raise', order='C'): the flat index of each
 * coordinate tuple in an array of shape `dims`. `multiIndex` holds one integer array-like per
 * dimension (broadcast together); all JS numbers give a JS number, otherwise an int64 GpuArray of
 * the broadcast shape. `mode` 'raise' (a coordinate out of range is a RangeError, NumPy's
 * ValueError), 'wrap' or 'clip', one for all dimensions or a list of one per dimension.
 */
export function ravelMultiIndex(multiIndex: readonly number[], dims: number | readonly number[], ...args: RavelMultiIndexArg[]): number;
export function ravelMultiIndex(multiIndex: readonly ArrayLike[] | GpuArray, dims: number | readonly number[], ...args: RavelMultiIndexArg[]): GpuArray;
export function ravelMultiIndex(multiIndex: readonly ArrayLike[] | GpuArray, dims: number | readonly number[], ...args: RavelMultiIndexArg[]): GpuArray | number {
  checkPositionalCount('ravelMultiIndex', arguments, 2, 4);
  const fn = 'ravelMultiIndex';
  // NumPy's ravel_multi_index(multi_index, dims, mode='raise', order='C'): mode and order by
  // position or option (None is the default; the order letter in either case).
  const o = bindArgsNoneDefault(fn, args, ['mode', 'order']) as RavelMultiIndexOptions;
  const order = orderLetter(o.order ?? 'C');
  if (order !== 'C' && order !== 'F') throw new RangeError(`${fn}: only 'C' or 'F' order is permitted (got ${describeValue(order)})`);
  if (typeof dims === 'object' && dims !== null && !Array.isArray(dims)) dims = integerValue(dims) as number;
  const shape = typeof dims === 'number' ? [dims] : Array.isArray(dims) ? (dims.map(integerValue) as number[]) : null;
  if (shape === null) throw new TypeError(`${fn}: dims must be an integer or a list of integers, got ${describeValue(dims)}`);
  for (const d of shape) {
    if (typeof d !== 'number' || !Number.isSafeInteger(d)) throw new TypeError(`${fn}: dims must be integers, got ${describeValue(d)}`);
    if (d < 0) throw new RangeError(`${fn}: dims must be non-negative, got ${d}`);
  }
  const nd = shape.length;
  const modes = modesOf(o.mode, nd);
  // Row-major (C) or column-major (F) strides, refusing a size beyond int64 as NumPy does.
  const strides = new Array<bigint>(nd);
  let s = 1n;
  for (let k = 0; k < nd; k++) {
    const i = order === 'C' ? nd - 1 - k : k;
    strides[i] = s;
    s *= BigInt(shape[i]);
    if (s > INT64_MAX) throw new RangeError(`${fn}: invalid dims: array size defined by dims is larger than the maximum possible size.`);
  }
  // A GpuArray of shape (nd, ...) is a sequence of nd coordinate arrays, as in NumPy.
  const parts: unknown[] = multiIndex instanceof GpuArray ? (multiIndex.ndim === 0 ? [] : Array.from({ length: multiIndex.shape[0] }, (_, i) => multiIndex.slice(i))) : Array.isArray(multiIndex) ? [...multiIndex] : [];
  const made = multiIndex instanceof GpuArray ? (parts as GpuArray[]) : [];
  try {
    if ((!Array.isArray(multiIndex) && !(multiIndex instanceof GpuArray)) || parts.length !== nd) throw new RangeError(`${fn}: parameter multi_index must be a sequence of length ${nd}`);
    const zeroDim = () => {
      if (shape.includes(0)) throw new RangeError(`${fn}: cannot unravel if shape has zero entries (is empty).`);
    };
    if (parts.every((p) => typeof p === 'number' || typeof p === 'bigint')) {
      const js = parts.map((p) => {
        if (typeof p === 'number' && !Number.isSafeInteger(p)) throw new TypeError(`${fn}: only int indices permitted, got ${p}`);
        return BigInt(p as number | bigint);
      });
      zeroDim();
      let flat = 0n;
      for (let i = 0; i < nd; i++) {
        const m = BigInt(shape[i]);
        if (modes[i] === 'raise' && (js[i] < 0n || js[i] >= m)) throw new RangeError(`${fn}: invalid entry in coordinates array`);
        flat += fixScalar(js[i], m, modes[i]) * strides[i];
      }
      return Number(flat);
    }
    const arrays = parts.map((p, i) => {
      const a = toArray(p, `${fn}: multi_index[${i}]`);
      if (a !== p) made.push(a);
      if (a.dtype.kind !== 'i' && a.dtype.kind !== 'u' && a.dtype !== dtypes.bool) throw new TypeError(`${fn}: only int indices permitted, got ${a.dtype.name}`);
      return a;
    });
    const outShape = broadcastShapes(...arrays.map((a) => a.shape));
    const count = outShape.reduce((p, d) => p * d, 1);
    if (count > 0) zeroDim();
    // An empty result is returned as it is made (not kept with the temporaries: they are disposed).
    if (count === 0) return zeros(outShape, dtypes.int64);
    const keep = (a: GpuArray) => (made.push(a), a);
    let flat = keep(zeros(outShape, dtypes.int64));
    let bad: GpuArray | null = null;
    for (let i = 0; i < nd; i++) {
      const m = shape[i];
      let c = keep(arrays[i].astype(dtypes.int64));
      if (modes[i] === 'raise') {
        const out = keep(U.logicalOr(keep(U.less(c, 0) as GpuArray), keep(U.greaterEqual(c, m) as GpuArray)) as GpuArray);
        bad = bad === null ? out : keep(U.logicalOr(bad, out) as GpuArray);
      } else if (modes[i] === 'wrap') c = keep(U.remainder(c, m) as GpuArray);
      else c = keep(U.clip(c, 0, m - 1) as GpuArray);
      const term = keep(U.multiply(c, Number(strides[i])) as GpuArray);
      flat = keep(U.add(flat, term) as GpuArray);
    }
    // NumPy raises before returning anything: one read of "any coordinate out of range".
    if (bad !== null && Boolean(keep(bad.any()).item())) throw new RangeError(`${fn}: invalid entry in coordinates array`);
    made.splice(made.indexOf(flat), 1);
    return flat;
  } finally {
    for (const a of made) a.dispose();
  }
}
