// Loop skeletons of the element-wise kernels (lib/kernel/elementwise-codegen.ts emits the typed
// step between a skeleton's BEGIN and GPA_LOOP_END): which elements a thread takes and where
// they lie. The plan (lib/kernel/iteration.ts) picks the skeleton; its numbers (index type,
// vector width, spread, tile, the device's warp width) arrive as macro arguments.
//
// These loops run at the memory-bandwidth floor: a change here changes every element-wise
// kernel's SASS. Compare the PTX (or register counts and `cuobjdump -sass`) of generated sources
// before and after (docs/ARCHITECTURE.md, "Where a change goes": an element-wise loop form).
#pragma once
#include "gpuarray/common.h"

namespace gpa {

// Element offsets of every operand at the start of row `row` of an n-D iteration (all dims but
// the innermost one).
template <typename I, int NDIM, int NOPS>
__device__ __forceinline__ void row_offsets(I row, const Indexer<NDIM, NOPS, I>& ix, I (&off)[NOPS]) {
  I r = row;
  for (int k = 0; k < NOPS; ++k) off[k] = 0;
  for (int d = NDIM - 2; d >= 0; --d) {
    const I idx = d == 0 ? r : r % ix.shape[d];
    if (d != 0) r /= ix.shape[d];
    for (int k = 0; k < NOPS; ++k) off[k] += idx * ix.strides[k][d];
  }
}

// Exact log2 of a power of two (the warp width as a shift).
__device__ constexpr int ilog2(int n) { return n <= 1 ? 0 : 1 + ilog2(n / 2); }

}  // namespace gpa

// The skeletons are BEGIN/END macro pairs around the generated step, not templates calling a
// lambda: a lambda is inlined after NVVM's loop passes have run, which then unroll a 64-bit
// index loop differently (measured: a float64 tile loop lost its 2x unroll, 40 -> 34 registers).
// As macros, the step is the loop body, as when TypeScript wrote the loops out: the PTX is
// byte-identical to that of the former TypeScript-only loops. Every
// name a macro declares for the step is an argument; its own start with `_gpa_`.

// No array operands (raw parameters only): every i < n.
#define GPA_LOOP_FLAT_BEGIN(I, n, i) for (I i : gpa::grid_range<I>(n)) {

// Any layout: element i, off[k] the offset of operand k from shape and strides.
#define GPA_LOOP_STRIDED_BEGIN(I, NOPS, n, ix, i, off) \
  for (I i : gpa::grid_range<I>(n)) {                 \
    I off[NOPS];                                      \
    ix.offsets(i, off);

// 1-D vectors: each step the VEC elements from base, then (GPA_LOOP_VEC_TAIL) each of the last
// n % VEC elements as i. Launched with one vector per thread (lib/kernel/elementwise.ts), so the
// grid-stride loops run once: unrolling them only costs NVRTC time (37 -> 26 ms of a 38 ms compile).
#define GPA_LOOP_VEC_BEGIN(I, VEC, n, base)                 \
  const I _gpa_nvec = (n) / VEC;                            \
  _Pragma("unroll 1") for (I _gpa_v : gpa::grid_range<I>(_gpa_nvec)) { \
    const I base = _gpa_v * VEC;
#define GPA_LOOP_VEC_TAIL(I, VEC, n, i) \
  }                                     \
  _Pragma("unroll 1") for (I _gpa_t : gpa::grid_range<I>((n) - _gpa_nvec * VEC)) { \
    const I i = _gpa_t + _gpa_nvec * VEC;

// n-D vectors (rows a multiple of VEC long): the run's linear index base, its column col and
// every operand's row offsets off.
#define GPA_LOOP_VEC_ROWS_BEGIN(I, VEC, NDIM, NOPS, n, ix, base, col, off)     \
  const I _gpa_nvec = (n) / VEC;                                               \
  _Pragma("unroll 1") for (I _gpa_v : gpa::grid_range<I>(_gpa_nvec)) {         \
    const I _gpa_rowlen = ix.shape[NDIM - 1] / VEC;                            \
    const I _gpa_row = _gpa_v / _gpa_rowlen;                                   \
    const I col = (_gpa_v - _gpa_row * _gpa_rowlen) * VEC;                     \
    const I base = _gpa_row * ix.shape[NDIM - 1] + col;                        \
    I off[NOPS];                                                               \
    gpa::row_offsets(_gpa_row, ix, off);

// Rows vectors cannot take: each step up to VEC elements of one row of length rowlen, element k
// at column col + k * S (linear index base + k * S, row `row`). With a spread S of the warp
// width, a warp takes S x VEC elements, lane l the ones at l + S k: each access of the warp is
// one contiguous run.
#define GPA_LOOP_CHUNK_BEGIN(I, VEC, S, n, rowlen, base, col, row)                          \
  const I _gpa_cpr = ((rowlen) + (VEC * S - 1)) / (VEC * S);                                \
  _Pragma("unroll 1") for (I _gpa_t : gpa::grid_range<I>(((n) / (rowlen)) * _gpa_cpr * S)) { \
    const I _gpa_c = S == 1 ? _gpa_t : _gpa_t / S;                                           \
    const I _gpa_lane = S == 1 ? 0 : _gpa_t - _gpa_c * S;                                    \
    const I row = _gpa_c / _gpa_cpr;                                                         \
    const I col = (_gpa_c - row * _gpa_cpr) * (VEC * S) + _gpa_lane;                         \
    const I base = row * (rowlen) + col;

// 2-D tiles of TH x TW elements (row- and column-major operands mixed), (r0, c0) the tile's
// corner: the WARP lanes of a warp take a (WARP / 8) x 8 block of tiles, so every warp access
// covers whole 128-byte lines of row-major rows (8 lanes x 16 bytes) and column-major columns.
// WARP is the device's warp width (a power of two, at least 8).
#define GPA_LOOP_TILE_BEGIN(I, TH, TW, WARP, R, C, r0, c0)                                  \
  const I _gpa_wtiles_c = (C) / (8 * TW);                                                    \
  for (I _gpa_t : gpa::grid_range<I>(((R) / TH) * ((C) / TW))) {                             \
    const I _gpa_w = _gpa_t >> gpa::ilog2(WARP), _gpa_lane = _gpa_t & (WARP - 1);            \
    const I _gpa_wr = _gpa_w / _gpa_wtiles_c;                                                \
    const I r0 = (_gpa_wr * (WARP / 8) + (_gpa_lane >> 3)) * TH;                             \
    const I c0 = ((_gpa_w - _gpa_wr * _gpa_wtiles_c) * 8 + (_gpa_lane & 7)) * TW;

// Closes any of the loops above.
#define GPA_LOOP_END }
