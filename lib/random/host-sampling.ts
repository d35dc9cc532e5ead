// choice, permutation, shuffle, permuted and bytes: index sampling on the host from the same
// Philox streams (philox.ts, the host twin of philox.h), with the data moved as raw bytes, so
// every dtype works and the result does not depend on the device. Fisher-Yates step e (swapping
// position n-1-e) takes element e of one call of n-1 elements, two words each.

import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { lengthOf } from '../core/shape.js';
import { canCastSafely, castingError } from '../core/promotion.js';
import { IndexError } from '../../bindings/errors.js';
import { asarray, empty } from '../ops/creation.js';
import type { Philox } from './bit-generator.js';
import { add128, bounded, bounded32, ElementStream, mul32, philox4x32_10 } from './philox.js';
import { refuseComplex, Size, sizeShape } from './params.js';

/** One host-side call of m elements with w words each. */
function hostCall(bg: Philox, m: number, w: number): (e: number) => ElementStream {
  const pos = bg.reserve(BigInt(Math.ceil((m * w) / 4)));
  const key = bg.key;
  return (e) => new ElementStream(key, pos, e, w);
}

/**
 * Bounded draws of one host call of m elements with 2 words each: draw(e, r) is element e's
 * uniform integer in [0, r], exactly boundedInt(ElementStream e, r), with the Philox block
 * shared by elements 2j and 2j+1 computed once and Lemire's first multiply inline.
 */
function boundedDraws(bg: Philox, m: number): (e: number, r: number) => number {
  const pos = bg.reserve(BigInt(Math.ceil((m * 2) / 4)));
  const key = bg.key;
  let block = -1;
  let words: Uint32Array = new Uint32Array(4);
  return (e, r) => {
    const b = Math.floor(e / 2);
    if (b !== block) {
      words = philox4x32_10(add128(pos, b), key);
      block = b;
    }
    if (r < 0xffffffff) {
      const range = r + 1;
      const [hi, lo] = mul32(words[(e & 1) * 2], range);
      if (lo >= range) return hi;
    }
    return boundedInt(new ElementStream(key, pos, e, 2), r);
  };
}

/** Uniform integer in [0, r] (inclusive) from an element's stream. */
function boundedInt(s: ElementStream, r: number): number {
  return r <= 0xffffffff ? bounded32(s, r) : Number(bounded(s, BigInt(r)));
}

/** A Fisher-Yates permutation of 0..n-1. */
function permutationIndices(bg: Philox, n: number): Int32Array | Float64Array {
  const idx = n <= 0x7fffffff ? new Int32Array(n) : new Float64Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const draw = boundedDraws(bg, Math.max(n - 1, 0));
  for (let e = 0; e < n - 1; e++) {
    const i = n - 1 - e;
    const j = draw(e, i);
    const t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
  }
  return idx;
}

/** Host indices (exact in float64) as an int64 device array: converted on the device, not per element in JS. */
function indexArray(idx: Float64Array, shape: readonly number[]): GpuArray {
  const f = asarray(idx, 'float64');
  try {
    return f.reshape(shape).astype('int64');
  } finally {
    f.dispose();
  }
}

function download(x: GpuArray): Uint8Array {
  const c = x.layoutFlags.cContiguous ? x : x.copy();
  try {
    const bytes = new Uint8Array(x.nbytes);
    if (x.nbytes > 0) c.device.backend.copyDeviceToHost(bytes, c.ptr, x.nbytes, c.device.currentStream());
    return bytes;
  } finally {
    if (c !== x) c.dispose();
  }
}

function upload(bytes: Uint8Array, shape: readonly number[], like: GpuArray): GpuArray {
  const out = empty(shape, like.dtype);
  if (bytes.length > 0) out.device.backend.copyHostToDevice(out.ptr, bytes, bytes.length, out.device.currentStream());
  return out;
}

const normAxis = (axisIn: number | bigint | boolean, ndim: number, method: string) => {
  // A bigint axis (gp.int64(1), NumPy's np.int64) is its number; a bool is Python's int (True: 1).
  const axis = typeof axisIn === 'bigint' || typeof axisIn === 'boolean' ? Number(axisIn) : axisIn;
  // NumPy: an axis that is not an integer (0.5, np.float64(1), 'a') is a TypeError.
  if (typeof axis !== 'number' || !Number.isInteger(axis)) throw new TypeError(`${method}: integer argument expected for axis, got ${String(axisIn)}`);
  if (axis < -ndim || axis >= ndim) throw new RangeError(`${method}: axis ${axis} is out of bounds for array of dimension ${ndim}`);
  return axis < 0 ? axis + ndim : axis;
};

