// Typed scalars such as float32(3): strong in promotion (NEP 50), unlike plain JS numbers.
import { DType, DTypeLike, SCALAR_TYPE_DTYPE, ScalarType, dtype as toDType, dtypes } from './dtype.js';
import { ComplexLike, HostScalar, toDTypeValue } from './host-data.js';

/**
 * A typed scalar (NumPy's `np.float32(3)`): a value with a dtype, strong in promotion (NEP 50),
 * unlike plain JS numbers, which are weak. Made by `gp.float32(3)`, `gp.int64(5n)` and the like.
 *
 * @example gp.add(gp.array([1, 2], 'int8'), gp.int16(1)).dtype.name // 'int16'
 */
export class Scalar {
  /** The scalar's dtype. */
  readonly dtype: DType;
  /** The value as the dtype holds it (rounded to float32/float16/bfloat16, wrapped ints refused). */
  readonly value: number | bigint | ComplexLike;

  constructor(value: HostScalar | Scalar, d: DTypeLike) {
    this.dtype = toDType(d);
    let v = value instanceof Scalar ? castValue(value, this.dtype) : toDTypeValue(value, this.dtype);
    if (this.dtype.isFloat) v = this.dtype.round(v as number);
    else if (this.dtype === dtypes.complex64) {
      const c = v as ComplexLike;
      v = { re: Math.fround(c.re), im: Math.fround(c.im) };
    }
    this.value = v;
  }

