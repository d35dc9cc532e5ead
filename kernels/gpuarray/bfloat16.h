// bfloat16 storage type (ml_dtypes' bfloat16: the top 16 bits of a float32). Ours rather than
// cuda_bf16.h: the same source on both backends and no toolkit header to compile. Kernels compute
// in float (the dtype's compute type) and store with one rounding to nearest even from float;
// NaN stays a (quiet) NaN with its sign. A double converts through float, as ml_dtypes does.
#pragma once

// Bit casts by CUDA's intrinsics (NVRTC has no __builtin_memcpy in device code; host_shim.h gives
// the cpu backend the same names).
__host__ __device__ __forceinline__ unsigned int gpa_bf16_f2u(float f) { return (unsigned int)__float_as_int(f); }
__host__ __device__ __forceinline__ float gpa_bf16_u2f(unsigned int u) { return __int_as_float((int)u); }

struct bfloat16 {
  unsigned short bits;
  bfloat16() = default;
  __host__ __device__ __forceinline__ bfloat16(float f) {
    const unsigned int u = gpa_bf16_f2u(f);
    bits = (u & 0x7fffffffu) > 0x7f800000u ? (unsigned short)((u >> 16) | 0x40u)  // NaN: quiet, sign kept
                                           : (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  }
  __host__ __device__ __forceinline__ operator float() const { return gpa_bf16_u2f((unsigned int)bits << 16); }
};
