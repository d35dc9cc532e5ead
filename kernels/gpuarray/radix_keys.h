// The radix sort's keys (radix_sort.h): every real dtype mapped to unsigned integers whose order
// is NumPy's sort order. Plain functions, usable by non-cooperative kernels.
#pragma once

namespace gpa {

// Keys in unsigned order, NumPy's sort order: for floats -inf < ... < -0.0 == +0.0 < ... < inf < NaN
// (every NaN the same key, so ties keep their input order); signed ints with the sign bit flipped.
__device__ __forceinline__ unsigned int radix_key_f16(unsigned short u) {
  if ((u & 0x7fffu) > 0x7c00u) return 0xffffu;
  if ((u & 0x7fffu) == 0u) return 0x8000u;
  return (u & 0x8000u) ? (unsigned short)~u : (unsigned)(u | 0x8000u);
}
__device__ __forceinline__ unsigned int radix_key_f32(unsigned int u) {
  if ((u & 0x7fffffffu) > 0x7f800000u) return 0xffffffffu;
  if ((u & 0x7fffffffu) == 0u) return 0x80000000u;
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}
__device__ __forceinline__ unsigned long long radix_key_f64(unsigned long long u) {
  const unsigned long long sign = 0x8000000000000000ull;
  if ((u & ~sign) > 0x7ff0000000000000ull) return ~0ull;
  if ((u & ~sign) == 0ull) return sign;
  return (u & sign) ? ~u : (u | sign);
}

}  // namespace gpa
