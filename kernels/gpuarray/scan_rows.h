// Scans of rows one thread each, start to end, no cooperation: for rows too short for the tiled
// passes of prefix_scan.h (they run a 256-thread block per row whatever its length, three
// launches), and on the cpu backend for everything but one long row (there a block's threads are
// fibers, and a row per OS thread is the walk its caches like). Rows are contiguous; y may be x.
#pragma once

namespace gpa {

template <typename T, typename Load, typename Op>
__device__ void scan_rows_serial(const T* x, T* y, long long rows, long long len, int exclusive, T ident, Load load, Op op) {
  const long long step = (long long)gridDim.x * blockDim.x;
  for (long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += step) {
    const T* xr = x + r * len;
    T* yr = y + r * len;
    T acc = ident;
    for (long long j = 0; j < len; ++j) {
      const T v = load(xr[j]);  // read before the write: y may be x
      if (exclusive) {
        yr[j] = acc;
        acc = op(acc, v);
      } else {
        acc = op(acc, v);
        yr[j] = acc;
      }
    }
  }
}

}  // namespace gpa