/** Rows idx[k] of `bytes` (shape, along axis) into a new buffer. */
function takeAlong(bytes: Uint8Array, shape: readonly number[], axis: number, itemsize: number, idx: ArrayLike<number>): Uint8Array {
  const outer = shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = shape.slice(axis + 1).reduce((a, b) => a * b, 1) * itemsize;
  const len = shape[axis];
  const out = new Uint8Array(outer * idx.length * inner);
  for (let o = 0; o < outer; o++) {
    for (let k = 0; k < idx.length; k++) {
      const src = (o * len + idx[k]) * inner;
      out.set(bytes.subarray(src, src + inner), (o * idx.length + k) * inner);
    }
  }
  return out;
}

function asDeviceArray(x: unknown, method: string): GpuArray {
  if (x instanceof GpuArray) return x;
  if (Array.isArray(x) || ArrayBuffer.isView(x)) return asarray(x);
  throw new TypeError(`${method}: expected an array or an integer, got ${typeof x}`);
}

/**
 * numpy.random.Generator.permutation; `notArray` is the error for an x that is neither an integer
 * nor an array of at least one dimension (Generator's AxisError, a RangeError; RandomState's IndexError).
 */
export function permutation(bg: Philox, x: unknown, axis: number, notArray: new (message: string) => Error = RangeError): GpuArray {
  // A bool is Python's int subclass: permutation(True) permutes arange(1).
  if (typeof x === 'boolean') x = Number(x);
  // A typed float scalar is NumPy's 0-d array: no axis 0 to permute (whatever its value).
  if (x instanceof Scalar) throw new notArray(`permutation: x must be an integer or at least 1-dimensional, got numpy.${x.dtype.name}`);
  if (typeof x === 'number' || typeof x === 'bigint') {
    const n = Number(x);
    // NumPy takes a float as a 0-d array: an axis error (np.random.default_rng().permutation(2.5)).
    if (!Number.isInteger(n)) throw new notArray(`permutation: x must be an integer or at least 1-dimensional, got ${n}`);
    // NumPy permutes arange(n): empty for a negative n.
    if (n <= 0) return indexArray(new Float64Array(0), [0]);
    const idx = permutationIndices(bg, n);
    return indexArray(Float64Array.from(idx as ArrayLike<number>), [n]);
  }
  const a = asDeviceArray(x, 'permutation');
  try {
    if (a.ndim < 1) throw new notArray('permutation: x must be an integer or at least 1-dimensional');
    const ax = normAxis(axis, a.ndim, 'permutation');
    const idx = permutationIndices(bg, a.shape[ax]);
    return upload(takeAlong(download(a), a.shape, ax, a.itemsize, idx), a.shape, a);
  } finally {
    if (a !== x) a.dispose();
  }
}

export function shuffle(bg: Philox, x: unknown, axis: number): void {
  if (Array.isArray(x)) {
    // A JS array is shuffled in place along its first axis, as NumPy shuffles a list.
    if (axis !== 0) throw new TypeError('shuffle: Axis argument is only supported on ndarray objects');
    const idx = permutationIndices(bg, x.length);
    const copy = x.slice();
    for (let i = 0; i < x.length; i++) x[i] = copy[idx[i]];
    return;
  }
  if (!(x instanceof GpuArray)) throw new TypeError('shuffle: x must be a GpuArray or a JS array (shuffled in place)');
  if (x.ndim < 1) throw new TypeError('shuffle: x must be at least 1-dimensional');
  const ax = normAxis(axis, x.ndim, 'shuffle');
  const idx = permutationIndices(bg, x.shape[ax]);
  const t = upload(takeAlong(download(x), x.shape, ax, x.itemsize, idx), x.shape, x);
  try {
    x.set(t);
  } finally {
    t.dispose();
  }
}

