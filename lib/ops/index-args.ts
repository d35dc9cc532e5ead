// The index-array arguments of take, put, choose and the *AlongAxis functions, read as NumPy
// reads them: the clip mode, integer index arrays (bool cast, floats refused except a JS list for
// take and put, truncated as Python's int()), and put/choose's refusal of uint64 ('safe' to intp).
import { GpuArray } from '../core/gpu-array.js';
import { checkDense } from '../core/shape.js';
import { dtypes } from '../core/dtype.js';
import { IndexError } from '../../bindings/errors.js';
import { toArray } from './array-args.js';
import type { IndexMode } from './gather.js';
import { shown } from '../util/options.js';

/** numpy.take's `mode` ('raise' when omitted). */
export function checkMode(mode: unknown): IndexMode {
  if (mode === undefined) return 'raise';
  // NumPy's clipmode converter raises ValueError.
  if (mode !== 'raise' && mode !== 'wrap' && mode !== 'clip') throw new RangeError(`clipmode must be one of 'clip', 'raise', or 'wrap', got ${shown(mode)}`);
  return mode;
}

/** Is `x` a (nested) list with no elements? Depth-capped: x.flat(Infinity) overflows the stack on a cyclic list. */
function emptyNested(x: readonly unknown[], depth: number): boolean {
  // every() skips holes: new Array(2) was the empty index, and a sparse list of length 2**32 - 1 a hang.
  checkDense('indices', 'the index list', x);
  return depth < 64 && x.every((e) => Array.isArray(e) && emptyNested(e, depth + 1));
}

/**
 * An integer index array (host data is converted to int64). As NumPy's take/put/choose, bool
 * indices are cast to integers (True is 1) and float ones are a TypeError (no safe cast), but a
 * JS list of floats is truncated for take and put (`truncHost`: NumPy's int() of each Python
 * float); the *AlongAxis functions (`strict`) take integer arrays only (IndexError).
 */
export function intIndices(x: unknown, made: GpuArray[], strict = false, truncHost = false): GpuArray {
  const a = x instanceof GpuArray ? x : Array.isArray(x) && emptyNested(x, 0) ? toArray(new BigInt64Array(0), 'indices') : toArray(x, 'indices');
  if (a !== x) made.push(a);
  if (truncHost && a.dtype.isFloat && !(x instanceof GpuArray)) {
    const t = truncatedIndices(a);
    made.push(t);
    return t;
  }
  if (a.dtype.kind !== 'i' && a.dtype.kind !== 'u') {
    if ((a.dtype.isFloat && !(x instanceof GpuArray) && a.size === 0) || (a.dtype === dtypes.bool && !strict)) {
      const e = a.astype('int64');
      made.push(e);
      return e;
    }
    if (strict) throw new IndexError('`indices` must be an integer array');
    throw new TypeError(`Cannot cast array data from dtype('${a.dtype.name}') to dtype('int64') according to the rule 'safe'`);
  }
  return a;
}

/** put and choose convert indices to intp under 'safe' casting, which uint64 fails (take's 'same_kind' does not). */
export function noUint64(idx: GpuArray): GpuArray {
  if (idx.dtype === dtypes.uint64) throw new TypeError("Cannot cast array data from dtype('uint64') to dtype('int64') according to the rule 'safe'");
  return idx;
}

/**
 * take and put convert a JS list of floats to intp element by element, as NumPy's int() of each
 * Python float (np.take(a, [1.5]) takes a[1], -1.5 is -1; NaN and values beyond int64 are errors).
 * The values came from the host, so they are read back here.
 */
function truncatedIndices(a: GpuArray): GpuArray {
  const out = new BigInt64Array(a.size);
  Array.from(a.toTypedArray() as Float64Array).forEach((v, k) => {
    if (Number.isNaN(v)) throw new RangeError('cannot convert float NaN to integer');
    if (!(Math.abs(v) < 2 ** 63)) throw new RangeError(`${v} is out of bounds for int64`);
    out[k] = BigInt(Math.trunc(v));
  });
  const t = toArray(out, 'indices');
  const r = t.reshape(a.shape as number[]);
  t.dispose();
  return r;
}
