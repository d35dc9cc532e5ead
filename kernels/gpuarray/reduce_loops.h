// Walk skeletons of the reduction kernels (lib/kernel/reduction-codegen.ts emits the typed parts
// between them: the input loads, the map-and-fold of one element, the post-map, and one line per
// accumulator where the column walk keeps several). The two walks of lib/kernel/reduction-plan.ts:
//
//   row:    a group of _G threads per output, the group's lanes stride the reduced run;
//   column: each thread owns W consecutive outputs, threadIdx.y splits the reduced rows.
//
// Both split the reduced range over blockIdx.y when the outputs alone cannot fill the device:
// each split writes a partial, and the last block to finish (gpa::last_block) combines them.
//
// As in elementwise.h these are macros around the generated code, not templates calling a
// lambda (NVVM unrolls a lambda's loop differently), and the PTX is byte-identical to that of the
// former TypeScript-only loops; a change here changes every reduction kernel's SASS (compare the
// PTX before and after: docs/ARCHITECTURE.md, "Where a change goes").
//
// Names: the kernel defines _g (the gpa::RedGeom), _partials, _counters, _red (the reduce
// lambda) and the types _type_reduce and the index type I; the macros declare, for the typed
// parts, _kb/_ke (this split's reduced range), _io (the output's input offsets), _ro (the
// reduced element's), _k (the reduced index), _kv (a vector step's), _t (a vector lane, from
// GPA_RED_VEC_LANES), _j (row walk: the output) and _u (column walk: the first output / W), and
// _acc (the row walk's accumulator; the column walk's are named by the generator).
#pragma once

// _Pragma of a macro argument (the argument expanded first).
#define GPA_RED_PRAGMA_(x) _Pragma(#x)
#define GPA_RED_PRAGMA(x) GPA_RED_PRAGMA_(x)

// ---- both walks ------------------------------------------------------------------------------

// This split's reduced range [_kb, _ke): interleaved splits share the whole range (the row walk
// strides them), contiguous ones take split_len elements each.
#define GPA_RED_SPLIT_RANGE(I)                                           \
  const I _kb = _g.interleave ? 0 : (I)blockIdx.y * _g.split_len;        \
  const I _ke = _g.interleave ? _g.n_red : min(_kb + _g.split_len, _g.n_red);

// Two-level accumulation: a thread folds GPA_RED_CHUNK loop steps into a fresh partial acc##_p
// before adding it to acc, so long per-thread runs (the cpu backend's, whole rows) keep float
// sums accurate (error ~ (CHUNK + steps / CHUNK) ulp instead of ~ steps ulp). Per loop:
// GPA_RED_CHUNK_PARTIAL for each accumulator, GPA_RED_CHUNK_COUNT; in the loop body
// GPA_RED_CHUNK_STEP_BEGIN, GPA_RED_CHUNK_FOLD for each, GPA_RED_CHUNK_STEP_END; after the loop
// GPA_RED_CHUNK_END for each.
// On the cpu backend a thread's run is a whole row (or a split of one), so its partials of 8 steps
// go through gpa::RedCascade (reduce.h), a pairwise tree as NumPy's pairwise sum builds: error ~
// (8 + log2(steps / 8)) ulp, where two levels left float32 sums of 1e6 equal values 4e-5 off.
#ifdef GPA_HOST
#define GPA_RED_CHUNK 8
#define GPA_RED_CHUNK_PARTIAL(acc, IDENTITY) \
  _type_reduce acc##_p = IDENTITY;           \
  gpa::RedCascade<_type_reduce> acc##_c;
#define GPA_RED_CHUNK_FOLD(acc, IDENTITY) \
  acc##_c.push(acc##_p, _red);            \
  acc##_p = IDENTITY;
#define GPA_RED_CHUNK_END(acc) acc = _red(acc, acc##_c.finish(acc##_p, _red));
#else
#define GPA_RED_CHUNK 256
#define GPA_RED_CHUNK_PARTIAL(acc, IDENTITY) _type_reduce acc##_p = IDENTITY;
#define GPA_RED_CHUNK_FOLD(acc, IDENTITY) \
  acc = _red(acc, acc##_p);               \
  acc##_p = IDENTITY;
#define GPA_RED_CHUNK_END(acc) acc = _red(acc, acc##_p);
#endif
#define GPA_RED_CHUNK_COUNT int _cnt = 0;
#define GPA_RED_CHUNK_STEP_BEGIN if (++_cnt == GPA_RED_CHUNK) {
#define GPA_RED_CHUNK_STEP_END \
  _cnt = 0;                    \
  }