export function permuted(bg: Philox, x: unknown, axis: number | null | undefined, out: unknown): GpuArray {
  const a = asDeviceArray(x, 'permuted');
  try {
    const hasOut = out !== null && out !== undefined;
    // NumPy checks out (its type, x's shape, x's dtype cast 'safe' into it) before the axis.
    if (hasOut) {
      if (!(out instanceof GpuArray)) throw new TypeError('permuted: out must be a GpuArray');
      if (out.ndim !== a.ndim || out.shape.some((d, i) => d !== a.shape[i])) throw new RangeError('permuted: out must have the same shape as x');
      if (!canCastSafely(a.dtype, out.dtype)) throw castingError(a.dtype, out.dtype, 'safe');
    }
    if (a.ndim === 0) {
      // NumPy normalises an axis first: permuted(0-d, axis=0) is its AxisError (a RangeError).
      if (axis !== null && axis !== undefined) normAxis(axis, 0, 'permuted');
      throw new TypeError('permuted: len() of unsized object (x must be at least 1-dimensional)');
    }
    let result: GpuArray;
    if (axis === null || axis === undefined) {
      const idx = permutationIndices(bg, a.size);
      result = upload(takeAlong(download(a), [a.size], 0, a.itemsize, idx), a.shape, a);
    } else {
      const ax = normAxis(axis, a.ndim, 'permuted');
      // Each 1-D slice along the axis shuffled on its own: move the axis last, shuffle rows.
      const len = a.shape[ax];
      const moved = a.transpose([...a.shape.map((_, i) => i).filter((i) => i !== ax), ax]);
      const bytes = download(moved);
      const rows = len === 0 ? 0 : moved.size / len;
      const isz = a.itemsize;
      const shuffled = new Uint8Array(bytes.length);
      for (let r = 0; r < rows; r++) {
        const idx = permutationIndices(bg, len);
        const row = bytes.subarray(r * len * isz, (r + 1) * len * isz);
        shuffled.set(takeAlong(row, [len], 0, isz, idx), r * len * isz);
      }
      const m = upload(shuffled, moved.shape, a);
      const inv = [...moved.shape.keys()].map(() => 0);
      [...a.shape.keys()].filter((i) => i !== ax).forEach((src, k) => (inv[src] = k));
      inv[ax] = a.ndim - 1;
      const back = m.transpose(inv);
      result = back.copy();
      m.dispose();
    }
    if (hasOut) {
      (out as GpuArray).set(result);
      result.dispose();
      return out as GpuArray;
    }
    return result;
  } finally {
    if (a !== x) a.dispose();
  }
}

/** `length` bytes: the words of ceil(length / 16) blocks, little-endian. */
export function randomBytes(bg: Philox, lengthIn: number | bigint): Uint8Array {
  // A bool is Python's int subclass: bytes(True) is one byte.
  const length = lengthOf(typeof lengthIn === 'boolean' ? Number(lengthIn) : lengthIn);
  if (typeof length !== 'number' || !Number.isInteger(length)) throw new TypeError(`bytes: length must be an integer, got ${lengthIn === null ? 'null' : typeof lengthIn}`);
  if (length < 0) throw new RangeError('bytes: length must be a non-negative integer');
  const blocks = Math.ceil(length / 16);
  const pos = bg.reserve(BigInt(blocks));
  const out = new Uint8Array(blocks * 16);
  const view = new DataView(out.buffer);
  let ctr = pos;
  for (let b = 0; b < blocks; b++) {
    const w = philox4x32_10(ctr, bg.key);
    for (let k = 0; k < 4; k++) view.setUint32(b * 16 + 4 * k, w[k], true);
    ctr = addOne(ctr);
  }
  return out.subarray(0, length);
}

function addOne(c: readonly number[]): number[] {
  const out = [...c];
  for (let i = 0; i < 4; i++) {
    out[i] = (out[i] + 1) % 4294967296;
    if (out[i] !== 0) break;
  }
  return out;
}

/**
 * choice of k from arange(n) for n past 2**53, without p: boundedDraws' streams and steps (uniform
 * draws, or the sparse partial Fisher-Yates) in bigint arithmetic, as an int64 array.
 */
