// Kernels of gp.fuse (lib/fusion): each traced op's value passes through gpa::keep, an empty asm
// statement the compiler cannot see through. It keeps an op's rounding its own, as when each op is
// a kernel of its own: no FMA contraction of one op's multiply with the next op's add, no algebra
// across ops that assumes signed overflow cannot happen. The host compiler runs with
// -ffp-contract=off and -fwrapv (lib/device/host/compiler.ts), so there keep is the identity.
#pragma once

namespace gpa {

#ifdef GPA_HOST
template <typename T> __device__ __forceinline__ T keep(T x) { return x; }
#else
__device__ __forceinline__ float keep(float x) { asm("" : "+f"(x)); return x; }
__device__ __forceinline__ double keep(double x) { asm("" : "+d"(x)); return x; }
__device__ __forceinline__ int keep(int x) { asm("" : "+r"(x)); return x; }
__device__ __forceinline__ unsigned int keep(unsigned int x) { asm("" : "+r"(x)); return x; }
__device__ __forceinline__ long long keep(long long x) { asm("" : "+l"(x)); return x; }
__device__ __forceinline__ unsigned long long keep(unsigned long long x) { asm("" : "+l"(x)); return x; }
// Narrower types through a 32-bit register (PTX has no 8-bit ones).
__device__ __forceinline__ short keep(short x) { int t = x; asm("" : "+r"(t)); return (short)t; }
__device__ __forceinline__ unsigned short keep(unsigned short x) { unsigned int t = x; asm("" : "+r"(t)); return (unsigned short)t; }
__device__ __forceinline__ signed char keep(signed char x) { int t = x; asm("" : "+r"(t)); return (signed char)t; }
__device__ __forceinline__ unsigned char keep(unsigned char x) { unsigned int t = x; asm("" : "+r"(t)); return (unsigned char)t; }
__device__ __forceinline__ bool keep(bool x) { unsigned int t = x; asm("" : "+r"(t)); return t != 0; }
#ifdef GPA_COMPLEX_H
template <typename T> __device__ __forceinline__ complex<T> keep(complex<T> x) { return complex<T>(keep(x.re_), keep(x.im_)); }
#endif
#endif

}  // namespace gpa
