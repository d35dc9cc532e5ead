// Typed scalars such as float32(3): strong in promotion (NEP 50), unlike plain JS numbers.
import { DType, DTypeLike, dtype as toDType, dtypes } from './dtype.js';
import { ComplexLike, float16BitsFromNumber, HostScalar, numberFromFloat16Bits, toDTypeValue } from './host-data.js';

export class Scalar {
  readonly dtype: DType;
  /** The value as the dtype holds it (rounded to float32/float16, wrapped ints refused). */
  readonly value: number | bigint | ComplexLike;

  constructor(value: HostScalar, d: DTypeLike) {
    this.dtype = toDType(d);
    let v = toDTypeValue(value, this.dtype);
    if (this.dtype === dtypes.float32) v = Math.fround(v as number);
    else if (this.dtype === dtypes.float16) v = numberFromFloat16Bits(float16BitsFromNumber(v as number));
    else if (this.dtype === dtypes.complex64) {
      const c = v as ComplexLike;
      v = { re: Math.fround(c.re), im: Math.fround(c.im) };
    }
    this.value = v;
  }

  toString(): string {
    const v = this.value;
    if (typeof v === 'object') return `(${v.re}${v.im < 0 || Object.is(v.im, -0) ? '-' : '+'}${Math.abs(v.im)}j)`;
    return String(v);
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.dtype.name}(${this.toString()})`;
  }

  valueOf(): number | bigint {
    const v = this.value;
    if (typeof v === 'object') throw new TypeError('a complex scalar has no single numeric value');
    return v;
  }
}

const factory = (d: DType) => (value: HostScalar) => new Scalar(value, d);

export const bool_ = factory(dtypes.bool);
export const int8 = factory(dtypes.int8);
export const int16 = factory(dtypes.int16);
export const int32 = factory(dtypes.int32);
export const int64 = factory(dtypes.int64);
export const uint8 = factory(dtypes.uint8);
export const uint16 = factory(dtypes.uint16);
export const uint32 = factory(dtypes.uint32);
export const uint64 = factory(dtypes.uint64);
export const float16 = factory(dtypes.float16);
export const float32 = factory(dtypes.float32);
export const float64 = factory(dtypes.float64);
export const complex64 = factory(dtypes.complex64);
export const complex128 = factory(dtypes.complex128);
