// Kernel arguments that are not plain pointers: scalars (the C layout of each dtype and how a JS
// value is written there) and CuPy's CArray structs of raw parameters.
import { DType, integerRange } from '../core/dtype.js';
import { ComplexLike, HostScalar, isComplexLike } from '../core/host-data.js';
import type { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { ArgBlock, ParamLayout } from '../device/arg-block.js';
import { carrayStruct, StructWriter, structLayout } from './arg-structs.js';


export function scalarLayout(d: DType): ParamLayout {
  // complex<T> is aligned to its full size, like thrust::complex.
  return { size: d.itemsize, align: d.itemsize };
}

/** Is `v` a value a scalar parameter can take at all (before its dtype is known)? */
export function isScalarValue(v: unknown): v is Scalar | HostScalar {
  const t = typeof v;
  return t === 'number' || t === 'bigint' || t === 'boolean' || v instanceof Scalar || isComplexLike(v);
}

/** 'an int8', 'a float32' ... */
const article = (word: string) => `${/^[aeiou]/i.test(word) && !/^u/i.test(word) ? 'an' : 'a'} ${word}`;

/** What a call got, in words, for the errors below. */
export function describeArgValue(v: unknown): string {
  if (v instanceof Scalar) return `${article(v.dtype.name)} scalar`;
  if (Array.isArray(v)) return `a JS Array (pass an array through gp.asarray)`;
  if (ArrayBuffer.isView(v)) return `${article(v.constructor.name)} (pass an array through gp.asarray)`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}...` : v)}`;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return `${v}`;
  if (isComplexLike(v)) return `the complex value ${v.re}${v.im < 0 ? '-' : '+'}${Math.abs(v.im)}i`;
  if (v === null || typeof v !== 'object') return String(v);
  return article((v as object).constructor?.name ?? 'object');
}

/**
 * Check a scalar argument of an ElementwiseKernel / ReductionKernel call against the dtype its
 * parameter resolved to, before anything is launched, as RawKernel checks its scalars and NumPy 2
 * (NEP 50) checks Python scalars: integers must fit (RangeError, never wrapped), a non-integral
 * number or a float scalar is refused for an integer parameter, a bool parameter takes booleans
 * (or 0/1), a complex value only a complex parameter, and anything that is not a scalar
 * (a JS Array, a TypedArray, a string) is a TypeError. `where` names the argument.
 */
export function checkScalarArg(where: string, d: DType, v: unknown): void {
  let x: unknown = v;
  if (v instanceof Scalar) {
    if (v.dtype.isComplex && !d.isComplex) throw new TypeError(`${where} is ${d.name}, it cannot take ${describeArgValue(v)}`);
    if (!v.dtype.isBool && !v.dtype.isInteger && (d.isInteger || d.isBool)) {
      throw new TypeError(`${where} is ${d.name}, it cannot take ${describeArgValue(v)} (convert it explicitly)`);
    }
    x = v.value;
  } else if (!isScalarValue(v)) {
    throw new TypeError(`${where} takes a GpuArray or a scalar (number, bigint, boolean, typed scalar), got ${describeArgValue(v)}`);
  }
  if (d.isComplex) return;
  if (isComplexLike(x)) throw new TypeError(`${where} is ${d.name}, it cannot take ${describeArgValue(x)}`);
  if (d.isFloat || typeof x === 'boolean') return;
  const n = x as number | bigint;
  if (d.isBool) {
    if (n !== 0 && n !== 1 && n !== 0n && n !== 1n) throw new TypeError(`${where} is bool, it takes true/false (or 0/1), got ${describeArgValue(v)}`);
    return;
  }
  if (typeof n === 'number' && !Number.isInteger(n)) throw new TypeError(`${where} is ${d.name}, it needs an integer, got ${describeArgValue(v)}`);
  const { min, max } = integerRange(d);
  const big = BigInt(n);
  if (big < min || big > max) throw new RangeError(`${where}: ${n} is out of bounds for ${d.name} [${min}, ${max}]`);
}

/** Write `v` as a value of dtype `d` (already range-checked by the caller). */
export function writeScalar(block: ArgBlock, offset: number, d: DType, v: HostScalar): void {
  const slot = d.argSlot;
  if (d.kind === 'c') {
    const c: ComplexLike = isComplexLike(v) ? v : { re: Number(v), im: 0 };
    block.write(slot, offset, c.re);
    block.write(slot, offset + d.itemsize / 2, c.im);
    return;
  }
  if (isComplexLike(v)) throw new TypeError(`cannot pass complex value to a ${d.name} parameter`);
  if (d.bits !== null) {
    block.write(slot, offset, d.bits.toBits(Number(v)));
    return;
  }
  if (d.kind === 'b') {
    block.write(slot, offset, v ? 1 : 0);
    return;
  }
  if (d.isInteger) {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new RangeError(`cannot pass ${v} as ${d.name}`);
      block.write(slot, offset, Math.trunc(v));
    } else block.write(slot, offset, typeof v === 'boolean' ? +v : v);
    return;
  }
  block.write(slot, offset, typeof v === 'bigint' ? Number(v) : Number(v));
}

/** Where CArray's fields sit, by ndim (they do not depend on the element type), from arg-structs.ts. */
interface CArrayOffsets {
  layout: ParamLayout;
  data: number;
  size: number;
  shape: number;
  strides: number;
}
const carrayOffsets: CArrayOffsets[] = [];
function carrayAt(ndim: number): CArrayOffsets {
  let c = carrayOffsets[ndim];
  if (c === undefined) {
    const w = new StructWriter(carrayStruct('char', ndim, false));
    c = { layout: structLayout(w.struct), data: w.offsetOf('data_'), size: w.offsetOf('size_'), shape: w.offsetOf('shape_'), strides: w.offsetOf('strides_') };
    carrayOffsets[ndim] = c;
  }
  return c;
}

/** Where CuPy's CArray<T, ndim> goes in an argument block. */
export function carrayLayout(ndim: number): ParamLayout {
  return carrayAt(ndim).layout;
}

export function writeCArray(block: ArgBlock, o: number, a: GpuArray): void {
  const c = carrayAt(a.ndim);
  block.writeU64Number(o + c.data, a.ptr);
  block.writeI64Number(o + c.size, a.size);
  for (let d = 0; d < a.ndim; d++) {
    block.writeI64Number(o + c.shape + 8 * d, a.shape[d]);
    block.writeI64Number(o + c.strides + 8 * d, a.strides[d]);
  }
}