function bigChoice(bg: Philox, n: bigint, k: number, replace: boolean, doShuffle: boolean, shape: readonly number[]): GpuArray {
  // NumPy draws indices as int64: n - 1 must fit (without replacement n itself, a C long); with
  // replacement an empty draw is returned before the bound is read (integers' rule for size 0).
  if ((n > 2n ** 63n && (k > 0 || !replace)) || (n === 2n ** 63n && !replace)) throw new RangeError(`choice: a = ${n} is out of bounds for int64`);
  const pos = bg.reserve(BigInt(Math.ceil((k * 2) / 4)));
  const key = bg.key;
  const draw = (e: number, r: bigint) => bounded(new ElementStream(key, pos, e, 2), r);
  const idx = new BigInt64Array(k);
  if (replace) {
    for (let e = 0; e < k; e++) idx[e] = draw(e, n - 1n);
  } else {
    const moved = new Map<bigint, bigint>();
    const get = (i: bigint) => moved.get(i) ?? i;
    for (let e = 0; e < k; e++) {
      const be = BigInt(e);
      const j = be + draw(e, n - 1n - be);
      const t = get(be);
      moved.set(be, get(j));
      moved.set(j, t);
      idx[e] = get(be);
    }
    if (!doShuffle) idx.sort();
  }
  const flat = asarray(idx, 'int64');
  try {
    return flat.reshape(shape).copy();
  } finally {
    flat.dispose();
  }
}

