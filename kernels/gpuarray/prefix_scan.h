// Device-wide scans (prefix sums and friends). Many rows: reduce-then-scan: (1) each tile of a row
// reduces to one value, (2) one block per row scans its tile values, (3) each tile scans itself
// starting from its tile's prefix; three launches and no inter-block waiting. One long row: a
// single pass with decoupled look-back (scan_lookback). Both run on the cpu backend too (blocks on
// OpenMP threads, a block's threads as fibers). Rows are contiguous and
// independent (axis scans); the operator and identity come from the including source:
//   an Op functor (a op b), a Load functor applied to each element read (nancumsum's NaN -> 0), the identity.
// The parts: prefix_scan_tiles.h (block scan, many rows), prefix_scan_lookback.h (one row, look-back),
// prefix_scan_regs.h (one row, the tile in registers).
#pragma once
#include "gpuarray/prefix_scan_tiles.h"
#include "gpuarray/prefix_scan_lookback.h"
#include "gpuarray/prefix_scan_regs.h"
