// Host-side values <-> raw dtype storage: nested JS arrays, scalars, float16/bfloat16 bits, complex pairs.
import { createRequire } from 'node:module';
import { DType, dtypeOfTypedArray, dtypes, HostTypedArray, integerRange } from './dtype.js';
import { promoteTypes, type WeakKind } from './promotion.js';

/** A complex value on the host: mathjs's Complex, or anything with numeric re and im. */
export interface ComplexLike {
  re: number;
  im: number;
}

/** A host value an array element can take: number, bigint (64-bit integers), boolean, or a complex `{re, im}` (mathjs Complex). */
export type HostScalar = number | bigint | boolean | ComplexLike;

export const isComplexLike = (v: unknown): v is ComplexLike =>
  typeof v === 'object' && v !== null && typeof (v as ComplexLike).re === 'number' && typeof (v as ComplexLike).im === 'number';

/**
 * NEP 50 kind of an untyped JS value: integer-valued numbers count as Python ints, but not past
 * every 64-bit integer (1e20 is a float: no JS number that large is an exact integer; a bigint is).
 */
export function weakKindOf(v: HostScalar): WeakKind {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return Number.isInteger(v) && v >= -(2 ** 63) && v < 2 ** 64 ? 'int' : 'float';
  if (isComplexLike(v)) return 'complex';
  throw new TypeError(`unsupported scalar ${String(v)}`);
}

export { float16BitsFromNumber, numberFromFloat16Bits } from './float-bits.js';

/** Convert one JS value for storage in `d`, refusing what NumPy refuses (ints out of range). */
export function toDTypeValue(v: HostScalar, d: DType): number | bigint | ComplexLike {
  const t = typeof v;
  if (t !== 'number' && t !== 'bigint' && t !== 'boolean' && !isComplexLike(v)) {
    // Number([1, 2]) is NaN: a list here would silently become garbage.
    if (Array.isArray(v) || ArrayBuffer.isView(v)) throw new RangeError(`setting an array element with a sequence: a ${d.name} element takes one scalar`);
    throw new TypeError(`cannot convert ${v === null ? 'null' : t === 'object' ? 'an object' : `${t} ${String(v)}`} to ${d.name}`);
  }
  if (d.kind === 'c') {
    if (isComplexLike(v)) return v;
    return { re: Number(typeof v === 'boolean' ? +v : v), im: 0 };
  }
  if (isComplexLike(v)) {
    if (d.kind === 'b') return v.re !== 0 || v.im !== 0 ? 1 : 0; // NumPy's bool(1+2j)
    throw new TypeError(`cannot store complex value ${v.re}+${v.im}i in a ${d.name} array`);
  }
  // NaN is true, as NumPy's bool(nan) (JS's truthiness says false).
  if (d.kind === 'b') return typeof v === 'bigint' ? (v !== 0n ? 1 : 0) : typeof v === 'number' ? (v !== 0 ? 1 : 0) : v ? 1 : 0;
  if (d.kind === 'f') return typeof v === 'boolean' ? +v : Number(v);
  // integers
  let iv: bigint;
  if (typeof v === 'bigint') iv = v;
  else if (typeof v === 'boolean') iv = v ? 1n : 0n;
  else {
    if (!Number.isFinite(v)) throw new RangeError(`cannot convert ${v} to integer dtype ${d.name}`);
    iv = BigInt(Math.trunc(v));
  }
  const { min, max } = integerRange(d);
  if (iv < min || iv > max) throw new RangeError(`integer ${iv} out of bounds for ${d.name}`);
  return d.isBigInt ? iv : Number(iv);
}

/** A fresh storage TypedArray for `n` elements of `d`. */
export function allocStorage(d: DType, n: number): HostTypedArray {
  return new d.storageArray(n * d.storagePerItem);
}

/** Write element i of `store` (storage layout of `d`). */
export function writeElement(store: HostTypedArray, d: DType, i: number, v: HostScalar): void {
  const x = toDTypeValue(v, d);
  if (d.kind === 'c') {
    const c = x as ComplexLike;
    store[2 * i] = c.re;
    store[2 * i + 1] = c.im;
  } else if (d.bits !== null) store[i] = d.bits.toBits(x as number);
  else (store as unknown as (number | bigint)[])[i] = x as number | bigint;
}

/** NumPy's limit on dimensions (NPY_MAXDIMS in NumPy 2). */
export const MAX_DIMS = 64;
/** The most elements taken from nested JS arrays (a JS list of that many values is gigabytes already). */
export const MAX_NESTED_ELEMENTS = 2 ** 27;

