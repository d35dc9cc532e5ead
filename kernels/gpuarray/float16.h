// float16 storage type. Included only by kernels that touch float16 data: on the device it pulls
// in cuda_fp16.h, the costly header. Generated element-wise code computes in float and stores
// half, which rounds exactly as NumPy's float16 loops do.
#pragma once
#if defined(__CUDACC__)
#include <cuda_fp16.h>
typedef __half float16;
#else
#include "gpuarray/host_fp16.h"  // __half for `__half` kernel parameters, as cuda_fp16.h gives on the device
typedef __half float16;
#endif