/** Generator.choice. Indices are drawn on the host; the picked items are gathered there too. */
export function choice(bg: Philox, aIn: unknown, size: Size, replace: boolean, pIn: unknown, axis: number, doShuffle: boolean): GpuArray {
  let pop: GpuArray | null = null;
  let n: number;
  // A bool is Python's int subclass: choice(True) draws from arange(1).
  if (typeof aIn === 'boolean') aIn = Number(aIn);
  // A typed float scalar (gp.float32(1), NumPy's np.float32) is not an integer, whatever its value.
  if (aIn instanceof Scalar) throw new RangeError(`choice: a must be a sequence or an integer, not numpy.${aIn.dtype.name}`);
  if (typeof aIn === 'number' || typeof aIn === 'bigint') {
    n = Number(aIn);
    // NumPy: ValueError "a must be a sequence or an integer, not <class 'float'>".
    if (!Number.isInteger(n)) throw new RangeError(`choice: a must be a sequence or an integer, not ${n}`);
  } else if (aIn instanceof GpuArray && aIn.ndim === 0) {
    // NumPy: a 0-d integer (or bool) array stands for its integer (operator.index); other 0-d arrays are refused.
    if (aIn.dtype.kind !== 'i' && aIn.dtype.kind !== 'u' && aIn.dtype.kind !== 'b') throw new RangeError(`choice: a must be a sequence or an integer, not a 0-d ${aIn.dtype.name} array`);
    const v = aIn.toArray() as number | bigint | boolean;
    n = Number(v);
    if (typeof v === 'bigint') aIn = v;
  } else {
    pop = asDeviceArray(aIn, 'choice');
    if (pop.ndim < 1) throw new RangeError('choice: a must be a sequence or an integer, not a 0-d array');
    // NumPy reads a.shape[axis]: an axis past the dimensions is its IndexError.
    if (typeof axis === 'bigint') axis = Number(axis);
    if (!Number.isInteger(axis)) throw new TypeError(`choice: axis must be an integer, got ${axis}`);
    if (axis < -pop.ndim || axis >= pop.ndim) throw new IndexError(`choice: axis ${axis} is out of range for a population of ${pop.ndim} dimension${pop.ndim === 1 ? '' : 's'}`);
    axis = normAxis(axis, pop.ndim, 'choice');
    n = pop.shape[axis];
  }
  try {
    const shape = sizeShape(size, 'choice');
    const k = shape === null ? 1 : shape.reduce((x, y) => x * y, 1);
    // NumPy checks the population before p: an integer a names it (a negative one too, unless no
    // samples are taken), an empty array says so.
    if (n <= 0 && k > 0) throw new RangeError(pop === null ? 'choice: a must be a positive integer unless no samples are taken' : 'choice: a cannot be empty unless no samples are taken');
    let p: Float64Array | null = null;
    // NumPy's tolerance on sum(p): sqrt(eps) of float64, or of p's own float dtype when coarser.
    let atol = Math.sqrt(Number.EPSILON);
    if (pIn instanceof GpuArray && pIn.dtype.kind === 'f' && pIn.itemsize < 8) atol = Math.sqrt(pIn.itemsize === 4 ? 2 ** -23 : 2 ** -10);
    if (pIn !== null && pIn !== undefined) {
      refuseComplex(pIn, 'choice');
      const pa = asDeviceArray(pIn, 'choice');
      try {
        // NumPy takes len(p) first: a 0-d p is its TypeError, another non-1-D one a ValueError.
        if (pa.ndim === 0) throw new TypeError('choice: p must be 1-dimensional (len() of unsized object)');
        if (pa.ndim !== 1) throw new RangeError('choice: p must be 1-dimensional');
        p = Float64Array.from(pa.toTypedArray() as ArrayLike<number>, Number);
      } finally {
        if (pa !== pIn) pa.dispose();
      }
      if (p.length !== n) throw new RangeError('choice: a and p must have same size');
      let sum = 0;
      for (const v of p) {
        if (!(v >= 0)) throw new RangeError('choice: probabilities are not non-negative');
        sum += v;
      }
      if (Math.abs(sum - 1) > atol) throw new RangeError('choice: probabilities do not sum to 1');
    }
    if (!replace && k > n) throw new RangeError('choice: Cannot take a larger sample than population when replace is False');
    // A population past 2**53 (a bigint n) is drawn in bigints: the same draws, exact.
    if (pop === null && p === null && typeof aIn === 'bigint' && aIn > 2n ** 53n) return bigChoice(bg, aIn, k, replace, doShuffle, shape ?? []);
    const idx = new Float64Array(k);
    if (replace && p === null) {
      const draw = boundedDraws(bg, k);
      for (let e = 0; e < k; e++) idx[e] = draw(e, n - 1);
    } else if (replace) {
      const cdf = new Float64Array(n);
      let acc = 0;
      for (let i = 0; i < n; i++) cdf[i] = acc += p![i];
      for (let i = 0; i < n; i++) cdf[i] /= acc;
      const at = hostCall(bg, k, 2);
      for (let e = 0; e < k; e++) {
        const u = at(e).uniform();
        let lo = 0;
        let hi = n - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cdf[mid] > u) hi = mid;
          else lo = mid + 1;
        }
        idx[e] = lo;
      }
    } else if (p === null) {
      // Partial Fisher-Yates: the first k steps of a permutation. A large population with few
      // draws keeps only the moved entries (a Map): the same swaps, without an array of n.
      const sparse = n > 4 * k + 65536;
      const perm = sparse ? null : Float64Array.from({ length: n }, (_, i) => i);
      const moved = new Map<number, number>();
      const get = (i: number) => (perm !== null ? perm[i] : (moved.get(i) ?? i));
      const put = (i: number, v: number) => (perm !== null ? (perm[i] = v) : moved.set(i, v));
      const draw = boundedDraws(bg, k);
      for (let e = 0; e < k; e++) {
        const j = e + draw(e, n - 1 - e);
        const t = get(e);
        put(e, get(j));
        put(j, t);
        idx[e] = get(e);
      }
      if (!doShuffle) idx.sort();
    } else {
      // Weighted sampling without replacement (Efraimidis-Spirakis keys u^(1/p): the k largest).
      let nonzero = 0;
      for (const v of p) if (v > 0) nonzero++;
      if (k > nonzero) throw new RangeError('choice: Fewer non-zero entries in p than size');
      const at = hostCall(bg, n, 2);
      const keys: [number, number][] = [];
      for (let i = 0; i < n; i++) if (p![i] > 0) keys.push([Math.log(at(i).uniform() || Number.MIN_VALUE) / p![i], i]);
      keys.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
      for (let e = 0; e < k; e++) idx[e] = keys[e][1];
      if (!doShuffle) idx.sort();
    }
    const outShape = shape ?? [];
    if (pop === null) return indexArray(idx, outShape);
    const bytes = takeAlong(download(pop), pop.shape, axis, pop.itemsize, idx);
    const resShape = [...pop.shape.slice(0, axis), ...outShape, ...pop.shape.slice(axis + 1)];
    return upload(bytes, resShape, pop);
  } finally {
    if (pop !== null && pop !== aIn) pop.dispose();
  }
}