/**
 * Flatten nested JS arrays, checking they are rectangular. Each array's length is read once and
 * every element once (a Proxy or getter that changes its answer cannot make the shape and the
 * values disagree); holes, cycles, more than MAX_DIMS levels and ragged nesting are refused.
 */
export function flattenNested(data: unknown): { shape: number[]; flat: HostScalar[]; d: DType } {
  const shape: number[] = [];
  const flat: HostScalar[] = [];
  const onPath = new Set<unknown>();
  // The dtype NumPy discovers: plain JS values by their defaults, TypedArray rows by their own dtype.
  const plain = new DiscoveredDType();
  let typed: DType | null = null;
  const walk = (x: unknown, depth: number, path: string) => {
    const here = path || 'top level';
    if (isTypedArray(x) && depth < MAX_DIMS) {
      // A TypedArray inside a list is one more level of its own dtype (np.array([f32, f32]) is float32).
      const row = plainView(x);
      const n = row.length;
      if (depth === shape.length) {
        if (flat.length > 0) throw new RangeError(`ragged nested array: element ${path} is deeper than the others`);
        shape.push(n);
        if (shape.reduce((a, b) => a * b, 1) > MAX_NESTED_ELEMENTS) throw new RangeError(`nested array of shape [${shape.join(', ')}] is too large (more than ${MAX_NESTED_ELEMENTS} elements); pass a TypedArray instead`);
      } else if (depth !== shape.length - 1 || n !== shape[depth]) {
        throw new RangeError(`ragged nested array: expected ${depth < shape.length ? shape[depth] : 'a scalar'} elements at ${here}, got a TypedArray of ${n}`);
      }
      const rd = dtypeOfTypedArray(row);
      typed = typed === null ? rd : promoteTypes(typed, rd);
      for (let i = 0; i < n; i++) flat.push(row[i] as number | bigint); // TypedArrays are never float16 (no Float16Array in Node 20)
      return;
    }
    if (!Array.isArray(x)) {
      if (depth < shape.length) {
        throw new RangeError(`ragged nested array: expected ${shape[depth]} elements at ${here}, got a scalar`);
      }
      const t = typeof x;
      if (!(t === 'number' || t === 'bigint' || t === 'boolean' || isComplexLike(x))) {
        const shown = x === null ? 'null' : t === 'object' || t === 'function' || t === 'symbol' ? t : String(x);
        throw new TypeError(`cannot make an array from element ${shown} of type ${x === null ? 'null' : t}${path ? ` at ${path}` : ''}`);
      }
      flat.push(x as HostScalar);
      plain.add(x as HostScalar);
      return;
    }
    if (onPath.has(x)) throw new TypeError(`nested array contains itself at ${here}: cannot make an array from a cyclic structure`);
    if (depth >= MAX_DIMS) throw new RangeError(`nested array is deeper than ${MAX_DIMS} dimensions at ${here} (NumPy's limit)`);
    const n = x.length;
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`nested array at ${here} has an invalid length ${String(n)}`);
    if (depth === shape.length) {
      // First array seen at this depth: it fixes the dimension, unless leaves already sit here.
      if (flat.length > 0) throw new RangeError(`ragged nested array: element ${path} is deeper than the others`);
      shape.push(n);
      const total = shape.reduce((a, b) => a * b, 1);
      if (total > MAX_NESTED_ELEMENTS) {
        throw new RangeError(`nested array of shape [${shape.join(', ')}] is too large (more than ${MAX_NESTED_ELEMENTS} elements); pass a TypedArray instead`);
      }
    } else if (n !== shape[depth]) {
      throw new RangeError(`ragged nested array: expected ${shape[depth]} elements at ${here}, got ${n}`);
    }
    onPath.add(x);
    for (let i = 0; i < n; i++) {
      if (!(i in x)) throw new TypeError(`nested array has a hole (an empty slot) at ${path}[${i}]: every element must be given`);
      walk(x[i], depth + 1, `${path}[${i}]`);
    }
    onPath.delete(x);
  };
  walk(data, 0, '');
  const t = typed as DType | null;
  const d = t === null ? plain.dtype() : plain.empty ? t : promoteTypes(t, plain.dtype());
  return { shape, flat, d };
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * The dtype NumPy discovers for plain values (np.array of Python scalars): bool, int64 (an int
 * above int64's range: uint64, and int64 with uint64 together float64), float64, complex128.
 * A JS number too large for any 64-bit integer is a float (no JS integer is that exact).
 */
class DiscoveredDType {
  private kind = 0; // 0 bool, 1 int, 2 float, 3 complex
  private signed = false;
  private unsigned = false;
  empty = true;
  add(v: HostScalar): void {
    this.empty = false;
    let k = { bool: 0, int: 1, float: 2, complex: 3 }[weakKindOf(v)];
    if (k === 1) {
      const big = typeof v === 'bigint' ? v : (v as number) >= -(2 ** 63) && (v as number) < 2 ** 64 ? BigInt(v as number) : null;
      if (big === null) k = 2;
      else if (big > INT64_MAX && big <= UINT64_MAX) this.unsigned = true;
      else if (big >= INT64_MIN) this.signed = true;
    }
    if (k > this.kind) this.kind = k;
  }
  dtype(): DType {
    if (this.empty) return dtypes.float64;
    if (this.kind === 1) return this.unsigned ? (this.signed ? dtypes.float64 : dtypes.uint64) : dtypes.int64;
    return [dtypes.bool, dtypes.int64, dtypes.float64, dtypes.complex128][this.kind];
  }
}

/** The dtype NumPy infers for a list of values (JS integers count as ints, as Python ints). */
export function inferDType(flat: readonly HostScalar[]): DType {
  const acc = new DiscoveredDType();
  for (const v of flat) acc.add(v);
  return acc.dtype();
}

/** mathjs is large (about half a second to load), so it is loaded on first complex export. */
let mathjs: typeof import('mathjs') | null = null;

export function makeComplex(re: number, im: number): ComplexLike {
  if (mathjs === null) {
    // Synchronous first use: load the CommonJS build.
    mathjs = createRequire(import.meta.url)('mathjs') as typeof import('mathjs');
  }
  return mathjs.complex(re, im) as unknown as ComplexLike;
}

/** Element i of a storage array as a JS value: number, bigint (64-bit ints), boolean, or Complex. */
export function readElement(store: HostTypedArray, d: DType, i: number): HostScalar {
  if (d.kind === 'c') return makeComplex(store[2 * i] as number, store[2 * i + 1] as number);
  if (d.kind === 'b') return store[i] !== 0;
  if (d.bits !== null) return d.bits.fromBits(store[i] as number);
  return store[i];
}

/** A scijs ndarray, duck-typed (the package has no class to test against). */
export interface NdarrayLike {
  data: ArrayLike<unknown>;
  shape: number[];
  stride: number[];
  offset: number;
}

export function isNdarray(x: unknown): x is NdarrayLike {
  return (
    typeof x === 'object' &&
    x !== null &&
    'data' in x &&
    'shape' in x &&
    'stride' in x &&
    'offset' in x &&
    Array.isArray((x as NdarrayLike).shape) &&
    Array.isArray((x as NdarrayLike).stride)
  );
}

// The intrinsic TypedArray accessors: a subclass (or an own property) cannot lie about the
// memory behind a view through them, so sizes copied to the device are the buffer's real ones.
const typedArrayProto = Object.getPrototypeOf(Int8Array.prototype) as object;
const intrinsic = (name: string) => Object.getOwnPropertyDescriptor(typedArrayProto, name)!.get!;
const taLength = intrinsic('length');
const taByteOffset = intrinsic('byteOffset');
const taBuffer = intrinsic('buffer');

const isTypedArray = (x: unknown): x is HostTypedArray | Uint8ClampedArray =>
  ArrayBuffer.isView(x) && !(x instanceof DataView);

/** A plain view of exactly the memory a TypedArray covers (its real length, not a getter's). */
function plainView(a: HostTypedArray | Uint8ClampedArray): HostTypedArray {
  const d = dtypeOfTypedArray(a);
  const length = Reflect.apply(taLength, a, []) as number;
  return new d.storageArray(Reflect.apply(taBuffer, a, []) as ArrayBufferLike, Reflect.apply(taByteOffset, a, []) as number, length);
}

/** Host data in C order, as storage of `d` (float16 as bits, complex interleaved). */
export interface HostStorage {
  shape: number[];
  d: DType;
  store: HostTypedArray;
}

/**
 * Host data -> C-ordered storage. TypedArrays (and ndarrays over them) come back in their own
 * dtype, unconverted: the caller uploads them and casts on the device as NumPy casts one array to
 * another (unsafe casting). Nested JS arrays and scalars are converted to `want` (else the dtype
 * NumPy infers) with NumPy's checks: ragged nesting and out-of-range integers are refused.
 * The store always holds exactly shapeSize(shape) elements of `d`, read from the host data itself.
 */
export function hostToStorage(data: unknown, want?: DType): HostStorage {
  if (isTypedArray(data)) {
    const store = plainView(data);
    return { shape: [store.length], d: dtypeOfTypedArray(store), store };
  }
  if (isNdarray(data)) {
    const { shape, stride, offset, src } = checkNdarray(data);
    const size = shape.reduce((a, b) => a * b, 1);
    const typed = isTypedArray(src);
    const vals = gatherNdarray(src, shape, stride, offset, size);
    const d = typed ? dtypeOfTypedArray(src) : want ?? inferDType(checkScalars(vals));
    if (typed) {
      // Same element type: a plain strided gather, no per-element conversion.
      const store = new d.storageArray(size) as unknown as { [i: number]: unknown };
      for (let i = 0; i < size; i++) store[i] = vals[i];
      return { shape, d, store: store as unknown as HostTypedArray };
    }
    const store = allocStorage(d, size);
    checkScalars(vals).forEach((v, i) => writeElement(store, d, i, v));
    return { shape, d, store };
  }
  const { shape, flat, d: found } = flattenNested(data);
  const d = want ?? found;
  const store = allocStorage(d, flat.length);
  flat.forEach((v, i) => writeElement(store, d, i, v));
  return { shape, d, store };
}

function checkScalars(vals: unknown[]): HostScalar[] {
  for (const v of vals) {
    const t = typeof v;
    if (!(t === 'number' || t === 'bigint' || t === 'boolean' || isComplexLike(v))) {
      throw new TypeError(`cannot make an array from ndarray element ${v === null ? 'null' : t === 'object' ? 'object' : String(v)} of type ${v === null ? 'null' : t}`);
    }
  }
  return vals as HostScalar[];
}

/**
 * An ndarray-like's shape, strides and offset, copied once and checked: integers, one stride
 * per axis, no more elements than its data holds (a declared shape is never trusted for a copy
 * size), and every element it reaches inside its data.
 */
function checkNdarray(a: NdarrayLike): { shape: number[]; stride: number[]; offset: number; src: ArrayLike<unknown> } {
  const shape = Array.from(a.shape as ArrayLike<unknown>);
  const stride = Array.from(a.stride as ArrayLike<unknown>);
  const offset: unknown = a.offset;
  const src: unknown = a.data;
  if (shape.length > MAX_DIMS) throw new RangeError(`ndarray has ${shape.length} dimensions; at most ${MAX_DIMS} are supported`);
  for (const n of shape) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new RangeError(`ndarray has an invalid shape [${shape.map(String).join(', ')}]`);
  }
  if (stride.length !== shape.length || stride.some((s) => typeof s !== 'number' || !Number.isSafeInteger(s))) {
    throw new RangeError(`ndarray has invalid strides [${stride.map(String).join(', ')}] for shape [${shape.join(', ')}]`);
  }
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`ndarray has an invalid offset ${String(offset)}`);
  let length: number;
  if (isTypedArray(src)) length = Reflect.apply(taLength, src, []) as number;
  else if (Array.isArray(src)) length = src.length;
  else throw new TypeError(`ndarray data must be a TypedArray or an Array, got ${src === null ? 'null' : typeof src}`);
  const dims = shape as number[];
  const strides = stride as number[];
  const size = dims.reduce((x, y) => x * y, 1);
  if (size > length) {
    throw new RangeError(
      `ndarray of shape [${dims.join(', ')}] declares ${size} elements but its data holds only ${length}; ` +
        'upload the data and broadcast on the device (gp.asarray(small).broadcastTo(shape)) instead',
    );
  }
  if (size > 0) {
    // The lowest and highest data index the strides reach.
    let lo = offset;
    let hi = offset;
    for (let k = 0; k < dims.length; k++) {
      const span = (dims[k] - 1) * strides[k];
      if (span < 0) lo += span;
      else hi += span;
    }
    if (lo < 0 || hi >= length) {
      throw new RangeError(`ndarray's shape, strides and offset reach indices [${lo}, ${hi}] outside its data of length ${length}`);
    }
  }
  // A JS Array is read element by element (a hole is refused in gatherNdarray); JS cannot over-read it.
  return { shape: dims, stride: strides, offset, src: Array.isArray(src) ? src : plainView(src as HostTypedArray) };
}

/** The elements of an ndarray (its own strides and offset, already checked) in C order. */
function gatherNdarray(data: ArrayLike<unknown>, shape: readonly number[], stride: readonly number[], offset: number, size: number): unknown[] {
  const out: unknown[] = new Array(size);
  const idx = new Array<number>(shape.length).fill(0);
  const plain = Array.isArray(data);
  let off = offset;
  for (let i = 0; i < size; i++) {
    if (plain && !(off in data)) throw new TypeError(`ndarray data has a hole (an empty slot) at [${off}]`);
    out[i] = data[off];
    for (let k = shape.length - 1; k >= 0; k--) {
      if (++idx[k] < shape[k]) {
        off += stride[k];
        break;
      }
      off -= stride[k] * (shape[k] - 1);
      idx[k] = 0;
    }
  }
  return out;
}
