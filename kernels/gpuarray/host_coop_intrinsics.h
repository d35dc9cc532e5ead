// Cooperative kernels on the cpu backend, part 3: the CUDA intrinsics, with CUDA's signatures,
// over the block runtime of host_coop.h (included from there). Host only.
#pragma once

inline void __syncthreads() { gpa_host::coop::barrier(0); }
inline int __syncthreads_count(int predicate) { return gpa_host::coop::barrier(predicate); }
inline int __syncthreads_and(int predicate) {
  const int count = gpa_host::coop::barrier(predicate);
  return count == gpa_host::coop::this_block().barrier_arrived;
}
inline int __syncthreads_or(int predicate) { return gpa_host::coop::barrier(predicate) != 0; }
inline void __syncwarp(unsigned mask = 0xffffffffu) { gpa_host::coop::warp_op(gpa_host::coop::kSyncwarp, mask, 0, 0, 32); }
inline unsigned __ballot_sync(unsigned mask, int predicate) {
  return (unsigned)gpa_host::coop::warp_op(gpa_host::coop::kBallot, mask, predicate != 0, 0, 32);
}
inline int __any_sync(unsigned mask, int predicate) { return (int)gpa_host::coop::warp_op(gpa_host::coop::kAny, mask, predicate != 0, 0, 32); }
inline int __all_sync(unsigned mask, int predicate) { return (int)gpa_host::coop::warp_op(gpa_host::coop::kAll, mask, predicate != 0, 0, 32); }
inline int __uni_sync(unsigned mask, int predicate) { return (int)gpa_host::coop::warp_op(gpa_host::coop::kUni, mask, predicate != 0, 0, 32); }
inline unsigned __activemask() { return (unsigned)gpa_host::coop::warp_op(gpa_host::coop::kActivemask, 0, 0, 0, 32); }

namespace gpa_host {
namespace coop {
template <typename T>
inline T shuffle(WarpOp op, unsigned mask, T var, int arg, int width) {
  static_assert(sizeof(T) <= 8, "warp shuffles move values of at most 8 bytes");
  unsigned long long bits = 0;
  std::memcpy(&bits, &var, sizeof(T));
  bits = warp_op(op, mask, bits, arg, width);
  T r;
  std::memcpy(&r, &bits, sizeof(T));
  return r;
}
}  // namespace coop
}  // namespace gpa_host

template <typename T>
inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize) {
  return gpa_host::coop::shuffle(gpa_host::coop::kShflIdx, mask, var, srcLane, width);
}
template <typename T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  return gpa_host::coop::shuffle(gpa_host::coop::kShflUp, mask, var, (int)delta, width);
}
template <typename T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  return gpa_host::coop::shuffle(gpa_host::coop::kShflDown, mask, var, (int)delta, width);
}
template <typename T>
inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize) {
  return gpa_host::coop::shuffle(gpa_host::coop::kShflXor, mask, var, laneMask, width);
}

// Warp reductions (sm_80) and matches (sm_70), over the lanes of `mask`.
#define GPA_HOST_WARP_REDUCE(NAME, T, OP)                                                   \
  inline T NAME(unsigned mask, T value) {                                                   \
    return (T)gpa_host::coop::warp_op(gpa_host::coop::OP, mask, (unsigned)value, 0, 32); \
  }
GPA_HOST_WARP_REDUCE(__reduce_add_sync, unsigned, kReduceAdd)
GPA_HOST_WARP_REDUCE(__reduce_add_sync, int, kReduceAdd)
GPA_HOST_WARP_REDUCE(__reduce_min_sync, unsigned, kReduceMinU)
GPA_HOST_WARP_REDUCE(__reduce_min_sync, int, kReduceMinS)
GPA_HOST_WARP_REDUCE(__reduce_max_sync, unsigned, kReduceMaxU)
GPA_HOST_WARP_REDUCE(__reduce_max_sync, int, kReduceMaxS)
GPA_HOST_WARP_REDUCE(__reduce_and_sync, unsigned, kReduceAnd)
GPA_HOST_WARP_REDUCE(__reduce_or_sync, unsigned, kReduceOr)
GPA_HOST_WARP_REDUCE(__reduce_xor_sync, unsigned, kReduceXor)
#undef GPA_HOST_WARP_REDUCE

namespace gpa_host {
namespace coop {
/** A value's bits, for the match intrinsics (they compare bit patterns). */
template <typename T>
inline unsigned long long bits_of(T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "__match_*_sync compares 32- or 64-bit values");
  unsigned long long b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
}  // namespace coop
}  // namespace gpa_host

template <typename T>
inline unsigned __match_any_sync(unsigned mask, T value) {
  return (unsigned)gpa_host::coop::warp_op(gpa_host::coop::kMatchAny, mask, gpa_host::coop::bits_of(value), 0, 32);
}
template <typename T>
inline unsigned __match_all_sync(unsigned mask, T value, int* pred) {
  const unsigned r = (unsigned)gpa_host::coop::warp_op(gpa_host::coop::kMatchAll, mask, gpa_host::coop::bits_of(value), 0, 32);
  *pred = r != 0;
  return r;
}