// The VEC lanes _t of a vector step.
#define GPA_RED_VEC_LANES(VEC) _Pragma("unroll") for (int _t = 0; _t < VEC; ++_t)

// ---- row walk --------------------------------------------------------------------------------
//
//   GPA_RED_ROW_BEGIN  <the walk of output _j's run into _acc>
//   GPA_RED_ROW_REDUCE <post-map of _acc to output _j>
//   GPA_RED_ROW_COMBINE <post-map of _acc to output _j>
//   GPA_RED_ROW_END
//
// Interleaved splits share the whole range: split _ks of _kn starts _ks group steps in and
// strides _kn of them (contiguous splits: _ks 0, _kn 1, their range set by GPA_RED_SPLIT_RANGE).
#define GPA_RED_ROW_BEGIN(I, NI, IDENTITY)                                                    \
  const int _G = (int)_g.group;                                                               \
  const I _ks = _g.interleave ? (I)blockIdx.y : 0;                                            \
  const I _kn = _g.interleave ? _g.n_split : 1;                                               \
  const int _lane = (int)threadIdx.x & (_G - 1);                                              \
  const I _gpb = (I)(blockDim.x / _G);                                                        \
  const I _gib = (I)(threadIdx.x / _G);                                                       \
  for (I _base = (I)blockIdx.x * _gpb; _base < _g.n_out; _base += (I)gridDim.x * _gpb) {      \
    const I _j = _base + _gib;                                                                \
    _type_reduce _acc = IDENTITY;                                                             \
    if (_j < _g.n_out) {                                                                      \
      I _io[NI];                                                                              \
      _g.in_offsets(_j, _io);
// The group's lanes combine _acc; a single split post-maps it (the generated block that follows).
#define GPA_RED_ROW_REDUCE                        \
    }                                             \
    _acc = gpa::group_reduce(_acc, _red, _G);     \
    if (_lane == 0 && _j < _g.n_out) {            \
      if (_g.n_split == 1)
// Several splits store partials; the last block combines them and post-maps (the generated
// block that follows).
#define GPA_RED_ROW_COMBINE(I, IDENTITY)                                                                                \
      else _partials[(I)blockIdx.y * _g.n_out + _j] = _acc;                                                            \
    }                                                                                                                  \
  }                                                                                                                    \
  if (_g.n_split > 1 && gpa::last_block(_counters + blockIdx.x, (unsigned)_g.n_split)) {                               \
    for (I _base = (I)blockIdx.x * _gpb; _base < _g.n_out; _base += (I)gridDim.x * _gpb) {                             \
      const I _j = _base + _gib;                                                                                       \
      _type_reduce _acc = IDENTITY;                                                                                    \
      if (_j < _g.n_out)                                                                                               \
        for (I _s = _lane; _s < _g.n_split; _s += _G) _acc = _red(_acc, gpa::load_partial(_partials + _s * _g.n_out + _j)); \
      _acc = gpa::group_reduce(_acc, _red, _G);                                                                        \
      if (_lane == 0 && _j < _g.n_out)
#define GPA_RED_ROW_END                            \
    }                                              \
    if (threadIdx.x == 0) _counters[blockIdx.x] = 0; \
  }

