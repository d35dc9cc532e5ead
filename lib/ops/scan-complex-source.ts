// The kernel source of complex scans (prefix-scan.ts's cumsum/cumprod of complex64/complex128).
import type { DType } from '../core/dtype.js';
import { COOPERATIVE_MARK } from './device-kernels.js';
import type { ScanOp } from './prefix-scan.js';
import { scanEntries } from './scan-entries.js';

/**
 * Complex add/multiply scans: the row-serial and tiled entries only (the look-back kernel moves
 * values through shuffles and volatile status words, which a complex struct does not take).
 * NaN-skipping scans take an element with a NaN part as the identity (NumPy's isnan of a complex).
 */
export function complexScanSource(d: DType, op: ScanOp, skipNan: boolean): string {
  // The sum's identity is -0 - 0j (-0 + x is x for every x, -0 included, as NumPy's first element
  // copied as is); NaN parts are replaced by +0 (NumPy's nancumsum). The product skips an operand
  // that is exactly 1 + 0j: (1 + 0j) * (-inf + 1j) is -inf + nanj, and NumPy never multiplies the
  // first element by anything (it differs from NumPy only where the data holds 1 + 0j itself).
  const ident = op === 'add' ? 'Acc(-0.0, -0.0)' : 'Acc(1)';
  const nanIdent = op === 'add' ? 'Acc(0)' : 'Acc(1)';
  const load = skipNan ? `(::isnan(v.real()) || ::isnan(v.imag())) ? ${nanIdent} : v` : 'v';
  const isOne = (x: string) => `(${x}.real() == 1 && ${x}.imag() == 0)`;
  const body = op === 'add' ? 'a + b' : `${isOne('a')} ? b : ${isOne('b')} ? a : a * b`;
  return `${COOPERATIVE_MARK}#include "gpuarray/complex.h"
#include "gpuarray/prefix_scan_tiles.h"
#include "gpuarray/scan_rows.h"
typedef ${d.ctype} Acc;
#define IDENT (${ident})
struct ScanOp { __device__ __forceinline__ Acc operator()(Acc a, Acc b) const { return ${body}; } };
struct ScanLoad { __device__ __forceinline__ Acc operator()(Acc v) const { return ${load}; } };
${scanEntries()}`;
}
