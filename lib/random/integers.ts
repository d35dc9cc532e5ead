// Generator.integers: low + Lemire's unbiased bounded draw in [0, high - low] for every integer
// dtype (and bool), exact for 64-bit ranges; bounds are numbers, bigints or arrays (broadcast).
import { DType, dtype as toDType, DTypeLike, integerRange } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { flattenNested } from '../core/host-data.js';
import { broadcastShapes, shapeSize } from '../core/shape.js';
import { array, empty } from '../ops/creation.js';
import type { Philox } from './bit-generator.js';
import { fillIntegers32, runSampler } from './kernels.js';
import { Size, sizeShape } from './params.js';

type Bound = number | bigint | GpuArray | readonly unknown[];

/** NumPy converts float bounds as int() does: toward zero; NaN and infinities are refused. */
function truncated(v: number, what: string): bigint {
  if (!Number.isFinite(v)) throw new RangeError(`integers: cannot convert ${what} = ${v} to an integer`);
  return BigInt(Math.trunc(v));
}

/** A nested JS list holding a bigint and otherwise numbers: its shape and C-order leaves; else null. */
function bigintList(v: unknown): { shape: number[]; values: (number | bigint)[] } | null {
  if (!Array.isArray(v)) return null;
  const { shape, flat } = flattenNested(v);
  const numeric = flat.every((x) => typeof x === 'number' || typeof x === 'bigint');
  return numeric && flat.some((x) => typeof x === 'bigint') ? { shape, values: flat as (number | bigint)[] } : null;
}

function boundValues(v: Bound, what: string): { shape: number[]; values: bigint[] } {
  if (typeof v === 'number') return { shape: [], values: [truncated(v, what)] };
  if (typeof v === 'bigint') return { shape: [], values: [v] };
  // A JS list of integers is read on the host, so a bigint past int64 (2n ** 64n, uint64's exclusive
  // high) is its value, as NumPy's list of Python ints.
  const host = bigintList(v);
  if (host !== null) return { shape: host.shape, values: host.values.map((x) => (typeof x === 'number' ? truncated(x, what) : x)) };
  const a = v instanceof GpuArray ? v : array(v);
  try {
    const real = a.dtype.kind === 'f';
    if (!a.dtype.isInteger && !a.dtype.isBool && !real) throw new TypeError(`integers: ${what} must be integers, got a ${a.dtype.name} array`);
    const values = Array.from(a.toTypedArray() as ArrayLike<number | bigint>, (x) => (typeof x === 'number' ? truncated(x, what) : BigInt(x)));
    return { shape: [...a.shape], values };
  } finally {
    if (a !== v) a.dispose();
  }
}

/** Values of a broadcast to `shape`, in C order. */
function broadcastValues(src: { shape: number[]; values: bigint[] }, shape: readonly number[]): (i: number) => bigint {
  if (src.values.length === 1) return () => src.values[0];
  const nd = shape.length;
  const sshape = [...new Array<number>(nd - src.shape.length).fill(1), ...src.shape];
  const sstr = new Array<number>(nd);
  let acc = 1;
  for (let d = nd - 1; d >= 0; d--) {
    sstr[d] = sshape[d] === 1 ? 0 : acc;
    acc *= sshape[d];
  }
  return (i: number) => {
    let off = 0;
    let r = i;
    for (let d = nd - 1; d >= 0; d--) {
      const c = r % shape[d];
      r = Math.floor(r / shape[d]);
      off += c * sstr[d];
    }
    return src.values[off];
  };
}

/**
 * The dtype of `method`'s integers (default int64 when omitted): an integer dtype or bool, else
 * NumPy's TypeError; null is NumPy's dtype=None, float64, so refused too.
 */
export function integerDType(dt: DTypeLike | null | undefined, method: string): DType {
  const d: DType = toDType(dt === undefined ? 'int64' : dt === null ? 'float64' : dt);
  if (!d.isInteger && !d.isBool) throw new TypeError(`${method}: Unsupported dtype ${d.name} for ${method}`);
  return d;
}

