// Cooperative kernels on the cpu backend, part 2: a block's threads as fibers that meet at
// __syncthreads and exchange values through warp intrinsics, with CUDA's semantics. Host only;
// the launch unit includes it (and runs kernels with run_grid_coop) when GPA_HOST_COOPERATIVE is
// defined, which the cpu backend does for sources that name a barrier or warp intrinsic.
//
// Scheduling: a block runs in rounds. In a round every runnable thread runs, one after another
// on one OS thread, until it parks: at a block barrier, at a warp intrinsic, or at its end. Then
// warp intrinsics are resolved among the lanes of each warp that wait at the same intrinsic with
// the same mask (once every live lane the mask names is there), and those lanes run next; when
// only barrier waiters are left, the barrier releases them all. Exited threads do not hold a barrier up. Warps are 32 consecutive threads
// (x fastest), as on NVIDIA GPUs. Shared memory is thread_local (host_shim.h): the whole block
// runs on one OS thread, and blocks spread over OpenMP threads as in run_grid.
#pragma once
#include "gpuarray/host_fiber.h"

namespace gpa_host {
namespace coop {

enum Wait : unsigned char { kRunning, kAtBarrier, kAtWarp, kDone };
enum WarpOp : unsigned char {
  kSyncwarp, kShflIdx, kShflUp, kShflDown, kShflXor, kBallot, kAny, kAll, kUni, kActivemask,
  kReduceAdd, kReduceMinS, kReduceMinU, kReduceMaxS, kReduceMaxU, kReduceAnd, kReduceOr, kReduceXor,
  kMatchAny, kMatchAll,
};

struct Thread {
  fiber::Context ctx;
  dim3 idx;
  unsigned char wait, op;
  unsigned mask;
  int arg, width;
  unsigned long long value, result;
};

/** The block an OS thread is running, and that thread's fibers (reused by every block it runs). */
struct Block {
  fiber::Stacks stacks;
  Thread* threads = nullptr;
  unsigned* order = nullptr;  // the runnable threads of this round
  unsigned capacity = 0, n = 0, nrun = 0, pos = 0;
  fiber::Context scheduler;
  int barrier_count = 0;  // threads whose __syncthreads_* predicate held at the last barrier
  int barrier_arrived = 0;
  bool failed = false;
  void (*body)(const void*) = nullptr;
  const void* ctx = nullptr;