  /** The value as NumPy prints it (`(1+2j)` for complex). */
  toString(): string {
    const v = this.value;
    if (typeof v === 'object') return `(${v.re}${v.im < 0 || Object.is(v.im, -0) ? '-' : '+'}${Math.abs(v.im)}j)`;
    return String(v);
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.dtype.name}(${this.toString()})`;
  }

  /** The value as a JS number or bigint (complex scalars throw a TypeError). */
  valueOf(): number | bigint {
    const v = this.value;
    if (typeof v === 'object') throw new TypeError('a complex scalar has no single numeric value');
    return v;
  }
}

/**
 * A typed scalar converted to `d` as NumPy's `np.float32(np.float64(x))` does: a cast, not a
 * Python value's checks (complex to real keeps the real part, floats truncate into integers,
 * integers wrap into narrower ones); a NaN or infinity into an integer is a RangeError.
 */
function castValue(s: Scalar, d: DType): number | bigint | ComplexLike {
  if (d.isComplex || d.isBool) return toDTypeValue(s.value, d);
  const v = typeof s.value === 'object' ? s.value.re : s.value;
  if (d.isFloat) return Number(v);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new RangeError(`cannot convert ${v} to integer dtype ${d.name}`);
  const i = typeof v === 'number' ? BigInt(Math.trunc(v)) : v;
  const w = d.kind === 'u' ? BigInt.asUintN(d.itemsize * 8, i) : BigInt.asIntN(d.itemsize * 8, i);
  return d.isBigInt ? w : Number(w);
}

/**
 * A typed scalar as the value it holds, where NumPy casts an np.float32/np.int64 argument into a
 * dtype of its own choosing (a reduction's `initial`, nan_to_num's replacements, pad's constants);
 * anything else as given, nested lists element by element.
 */
export const valueOfScalar = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(valueOfScalar) : v instanceof Scalar ? (v.dtype.kind === 'b' ? Boolean(v.value) : v.value) : v;

/**
 * A scalar type: the function making typed scalars of `d`, which also stands for `d` as a dtype
 * (`gp.zeros(3, gp.float32)`). Complex types also take NumPy's two parts: `gp.complex128(1, 2)`.
 */
export type ScalarFactory = ((value: HostScalar | Scalar, imag?: number | bigint) => Scalar) & ScalarType;

const isRealPart = (x: unknown): x is number | bigint => typeof x === 'number' || typeof x === 'bigint';

const factory = (d: DType): ScalarFactory => {
  const make = (...args: unknown[]) => {
    // A real type ignores extra arguments, as JS functions do (`list.map(gp.float32)`); a complex
    // one takes at most two, so that map's index never becomes an imaginary part.
    if (!d.isComplex) return new Scalar(args[0] as HostScalar | Scalar, d);
    if (args.length > 2) throw new TypeError(`${d.name}() takes at most 2 arguments (${args.length} given)`);
    const [value, imag] = args;
    if (imag === undefined) return new Scalar(value as HostScalar | Scalar, d);
    // numpy.complex128(real, imag): two real parts.
    if (!isRealPart(value) || !isRealPart(imag)) throw new TypeError(`Could not convert arguments into a complex scalar: ${d.name}(${String(value)}, ${String(imag)})`);
    return new Scalar({ re: Number(value), im: Number(imag) }, d);
  };
  Object.defineProperty(make, 'name', { value: d.name });
  return Object.defineProperty(make, SCALAR_TYPE_DTYPE, { value: d }) as ScalarFactory;
};

/** A bool typed scalar (numpy.bool_), strong in promotion. @example gp.bool_(true) */
export const bool_ = factory(dtypes.bool);
/** A int8 typed scalar (numpy.int8), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.int8(-3) */
export const int8 = factory(dtypes.int8);
/** A int16 typed scalar (numpy.int16), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.int16(300) */
export const int16 = factory(dtypes.int16);
/** A int32 typed scalar (numpy.int32), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.int32(7) */
export const int32 = factory(dtypes.int32);
/** A int64 typed scalar (numpy.int64), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.int64(5n) */
export const int64 = factory(dtypes.int64);
/** A uint8 typed scalar (numpy.uint8), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.uint8(255) */
export const uint8 = factory(dtypes.uint8);
/** A uint16 typed scalar (numpy.uint16), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.uint16(7) */
export const uint16 = factory(dtypes.uint16);
/** A uint32 typed scalar (numpy.uint32), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.uint32(7) */
export const uint32 = factory(dtypes.uint32);
/** A uint64 typed scalar (numpy.uint64), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.uint64(2n ** 64n - 1n) */
export const uint64 = factory(dtypes.uint64);
/** A float16 typed scalar (numpy.float16), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.float16(0.5) */
export const float16 = factory(dtypes.float16);
/** A bfloat16 typed scalar (ml_dtypes.bfloat16; NumPy has none), strong in promotion. The value is rounded to the dtype (through float32, to nearest even). @example gp.bfloat16(0.5) */
export const bfloat16 = factory(dtypes.bfloat16);
/** A float32 typed scalar (numpy.float32), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.float32(3) */
export const float32 = factory(dtypes.float32);
/** A float64 typed scalar (numpy.float64), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.float64(0.1) */
export const float64 = factory(dtypes.float64);
/** A complex64 typed scalar (numpy.complex64), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.complex64(1, 2) // or gp.complex64({ re: 1, im: 2 }) */
export const complex64 = factory(dtypes.complex64);
/** A complex128 typed scalar (numpy.complex128), strong in promotion. The value is rounded to the dtype; an integer it cannot hold is a RangeError. @example gp.complex128(1, 2) // or gp.complex128({ re: 1, im: 2 }) */
export const complex128 = factory(dtypes.complex128);

// NumPy's C-named aliases of the scalar types (numpy.double is numpy.float64, ...), on LP64 hosts
// as NumPy's on Linux (C long is 64 bits).
/** numpy.half: {@link float16}. */
export const half = float16;
/** numpy.single: {@link float32}. */
export const single = float32;
/** numpy.double: {@link float64}. */
export const double = float64;
/** numpy.csingle: {@link complex64}. */
export const csingle = complex64;
/** numpy.cdouble: {@link complex128}. */
export const cdouble = complex128;
/** numpy.byte (C signed char): {@link int8}. */
export const byte = int8;
/** numpy.ubyte (C unsigned char): {@link uint8}. */
export const ubyte = uint8;
/** numpy.short: {@link int16}. */
export const short = int16;
/** numpy.ushort: {@link uint16}. */
export const ushort = uint16;
/** numpy.intc (C int): {@link int32}. */
export const intc = int32;
/** numpy.uintc (C unsigned int): {@link uint32}. */
export const uintc = uint32;
/** numpy.long (C long, 64 bits on LP64): {@link int64}. */
export const long = int64;
/** numpy.ulong: {@link uint64}. */
export const ulong = uint64;
/** numpy.longlong: {@link int64}. */
export const longlong = int64;
/** numpy.ulonglong: {@link uint64}. */
export const ulonglong = uint64;
/** numpy.intp (pointer-sized): {@link int64}. */
export const intp = int64;
/** numpy.uintp: {@link uint64}. */
export const uintp = uint64;
/** numpy.int_ (NumPy 2's default integer): {@link int64}. */
export const int_ = int64;
/** numpy.uint: {@link uint64}. */
export const uint = uint64;
/** numpy.bool (NumPy 2's name of numpy.bool_): {@link bool_}. */
export const bool = bool_;

// numpy.ScalarType (dtype.ts), in NumPy's order.
(ScalarType as ScalarType[]).push(bool_, complex64, complex128, float16, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64);
Object.freeze(ScalarType);
