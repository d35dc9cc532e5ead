// NCCL's reductions over host bytes, for the cpu backend's collectives: every rank reduces the
// same contributions in rank order, so all ranks agree bit for bit. The arithmetic is NCCL's:
// one rounding to the dtype per step (float16 through float64, exact for one add or multiply),
// integers wrapping, max/min ignoring a NaN (fmax/fmin), and 'avg' as NCCL does it: floats
// pre-multiplied by 1/n rounded to the dtype, integers summed then divided (truncating).
import { type BitsPolicy, dtypes } from '../core/dtype.js';
import type { ReduceOp } from './checks.js';

type NumArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/** A view of `bytes` as the dtype's storage (complex as interleaved reals). */
function view(dtype: string, bytes: Uint8Array): NumArray | BigInt64Array | BigUint64Array {
  const b = bytes.buffer;
  const o = bytes.byteOffset;
  const n = bytes.byteLength;
  switch (dtype) {
    case 'int8':
      return new Int8Array(b, o, n);
    case 'uint8':
    case 'bool':
      return new Uint8Array(b, o, n);
    case 'int16':
      return new Int16Array(b, o, n / 2);
    case 'uint16':
    case 'float16':
      return new Uint16Array(b, o, n / 2);
    case 'int32':
      return new Int32Array(b, o, n / 4);
    case 'uint32':
      return new Uint32Array(b, o, n / 4);
    case 'int64':
      return new BigInt64Array(b, o, n / 8);
    case 'uint64':
      return new BigUint64Array(b, o, n / 8);
    case 'float32':
    case 'complex64':
      return new Float32Array(b, o, n / 4);
    case 'float64':
    case 'complex128':
      return new Float64Array(b, o, n / 8);
  }
  throw new TypeError(`no host reduction for ${dtype}`);
}

const fmax = (a: number, b: number) => (a !== a ? b : b !== b ? a : b > a ? b : a);
const fmin = (a: number, b: number) => (a !== a ? b : b !== b ? a : b < a ? b : a);

/** One step of `op` on JS numbers, before the store rounds or wraps it to the dtype. */
function numberStep(op: ReduceOp, dtype: string): (a: number, b: number) => number {
  switch (op) {
    case 'sum':
    case 'avg':
      return (a, b) => a + b;
    case 'prod':
      // 32-bit products can pass 2^53 before they wrap: Math.imul multiplies modulo 2^32.
      return dtype === 'int32' || dtype === 'uint32' ? Math.imul : (a, b) => a * b;
    case 'max':
      return fmax;
    case 'min':
      return fmin;
  }
}

function bigStep(op: ReduceOp): (a: bigint, b: bigint) => bigint {
  switch (op) {
    case 'sum':
    case 'avg':
      return (a, b) => a + b;
    case 'prod':
      return (a, b) => a * b;
    case 'max':
      return (a, b) => (b > a ? b : a);
    case 'min':
      return (a, b) => (b < a ? b : a);
  }
}

const isFloat = (dtype: string) => dtype.startsWith('float') || dtype.startsWith('complex');

/**
 * Reduce `parts` (one per rank, equal lengths, in rank order) with `op` into new bytes. `n` is
 * the number of ranks, which 'avg' divides by.
 */
export function reduceBytes(dtype: string, op: ReduceOp, parts: readonly Uint8Array[], n = parts.length): Uint8Array {
  const out = new Uint8Array(parts[0].byteLength);
  out.set(parts[0]);
  const acc = view(dtype, out);
  if (acc instanceof BigInt64Array || acc instanceof BigUint64Array) {
    const step = bigStep(op);
    for (let r = 1; r < parts.length; r++) {
      const x = view(dtype, parts[r]) as BigInt64Array;
      for (let i = 0; i < acc.length; i++) acc[i] = step(acc[i], x[i]); // the store wraps to 64 bits
    }
    if (op === 'avg') for (let i = 0; i < acc.length; i++) acc[i] /= BigInt(n); // truncates, as C
    return out;
  }
  const step = numberStep(op, dtype);
  const bits = bitsOf(dtype);
  const get = bits ? (a: NumArray, i: number) => bits.fromBits(a[i]) : (a: NumArray, i: number) => a[i];
  const put = bits ? (a: NumArray, i: number, v: number) => (a[i] = bits.toBits(v)) : (a: NumArray, i: number, v: number) => (a[i] = v);
  const premul = op === 'avg' && isFloat(dtype);
  if (premul) {
    // NCCL's PreMulSum: every contribution times 1/n (itself rounded to the dtype) before the sum.
    const scale = roundTo(dtype, 1 / n);
    for (let i = 0; i < acc.length; i++) put(acc, i, get(acc, i) * scale);
    for (let r = 1; r < parts.length; r++) {
      const x = view(dtype, parts[r]) as NumArray;
      for (let i = 0; i < acc.length; i++) put(acc, i, get(acc, i) + roundTo(dtype, get(x, i) * scale));
    }
    return out;
  }
  for (let r = 1; r < parts.length; r++) {
    const x = view(dtype, parts[r]) as NumArray;
    for (let i = 0; i < acc.length; i++) put(acc, i, step(get(acc, i), get(x, i)));
  }
  if (op === 'avg') for (let i = 0; i < acc.length; i++) put(acc, i, Math.trunc(get(acc, i) / n));
  return out;
}

/** The storage policy of a dtype held as bits (float16), by name; null for the others. */
const bitsOf = (dtype: string): BitsPolicy | null => (Object.hasOwn(dtypes, dtype) ? dtypes[dtype as keyof typeof dtypes].bits : null);

/** `v` rounded to the dtype's precision (float16, float32/complex64; float64 as is). */
function roundTo(dtype: string, v: number): number {
  const bits = bitsOf(dtype);
  if (bits) return bits.fromBits(bits.toBits(v));
  if (dtype === 'float32' || dtype === 'complex64') return Math.fround(v);
  return v;
}