  ~Block() {
    delete[] threads;
    delete[] order;
  }
  bool prepare(unsigned count) {
    if (count > capacity) {
      delete[] threads;
      delete[] order;
      threads = new Thread[count];
      order = new unsigned[count];
      capacity = count;
    }
    n = count;
    return stacks.reserve(count);
  }
};

inline Block& this_block() {
  static thread_local Block b;
  return b;
}

/** Park thread `t`: switch to the next runnable thread of the round, or back to the scheduler. */
inline void park(Block& b, Thread& t) {
  const unsigned p = ++b.pos;
  if (p < b.nrun && !b.failed)
    fiber::switch_to(t.ctx, b.threads[b.order[p]].ctx);
  else
    fiber::switch_to(t.ctx, b.scheduler);
  // Resumed. threadIdx is per OS thread: each fiber puts its own back.
  threadIdx = t.idx;
}

inline void thread_main(void* p) {
  Thread& t = *static_cast<Thread*>(p);
  Block& b = this_block();
  threadIdx = t.idx;
  try {
    b.body(b.ctx);
  } catch (...) {
    b.failed = true;
    fail_with_current_exception();
  }
  t.wait = kDone;
  park(b, t);
  __builtin_trap();  // a finished thread is never resumed
}

inline Thread& current(Block& b) { return b.threads[b.order[b.pos]]; }

inline int barrier(int predicate) {
  Block& b = this_block();
  Thread& t = current(b);
  t.wait = kAtBarrier;
  t.value = predicate != 0;
  park(b, t);
  return b.barrier_count;
}

inline unsigned long long warp_op(WarpOp op, unsigned mask, unsigned long long value, int arg, int width) {
  Block& b = this_block();
  Thread& t = current(b);
  t.wait = kAtWarp;
  t.op = op;
  t.mask = mask;
  t.value = value;
  t.arg = arg;
  t.width = width;
  park(b, t);
  return t.result;
}

/** The source lane of a shuffle for `lane` (or `lane` itself where CUDA returns the caller's value). */
inline unsigned shuffle_source(const Thread& t, unsigned lane) {
  const int w = (t.width >= 1 && t.width <= 32 && (t.width & (t.width - 1)) == 0) ? t.width : 32;
  const unsigned seg = lane & ~(unsigned)(w - 1);
  const unsigned in_seg = lane & (unsigned)(w - 1);
  switch (t.op) {
    case kShflIdx:
      return seg + ((unsigned)t.arg & (unsigned)(w - 1));
    case kShflUp:
      return in_seg < (unsigned)t.arg ? lane : lane - (unsigned)t.arg;
    case kShflDown:
      return in_seg + (unsigned)t.arg >= (unsigned)w ? lane : lane + (unsigned)t.arg;
    default: {  // kShflXor: lanes of later segments give the caller's own value
      const unsigned src = lane ^ ((unsigned)t.arg & 31u);
      return src >= seg + (unsigned)w ? lane : src;
    }
  }
}

/** __reduce_*_sync over the 32-bit values of the lanes `group`. */
inline unsigned long long reduce_group(const Thread* lane0, unsigned group, WarpOp op) {
  bool first = true;
  unsigned acc = 0;
  for (unsigned l = 0; l < 32; ++l) {
    if (!(group >> l & 1u)) continue;
    const unsigned v = (unsigned)lane0[l].value;
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (op) {
      case kReduceAdd: acc += v; break;
      case kReduceMinS: acc = (int)v < (int)acc ? v : acc; break;
      case kReduceMinU: acc = v < acc ? v : acc; break;
      case kReduceMaxS: acc = (int)v > (int)acc ? v : acc; break;
      case kReduceMaxU: acc = v > acc ? v : acc; break;
      case kReduceAnd: acc &= v; break;
      case kReduceOr: acc |= v; break;
      default: acc ^= v; break;
    }
  }
  return acc;
}

/** Resolve the lanes `group` of the warp starting at `lane0`, all waiting at one intrinsic with one mask. */
inline void resolve_group(Thread* lane0, unsigned group, WarpOp op) {
  unsigned votes = 0;
  for (unsigned l = 0; l < 32; ++l)
    if ((group >> l & 1u) && lane0[l].value != 0) votes |= 1u << l;
  for (unsigned l = 0; l < 32; ++l) {
    if (!(group >> l & 1u)) continue;
    Thread& t = lane0[l];
    switch (op) {
      case kSyncwarp:
        t.result = 0;
        break;
      case kBallot:
        t.result = votes;
        break;
      case kAny:
        t.result = votes != 0;
        break;
      case kAll:
        t.result = votes == group;
        break;
      case kUni:
        t.result = votes == 0 || votes == group;
        break;
      case kActivemask:
        t.result = group;
        break;
      case kReduceAdd:
      case kReduceMinS:
      case kReduceMinU:
      case kReduceMaxS:
      case kReduceMaxU:
      case kReduceAnd:
      case kReduceOr:
      case kReduceXor:
        t.result = reduce_group(lane0, group, op);
        break;
      case kMatchAny: {
        unsigned same = 0;
        for (unsigned k = 0; k < 32; ++k)
          if ((group >> k & 1u) && lane0[k].value == t.value) same |= 1u << k;
        t.result = same;
        break;
      }
      case kMatchAll: {
        unsigned same = 0;
        for (unsigned k = 0; k < 32; ++k)
          if ((group >> k & 1u) && lane0[k].value == t.value) same |= 1u << k;
        t.result = same == group ? group : 0;  // 0: not all equal (the intrinsic's *pred is then 0)
        break;
      }
      default: {
        const unsigned src = shuffle_source(t, l);
        // A source lane that is not taking part is undefined in CUDA: the caller's own value here.
        t.result = (src < 32 && (group >> src & 1u)) ? lane0[src].value : t.value;
      }
    }
  }
}

/**
 * Resolve the warp intrinsics that are ready, append their lanes to the next round's order and
 * return how many. A group (lanes at one intrinsic with one mask) is ready when every live lane
 * its mask names waits in it; others wait for their lanes (a lane may still be on its way through
 * a divergent branch). `force` resolves every group: with none ready, the program waits for a
 * lane that is at a block barrier or at another intrinsic (undefined in CUDA), and this keeps it
 * going instead of hanging.
 */
inline unsigned resolve_warps(Block& b, bool force) {
  unsigned resolved = 0;
  for (unsigned w0 = 0; w0 < b.n; w0 += 32) {
    const unsigned lanes = b.n - w0 < 32 ? b.n - w0 : 32;
    Thread* lane0 = b.threads + w0;
    unsigned pending = 0, live = 0;
    for (unsigned l = 0; l < lanes; ++l) {
      if (lane0[l].wait == kAtWarp) pending |= 1u << l;
      if (lane0[l].wait != kDone) live |= 1u << l;
    }
    while (pending) {
      const Thread& first = lane0[__builtin_ctz(pending)];
      unsigned group = 0;
      for (unsigned l = 0; l < lanes; ++l)
        if ((pending >> l & 1u) && lane0[l].op == first.op && lane0[l].mask == first.mask) group |= 1u << l;
      pending &= ~group;
      const unsigned needed = first.op == kActivemask ? 0u : first.mask & live;
      if (!force && (group & needed) != needed) continue;
      resolve_group(lane0, group, (WarpOp)first.op);
      for (unsigned l = 0; l < lanes; ++l)
        if (group >> l & 1u) {
          lane0[l].wait = kRunning;
          b.order[b.nrun++] = w0 + l;
          ++resolved;
        }
    }
  }
  return resolved;
}

/** Run the current block (blockIdx, blockDim set) to its end: false when a thread threw. */
inline bool run_block(void (*body)(const void*), const void* ctx) {
  Block& b = this_block();
  const unsigned n = blockDim.x * blockDim.y * blockDim.z;
  if (!b.prepare(n)) {
    fail_launch("the cpu backend could not reserve the fiber stacks of a block");
    return false;
  }
  b.body = body;
  b.ctx = ctx;
  b.failed = false;
  for (unsigned i = 0; i < n; ++i) {
    Thread& t = b.threads[i];
    t.idx = dim3{i % blockDim.x, (i / blockDim.x) % blockDim.y, i / (blockDim.x * blockDim.y)};
    t.wait = kRunning;
    fiber::make(t.ctx, b.stacks.stack(i), fiber::kStackBytes, &thread_main, &t);
    b.order[i] = i;
  }
  b.nrun = n;
  for (;;) {
    b.pos = 0;
    fiber::switch_to(b.scheduler, b.threads[b.order[0]].ctx);
    // Every thread of the round has parked. A thread that threw ends its block here (its other
    // threads are abandoned mid-kernel, as a trap ends a CUDA grid).
    if (b.failed) return false;
    unsigned at_warp = 0, at_barrier = 0, votes = 0;
    for (unsigned i = 0; i < n; ++i) {
      at_warp += b.threads[i].wait == kAtWarp;
      if (b.threads[i].wait == kAtBarrier) {
        ++at_barrier;
        votes += b.threads[i].value != 0;
      }
    }
    if (at_warp == 0 && at_barrier == 0) return true;
    b.nrun = 0;
    if (at_warp) {
      // Block-barrier waiters stay parked until no thread is left at a warp intrinsic.
      if (resolve_warps(b, false) == 0) resolve_warps(b, true);
      continue;
    }
    b.barrier_count = (int)votes;
    b.barrier_arrived = (int)at_barrier;
    for (unsigned i = 0; i < n; ++i) {
      if (b.threads[i].wait != kAtBarrier) continue;
      b.threads[i].wait = kRunning;
      b.order[b.nrun++] = i;
    }
  }
}

template <typename F>
inline void call_body(const void* f) {
  (*static_cast<const F*>(f))();
}

}  // namespace coop

/** run_grid for cooperative kernels: every block's threads run as fibers (see above). */
template <typename F>
inline int run_grid_coop(dim3 grid, dim3 block, const F& thread_body) {
  return for_each_block(grid, block, [&]() { coop::run_block(&coop::call_body<F>, &thread_body); });
}

}  // namespace gpa_host

#include "gpuarray/host_coop_intrinsics.h"
