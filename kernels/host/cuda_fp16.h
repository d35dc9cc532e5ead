// cpu backend: a kernel's `#include <cuda_fp16.h>` lands here (this folder is on the host
// compiler's include path only; NVRTC finds the toolkit's own header).
#pragma once
#include "gpuarray/host_fp16.h"
