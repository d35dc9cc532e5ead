// numpy.median and nanmedian of complex arrays: the rows sorted in NumPy's complex order (real
// part, then imaginary; NaNs last), then per row the mean of the middle element(s), as NumPy's
// partition-and-mean. median gives a row holding a NaN its last element (NumPy's
// _median_nancheck copies that in); nanmedian skips NaNs, an all-NaN row giving nan+0j.
import { GpuArray } from '../core/gpu-array.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { sort } from './sorting.js';

function source(ctype: string): string {
  return `#include "gpuarray/complex.h"
typedef ${ctype} C;
extern "C" __global__ void gpa_median_complex(const void* sortedp, void* outp, long long rows, long long len, int skipNan) {
  const C* sorted = (const C*)sortedp;
  C* out = (C*)outp;
  typedef decltype(sorted[0].real()) R;
  const R nan = (R)(0.0 / 0.0);
  for (long long r : gpa::grid_range(rows)) {
    const C* row = sorted + r * len;
    long long n = len;
    if (skipNan) {  // NaNs sort last: the first by bisection
      long long lo = 0, hi = len;
      while (lo < hi) { const long long mid = (lo + hi) / 2; if (gpa::isnan(row[mid])) hi = mid; else lo = mid + 1; }
      n = lo;
      if (n == 0) { out[r] = C(nan, (R)0); continue; }
    } else if (len == 0) {
      out[r] = C(nan, nan);  // the mean of nothing
      continue;
    } else if (gpa::isnan(row[len - 1])) {
      out[r] = row[len - 1];
      continue;
    }
    out[r] = n % 2 ? row[n / 2] : (row[n / 2 - 1] + row[n / 2]) / C((R)2);
  }
}
`;
}

/**
 * The median of each row of `rows` (the reduced axes merged last, as quantile.ts lays them out),
 * into a new array of `shape` (the rows' count of elements) in rows' complex dtype.
 */
export function complexMedianRows(rows: GpuArray, shape: readonly number[], skipNan: boolean): GpuArray {
  const len = rows.shape[rows.ndim - 1];
  const n = rows.size / Math.max(len, 1);
  const count = len === 0 ? shape.reduce((p, d) => p * d, 1) : n;
  const res = GpuArray.allocate(shape, rows.dtype, rows.device);
  if (count === 0) return res;
  const sorted = len === 0 ? rows : sort(rows, -1);
  try {
    moduleKernel(source(rows.dtype.ctype), 'gpa_median_complex')(gridFor(count), 256, [sorted, res, count, len, skipNan ? 1 : 0]);
  } catch (e) {
    res.dispose();
    throw e;
  } finally {
    if (sorted !== rows) sorted.dispose();
  }
  return res;
}
