// Host-side values <-> raw dtype storage: nested JS arrays, scalars, float16 bits, complex pairs.
import { createRequire } from 'node:module';
import { DType, dtypeOfTypedArray, dtypes, HostTypedArray, integerRange } from './dtype.js';
import type { WeakKind } from './promotion.js';

/** A complex value on the host: mathjs's Complex, or anything with numeric re and im. */
export interface ComplexLike {
  re: number;
  im: number;
}

/** A host value an array element can take: number, bigint (64-bit integers), boolean, or a complex `{re, im}` (mathjs Complex). */
export type HostScalar = number | bigint | boolean | ComplexLike;

export const isComplexLike = (v: unknown): v is ComplexLike =>
  typeof v === 'object' && v !== null && typeof (v as ComplexLike).re === 'number' && typeof (v as ComplexLike).im === 'number';

/** NEP 50 kind of an untyped JS value: integer-valued numbers count as Python ints. */
export function weakKindOf(v: HostScalar): WeakKind {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (isComplexLike(v)) return 'complex';
  throw new TypeError(`unsupported scalar ${String(v)}`);
}

// float16 from a JS number (float64), rounded to nearest even in one step as NumPy does.
export function float16BitsFromNumber(x: number): number {
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  if (Number.isNaN(x)) return 0x7e00;
  const a = Math.abs(x);
  if (a >= 65520) return sign | 0x7c00; // 65520 and up round to infinity
  if (a <= 2 ** -25) return sign; // exactly half the smallest subnormal ties to even: zero
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  if (e < -14) return sign | roundHalfEven(a / 2 ** -24); // subnormal (1024 lands on the smallest normal)
  let m = roundHalfEven((a / 2 ** e - 1) * 1024);
  if (m === 1024) {
    m = 0;
    e++;
  }
  if (e > 15) return sign | 0x7c00;
  return sign | ((e + 15) << 10) | m;
}

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

export function numberFromFloat16Bits(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** Convert one JS value for storage in `d`, refusing what NumPy refuses (ints out of range). */
export function toDTypeValue(v: HostScalar, d: DType): number | bigint | ComplexLike {
  if (d.kind === 'c') {
    if (isComplexLike(v)) return v;
    return { re: Number(typeof v === 'boolean' ? +v : v), im: 0 };
  }
  if (isComplexLike(v)) {
    throw new TypeError(`cannot store complex value ${v.re}+${v.im}i in a ${d.name} array`);
  }
  if (d.kind === 'b') return typeof v === 'bigint' ? (v !== 0n ? 1 : 0) : v ? 1 : 0;
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
  } else if (d === dtypes.float16) store[i] = float16BitsFromNumber(x as number);
  else (store as unknown as (number | bigint)[])[i] = x as number | bigint;
}

/** Flatten nested JS arrays, checking they are rectangular. */
export function flattenNested(data: unknown): { shape: number[]; flat: HostScalar[] } {
  const shape: number[] = [];
  let probe: unknown = data;
  while (Array.isArray(probe)) {
    shape.push(probe.length);
    probe = probe[0];
  }
  const flat: HostScalar[] = [];
  const walk = (x: unknown, depth: number, path: string) => {
    if (depth === shape.length) {
      if (Array.isArray(x)) throw new RangeError(`ragged nested array: element ${path} is deeper than the others`);
      flat.push(x as HostScalar);
      return;
    }
    if (!Array.isArray(x) || x.length !== shape[depth]) {
      throw new RangeError(
        `ragged nested array: expected ${shape[depth]} elements at ${path || 'top level'}, got ${Array.isArray(x) ? x.length : 'a scalar'}`,
      );
    }
    x.forEach((y, i) => walk(y, depth + 1, `${path}[${i}]`));
  };
  walk(data, 0, '');
  for (const v of flat) {
    const t = typeof v;
    if (!(t === 'number' || t === 'bigint' || t === 'boolean' || isComplexLike(v))) {
      throw new TypeError(`cannot make an array from element ${String(v)} of type ${t}`);
    }
  }
  return { shape, flat };
}

/** The dtype NumPy infers for a list of values (JS integers count as ints, as Python ints). */
export function inferDType(flat: readonly HostScalar[]): DType {
  let kind = 0; // 0 bool, 1 int, 2 float, 3 complex
  for (const v of flat) {
    const k = { bool: 0, int: 1, float: 2, complex: 3 }[weakKindOf(v)];
    if (k > kind) kind = k;
  }
  if (flat.length === 0) return dtypes.float64;
  return [dtypes.bool, dtypes.int64, dtypes.float64, dtypes.complex128][kind];
}

let mathjs: typeof import('mathjs') | null = null;

/** mathjs is large (about half a second to load), so it is loaded on first complex export. */
export async function preloadMathjs(): Promise<void> {
  mathjs ??= await import('mathjs');
}

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
  if (d === dtypes.float16) return numberFromFloat16Bits(store[i] as number);
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

const isTypedArray = (x: unknown): x is HostTypedArray | Uint8ClampedArray =>
  ArrayBuffer.isView(x) && !(x instanceof DataView);

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
 */
export function hostToStorage(data: unknown, want?: DType): HostStorage {
  if (isTypedArray(data)) {
    return { shape: [data.length], d: dtypeOfTypedArray(data), store: data instanceof Uint8ClampedArray ? new Uint8Array(data.buffer, data.byteOffset, data.length) : data };
  }
  if (isNdarray(data)) {
    const shape = [...data.shape];
    for (const n of shape) {
      if (!Number.isInteger(n) || n < 0) throw new RangeError(`ndarray has an invalid shape [${shape.join(', ')}]`);
    }
    const size = shape.reduce((a, b) => a * b, 1);
    const src = data.data;
    const typed = isTypedArray(src);
    const d = typed ? dtypeOfTypedArray(src) : want ?? inferDType(gatherNdarray(data, size) as HostScalar[]);
    if (typed) {
      // Same element type: a plain strided gather, no per-element conversion.
      const store = new d.storageArray(size) as unknown as { [i: number]: unknown };
      const vals = gatherNdarray(data, size);
      for (let i = 0; i < size; i++) store[i] = vals[i];
      return { shape, d, store: store as unknown as HostTypedArray };
    }
    const store = allocStorage(d, size);
    gatherNdarray(data, size).forEach((v, i) => writeElement(store, d, i, v as HostScalar));
    return { shape, d, store };
  }
  const { shape, flat } = flattenNested(data);
  const d = want ?? inferDType(flat);
  const store = allocStorage(d, flat.length);
  flat.forEach((v, i) => writeElement(store, d, i, v));
  return { shape, d, store };
}

/** The elements of an ndarray (its own strides and offset) in C order. */
function gatherNdarray(a: NdarrayLike, size: number): unknown[] {
  const out: unknown[] = new Array(size);
  const { shape, stride, data } = a;
  const idx = new Array<number>(shape.length).fill(0);
  let off = a.offset;
  for (let i = 0; i < size; i++) {
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
