// The include name CuPy's raw kernels use for complex numbers (`#include <cupy/complex.cuh>`):
// complex<float> and complex<double> in the global namespace, here gpuarray's own complex type
// (the layout of NumPy's complex64/complex128), with its arithmetic and math functions.
#pragma once
#include "gpuarray/complex.h"

using gpa::complex;