export function integers(bg: Philox, lowIn: Bound, highIn: Bound | null | undefined, size: Size, dt: DTypeLike, endpoint: boolean): GpuArray {
  const d = integerDType(dt, 'integers');
  const sz = sizeShape(size, 'integers');
  // A size of no elements: NumPy returns the empty array before it reads the bounds (their shapes too).
  if (sz !== null && shapeSize(sz) === 0) return empty(sz, d);
  let low = lowIn;
  let high = highIn;
  if (high === null || high === undefined) {
    high = low;
    low = 0;
  }
  const lo = boundValues(low, 'low');
  const hi = boundValues(high, 'high');
  const { min, max } = d.isBool ? { min: 0n, max: 1n } : integerRange(d);
  let shape: number[];
  try {
    shape = broadcastShapes(lo.shape, hi.shape);
    if (sz !== null) {
      const j = broadcastShapes(shape, sz);
      if (j.length !== sz.length || j.some((x, i) => x !== sz[i])) throw new Error();
      shape = sz;
    }
  } catch {
    throw new RangeError('shape mismatch: objects cannot be broadcast to a single shape');
  }
  // No values to draw (bounds of a zero-length shape): NumPy returns the empty array before checking their values.
  if (shapeSize(shape) === 0) return empty(shape, d);
  // NumPy's checks, on every value.
  const inclusiveMaxOf = (h: bigint) => (endpoint ? h : h - 1n);
  for (const l of lo.values) if (l < min) throw new RangeError(`low is out of bounds for ${d.name}`);
  for (const h of hi.values) if (inclusiveMaxOf(h) > max) throw new RangeError(`high is out of bounds for ${d.name}`);
  const scalar = lo.values.length === 1 && hi.values.length === 1 && lo.shape.length === 0 && hi.shape.length === 0;
  const n = shapeSize(shape);
  const getLo = broadcastValues(lo, shape);
  const getHi = broadcastValues(hi, shape);
  const check = (l: bigint, h: bigint) => {
    if (endpoint ? l > h : l >= h) throw new RangeError(endpoint ? 'low > high' : 'low >= high');
  };
  if (scalar) check(lo.values[0], hi.values[0]);
  else for (let i = 0; i < n; i++) check(getLo(i), getHi(i));

  const out = empty(shape, d);
  try {
    const wide = d.itemsize === 8;
    const M64 = (1n << 64n) - 1n;
    if (scalar && !wide) {
      const l = lo.values[0];
      const rng = inclusiveMaxOf(hi.values[0]) - l;
      fillIntegers32(bg, out, Number(BigInt.asUintN(32, l)), Number(rng));
    } else if (scalar) {
      const l = lo.values[0];
      runSampler(bg, WIDE, out, [BigInt.asUintN(64, l), inclusiveMaxOf(hi.values[0]) - l]);
    } else {
      // Array bounds: per-element (low, range) computed here and uploaded.
      const lows = new BigUint64Array(n);
      const rngs = new BigUint64Array(n);
      for (let i = 0; i < n; i++) {
        const l = getLo(i);
        lows[i] = BigInt.asUintN(64, l);
        rngs[i] = (inclusiveMaxOf(getHi(i)) - l) & M64;
      }
      const la = array(lows, 'uint64').reshape(shape);
      const ra = array(rngs, 'uint64').reshape(shape);
      try {
        runSampler(bg, wide ? WIDE : NARROW, out, [la, ra]);
      } finally {
        la.dispose();
        ra.dispose();
      }
    }
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

// 64-bit dtypes: two words per element (Lemire on 64 bits, or on 32 when the range fits).
const WIDE = { name: 'integers64', words: 2 as const, params: ['unsigned long long', 'unsigned long long'] as const, expr: 'A + gpa::rng::bounded64(s, B)' };
// Narrow dtypes with array bounds: one word per element, the same numbers as fillIntegers32.
const NARROW = { name: 'integers32', words: 1 as const, params: ['unsigned long long', 'unsigned long long'] as const, expr: '(uint32_t)A + gpa::rng::bounded32(s, (uint32_t)B)' };

