// The 16-bit float formats gpuarray stores as raw bits, to and from JS numbers: float16 (IEEE
// binary16, NumPy's half) and bfloat16 (the top half of a float32, as ml_dtypes and cuda_bf16.h).

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

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/**
 * bfloat16 from a JS number: to float32 first, then to nearest even on the top 16 bits, as
 * ml_dtypes (Eigen's bfloat16 from double goes through float) and kernels/gpuarray/bfloat16.h do.
 * NaN stays NaN (quiet, sign kept).
 */
export function bfloat16BitsFromNumber(x: number): number {
  f32[0] = x;
  const u = u32[0];
  if ((u & 0x7fffffff) > 0x7f800000) return (u >>> 16) | 0x40;
  return (u + 0x7fff + ((u >>> 16) & 1)) >>> 16;
}

export function numberFromBfloat16Bits(b: number): number {
  u32[0] = (b & 0xffff) << 16;
  return f32[0];
}
