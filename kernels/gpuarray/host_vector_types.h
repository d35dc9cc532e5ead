// CUDA's builtin vector types (float2, int4, ...) and their make_* functions for the cpu backend,
// with the device's alignment, so kernels that take float2*/double2* (complex data in CuPy's
// kernel-argument table) or use them locally compile on both backends.
#pragma once

#define GPA_VECTOR_TYPES_124(T, NAME, A2, A4)                                              \
  struct NAME##1 { T x; };                                                                 \
  struct __align__(A2) NAME##2 { T x, y; };                                                \
  struct __align__(A4) NAME##4 { T x, y, z, w; };                                          \
  inline NAME##1 make_##NAME##1(T x) { return NAME##1{x}; }                                \
  inline NAME##2 make_##NAME##2(T x, T y) { return NAME##2{x, y}; }                        \
  inline NAME##4 make_##NAME##4(T x, T y, T z, T w) { return NAME##4{x, y, z, w}; }
#define GPA_VECTOR_TYPES(T, NAME, A2, A4)                                                  \
  GPA_VECTOR_TYPES_124(T, NAME, A2, A4)                                                    \
  struct NAME##3 { T x, y, z; };                                                           \
  inline NAME##3 make_##NAME##3(T x, T y, T z) { return NAME##3{x, y, z}; }

GPA_VECTOR_TYPES(signed char, char, 2, 4)
GPA_VECTOR_TYPES(unsigned char, uchar, 2, 4)
GPA_VECTOR_TYPES(short, short, 4, 8)
GPA_VECTOR_TYPES(unsigned short, ushort, 4, 8)
GPA_VECTOR_TYPES(int, int, 8, 16)
// uint3 is the shim's dim3 (threadIdx's type), as both are {x, y, z} of unsigned int.
GPA_VECTOR_TYPES_124(unsigned int, uint, 8, 16)
inline uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { return uint3{x, y, z}; }
GPA_VECTOR_TYPES(long long, longlong, 16, 16)
GPA_VECTOR_TYPES(unsigned long long, ulonglong, 16, 16)
GPA_VECTOR_TYPES(float, float, 8, 16)
GPA_VECTOR_TYPES(double, double, 16, 16)
#undef GPA_VECTOR_TYPES
#undef GPA_VECTOR_TYPES_124
