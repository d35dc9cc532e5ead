// One arithmetic operation's float64 result rounded as NumPy computes it in a float dtype: the
// host-side arithmetic of edges, quantile indices, FFT norm factors and frequencies.
import { DType, dtypes } from './dtype.js';
import { float16BitsFromNumber, numberFromFloat16Bits } from './float-bits.js';

/** One arithmetic operation's float64 result rounded as NumPy computes it in a dtype (identity: float64). */
export type Rounding = (x: number) => number;

/** float64's arithmetic: no rounding past the JS number's own. */
export const float64Math: Rounding = (x) => x;
const float32Math: Rounding = Math.fround;
// NumPy's float16 ufuncs compute in float32 and round the result to float16.
const float16Math: Rounding = (x) => numberFromFloat16Bits(float16BitsFromNumber(Math.fround(x)));

/** The arithmetic of dtype `d`: float32's and float16's own, float64's for every other dtype. */
export function arithmeticOf(d: DType | null | undefined): Rounding {
  return d === dtypes.float32 ? float32Math : d === dtypes.float16 ? float16Math : float64Math;
}