// The run of one output: reduced elements _k with their offsets _ro (any layout) ...
#define GPA_RED_ROW_SCALAR_BEGIN(I, NI)                                  \
  for (I _k = _kb + _ks * _G + _lane; _k < _ke; _k += _G * _kn) {        \
    I _ro[NI];                                                           \
    _g.red_offsets(_k, _ro);
#define GPA_RED_ROW_SCALAR_END }
// ... or (one reduced dim, vector inputs at stride 1) vector steps _kv of VEC elements from
// _vb to _ve (GPA_RED_ROW_VEC_RANGE before the chunk partials, GPA_RED_ROW_VEC_BEGIN after),
// then GPA_RED_ROW_VEC_TAIL: the loop over the last elements _k, whose body is the generated
// block that follows.
#define GPA_RED_ROW_VEC_RANGE(I, VEC) const I _vb = _kb / VEC, _ve = _ke / VEC;
#define GPA_RED_ROW_VEC_BEGIN(I, UNROLL) \
  GPA_RED_PRAGMA(unroll UNROLL)          \
  for (I _kv = _vb + _ks * _G + _lane; _kv < _ve; _kv += _G * _kn) {
#define GPA_RED_ROW_VEC_TAIL(I, VEC) \
  }                                  \
  for (I _k = _ve * VEC + _ks * _G + _lane; _k < _ke; _k += _G * _kn)

// ---- column walk -----------------------------------------------------------------------------
//
// W accumulators per thread (registers), each named by the generator; per accumulator `a` of
// output offset U (_u, or _u * W + t):
//
//   GPA_RED_COL_BEGIN            _type_reduce a = IDENTITY;
//   GPA_RED_COL_OFFSETS          GPA_RED_CHUNK_PARTIAL(a, ...), GPA_RED_CHUNK_COUNT
//   GPA_RED_COL_LOOP_BEGIN       <loads and map-and-fold of reduced element _k>, chunk step
//   GPA_RED_COL_LOOP_END         GPA_RED_CHUNK_END(a)
//   GPA_RED_COL_REDUCE_BEGIN     GPA_RED_COL_REDUCE(a)
//   GPA_RED_COL_STORE_BEGIN      <post-map of a to output U>
//   GPA_RED_COL_PARTIALS         GPA_RED_COL_PARTIAL(a, U)
//   GPA_RED_COL_COMBINE_BEGIN    _type_reduce a = IDENTITY;
//   GPA_RED_COL_COMBINE_LOOP     GPA_RED_COL_LOAD_PARTIAL(a, U)
//   GPA_RED_COL_COMBINE_REDUCE   GPA_RED_COL_REDUCE(a)
//   GPA_RED_COL_COMBINE_STORE    <post-map of a to output U>
//   GPA_RED_COL_END
#define GPA_RED_COL_BEGIN(I, W)                                                                          \
  const I _nu = _g.n_out / W;                                                                            \
  for (I _ub = (I)blockIdx.x * (I)blockDim.x; _ub < _nu; _ub += (I)gridDim.x * (I)blockDim.x) {          \
    const I _u = _ub + (I)threadIdx.x;
// J0: the first output of the thread (_u, or _u * W).
#define GPA_RED_COL_OFFSETS(I, NI, J0) \
    if (_u < _nu) {                    \
      I _io[NI];                       \
      _g.in_offsets(J0, _io);
#define GPA_RED_COL_LOOP_BEGIN(I, NI, UNROLL)                                        \
  GPA_RED_PRAGMA(unroll UNROLL)                                                      \
      for (I _k = _kb + (I)threadIdx.y; _k < _ke; _k += (I)blockDim.y) {             \
        I _ro[NI];                                                                   \
        _g.red_offsets(_k, _ro);
#define GPA_RED_COL_LOOP_END }
#define GPA_RED_COL_REDUCE_BEGIN }
#define GPA_RED_COL_REDUCE(acc) acc = gpa::col_reduce(acc, _red);
#define GPA_RED_COL_STORE_BEGIN          \
    if (threadIdx.y == 0 && _u < _nu) {  \
      if (_g.n_split == 1) {
#define GPA_RED_COL_PARTIALS \
      } else {
#define GPA_RED_COL_PARTIAL(I, acc, U) _partials[(I)blockIdx.y * _g.n_out + U] = acc;
#define GPA_RED_COL_COMBINE_BEGIN(I)                                                                       \
      }                                                                                                    \
    }                                                                                                      \
  }                                                                                                        \
  if (_g.n_split > 1 && gpa::last_block(_counters + blockIdx.x, (unsigned)_g.n_split)) {                   \
    for (I _ub = (I)blockIdx.x * (I)blockDim.x; _ub < _nu; _ub += (I)gridDim.x * (I)blockDim.x) {          \
      const I _u = _ub + (I)threadIdx.x;
#define GPA_RED_COL_COMBINE_LOOP(I) \
      if (_u < _nu)                 \
        for (I _s = (I)threadIdx.y; _s < _g.n_split; _s += (I)blockDim.y) {
#define GPA_RED_COL_LOAD_PARTIAL(acc, U) acc = _red(acc, gpa::load_partial(_partials + _s * _g.n_out + U));
#define GPA_RED_COL_COMBINE_REDUCE }
#define GPA_RED_COL_COMBINE_STORE if (threadIdx.y == 0 && _u < _nu) {
#define GPA_RED_COL_END                                            \
      }                                                            \
    }                                                              \
    if (threadIdx.x == 0 && threadIdx.y == 0) _counters[blockIdx.x] = 0; \
  }
