// Kernels of gp.fuse (lib/fusion): each traced op's value passes through gpa::keep, which the
// compiler cannot see through. It keeps an op's rounding its own, as when each op is
// a kernel of its own: no FMA contraction of one op's multiply with the next op's add, no algebra
// across ops that assumes signed overflow cannot happen. The host compiler runs with
// -ffp-contract=off and -fwrapv (lib/device/cpu/compiler.ts), so there keep is the identity.
#pragma once

namespace gpa {

// keep(x, z) returns x. z is a kernel parameter the launch sets to 0: the value goes through an
// integer xor with it, which neither NVVM nor ptxas can fold (an empty asm is not enough: ptxas
// still contracts a PTX mul.f32 and the add.f32 that reads it into an fma). Bits are kept as they
// are, NaN payloads included.
#ifdef GPA_HOST
template <typename T> __device__ __forceinline__ T keep(T x, unsigned int) { return x; }
#else
__device__ __forceinline__ float keep(float x, unsigned int z) {
  asm("{.reg .b32 t; mov.b32 t, %0; xor.b32 t, t, %1; mov.b32 %0, t;}" : "+f"(x) : "r"(z));
  return x;
}
__device__ __forceinline__ double keep(double x, unsigned int z) {
  asm("{.reg .b64 t; mov.b64 t, %0; xor.b64 t, t, %1; mov.b64 %0, t;}" : "+d"(x) : "l"((unsigned long long)z));
  return x;
}
__device__ __forceinline__ int keep(int x, unsigned int z) { asm("xor.b32 %0, %0, %1;" : "+r"(x) : "r"(z)); return x; }
__device__ __forceinline__ unsigned int keep(unsigned int x, unsigned int z) { asm("xor.b32 %0, %0, %1;" : "+r"(x) : "r"(z)); return x; }
__device__ __forceinline__ long long keep(long long x, unsigned int z) { asm("xor.b64 %0, %0, %1;" : "+l"(x) : "l"((unsigned long long)z)); return x; }
__device__ __forceinline__ unsigned long long keep(unsigned long long x, unsigned int z) { asm("xor.b64 %0, %0, %1;" : "+l"(x) : "l"((unsigned long long)z)); return x; }
// Narrower types through a 32-bit register (PTX has no 8-bit ones).
__device__ __forceinline__ short keep(short x, unsigned int z) { return (short)keep((int)x, z); }
__device__ __forceinline__ unsigned short keep(unsigned short x, unsigned int z) { return (unsigned short)keep((unsigned int)x, z); }
__device__ __forceinline__ signed char keep(signed char x, unsigned int z) { return (signed char)keep((int)x, z); }
__device__ __forceinline__ unsigned char keep(unsigned char x, unsigned int z) { return (unsigned char)keep((unsigned int)x, z); }
__device__ __forceinline__ bool keep(bool x, unsigned int z) { return keep((unsigned int)x, z) != 0; }
#ifdef GPA_COMPLEX_H
template <typename T> __device__ __forceinline__ complex<T> keep(complex<T> x, unsigned int z) { return complex<T>(keep(x.re_, z), keep(x.im_, z)); }
#endif
#endif

}  // namespace gpa
