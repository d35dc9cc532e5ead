// The part of cuda_fp16.h a kernel needs on the cpu backend: __half as the compiler's IEEE
// binary16 (_Float16, same bits and size), conversions, arithmetic and comparisons. Arithmetic
// computes in float and rounds once to half, which equals the device's correctly rounded half
// operations for + - * / (float holds every exact half product and sum). Host only: a kernel's
// `#include <cuda_fp16.h>` finds this through kernels/host/cuda_fp16.h.
#pragma once
#include <cstring>

typedef _Float16 __half;
typedef __half half;
struct __half2 {
  __half x, y;
};

inline __half __float2half(float f) { return (__half)f; }
inline __half __float2half_rn(float f) { return (__half)f; }
inline __half __double2half(double d) { return (__half)d; }  // one rounding, as the device
inline float __half2float(__half h) { return (float)h; }
inline __half __int2half_rn(int i) { return (__half)i; }
inline int __half2int_rz(__half h) { return (int)h; }
inline unsigned short __half_as_ushort(__half h) {
  unsigned short u;
  std::memcpy(&u, &h, 2);
  return u;
}
inline __half __ushort_as_half(unsigned short u) {
  __half h;
  std::memcpy(&h, &u, 2);
  return h;
}
inline short __half_as_short(__half h) { return (short)__half_as_ushort(h); }
inline __half __short_as_half(short s) { return __ushort_as_half((unsigned short)s); }
inline __half2 __halves2half2(__half a, __half b) { return __half2{a, b}; }
inline __half2 __floats2half2_rn(float a, float b) { return __half2{(__half)a, (__half)b}; }
inline __half __low2half(__half2 v) { return v.x; }
inline __half __high2half(__half2 v) { return v.y; }

inline __half __hadd(__half a, __half b) { return a + b; }
inline __half __hsub(__half a, __half b) { return a - b; }
inline __half __hmul(__half a, __half b) { return a * b; }
inline __half __hdiv(__half a, __half b) { return a / b; }
inline __half __hneg(__half a) { return -a; }
inline __half __habs(__half a) { return __ushort_as_half(__half_as_ushort(a) & 0x7fffu); }
inline bool __hisnan(__half a) { return a != a; }
inline bool __hisinf(__half a) { return a == (__half)(1.0f / 0.0f) || a == (__half)(-1.0f / 0.0f); }
inline bool __heq(__half a, __half b) { return a == b; }
inline bool __hne(__half a, __half b) { return a != b; }
inline bool __hlt(__half a, __half b) { return a < b; }
inline bool __hle(__half a, __half b) { return a <= b; }
inline bool __hgt(__half a, __half b) { return a > b; }
inline bool __hge(__half a, __half b) { return a >= b; }
// __hmax/__hmin: a NaN operand gives the other one, as on the device.
inline __half __hmax(__half a, __half b) { return a != a ? b : b != b ? a : (a < b ? b : a); }
inline __half __hmin(__half a, __half b) { return a != a ? b : b != b ? a : (b < a ? b : a); }
