// out[i] = src[idx[i] * stride] for a contiguous index array and a contiguous result (x[idx],
// take): no shape arithmetic. Each thread takes U groups of V consecutive elements a grid-stride
// step, reads their indices as whole vectors, then issues all U * V reads of the source at once
// (read-only path) before writing V results as one vector. The index and result streams are read
// and written evict-first (ld/st.global.cs), so L2 keeps what it can of the randomly read source.
// Bounds as NumPy's: 'raise' wraps one negative turn and flags the rest (the result of a flagged
// element is src[0], discarded by the caller), 'wrap' takes the index modulo len, 'clip' clamps.
#pragma once

namespace gpa {
namespace gather {

enum Mode { RAISE = 0, WRAP = 1, CLIP = 2 };

// An element moved as its bits.
template <int B> struct Bits;
template <> struct Bits<1> { typedef unsigned char type; };
template <> struct Bits<2> { typedef unsigned short type; };
template <> struct Bits<4> { typedef unsigned int type; };
template <> struct Bits<8> { typedef unsigned long long type; };
template <> struct Bits<16> { typedef ulonglong2 type; };

// V consecutive elements from / to memory aligned to min(V * size, 16), streaming (evict-first):
// as few vector instructions as the size allows, straight into registers.
template <typename T, int V>
__device__ __forceinline__ void load_stream(const T* p, T (&d)[V]) {
#ifdef GPA_HOST
  for (int k = 0; k < V; ++k) d[k] = p[k];
#else
  if constexpr (sizeof(T) == 16) {
#pragma unroll
    for (int k = 0; k < V; ++k) {
      unsigned long long a, b;
      asm volatile("ld.global.cs.v2.u64 {%0, %1}, [%2];" : "=l"(a), "=l"(b) : "l"(p + k));
      d[k] = make_ulonglong2(a, b);
    }
  } else if constexpr (sizeof(T) == 8 && V % 2 == 0) {
#pragma unroll
    for (int k = 0; k < V; k += 2) {
      unsigned long long a, b;
      asm volatile("ld.global.cs.v2.u64 {%0, %1}, [%2];" : "=l"(a), "=l"(b) : "l"(p + k));
      d[k] = (T)a;
      d[k + 1] = (T)b;
    }
  } else if constexpr (sizeof(T) == 8) {
#pragma unroll
    for (int k = 0; k < V; ++k) {
      unsigned long long a;
      asm volatile("ld.global.cs.u64 %0, [%1];" : "=l"(a) : "l"(p + k));
      d[k] = (T)a;
    }
  } else if constexpr (sizeof(T) == 4 && V % 4 == 0) {
#pragma unroll
    for (int k = 0; k < V; k += 4) {
      unsigned int a, b, c, e;
      asm volatile("ld.global.cs.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(e) : "l"(p + k));
      d[k] = (T)a;
      d[k + 1] = (T)b;
      d[k + 2] = (T)c;
      d[k + 3] = (T)e;
    }
  } else if constexpr (sizeof(T) == 4) {
#pragma unroll
    for (int k = 0; k < V; ++k) {
      unsigned int a;
      asm volatile("ld.global.cs.u32 %0, [%1];" : "=r"(a) : "l"(p + k));
      d[k] = (T)a;
    }
  } else {
#pragma unroll
    for (int k = 0; k < V; ++k) d[k] = p[k];
  }
#endif
}

template <typename T, int V>
__device__ __forceinline__ void store_stream(T* p, const T (&s)[V]) {
#ifdef GPA_HOST
  for (int k = 0; k < V; ++k) p[k] = s[k];
#else
  if constexpr (sizeof(T) == 16) {
#pragma unroll
    for (int k = 0; k < V; ++k) asm volatile("st.global.cs.v2.u64 [%0], {%1, %2};" ::"l"(p + k), "l"(s[k].x), "l"(s[k].y) : "memory");
  } else if constexpr (sizeof(T) == 8 && V % 2 == 0) {
#pragma unroll
    for (int k = 0; k < V; k += 2)
      asm volatile("st.global.cs.v2.u64 [%0], {%1, %2};" ::"l"(p + k), "l"((unsigned long long)s[k]), "l"((unsigned long long)s[k + 1]) : "memory");
  } else if constexpr (sizeof(T) == 8) {
#pragma unroll
    for (int k = 0; k < V; ++k) asm volatile("st.global.cs.u64 [%0], %1;" ::"l"(p + k), "l"((unsigned long long)s[k]) : "memory");
  } else if constexpr (sizeof(T) == 4 && V % 4 == 0) {
#pragma unroll
    for (int k = 0; k < V; k += 4)
      asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p + k), "r"((unsigned int)s[k]), "r"((unsigned int)s[k + 1]), "r"((unsigned int)s[k + 2]),
                   "r"((unsigned int)s[k + 3])
                   : "memory");
  } else if constexpr (sizeof(T) == 4) {
#pragma unroll
    for (int k = 0; k < V; ++k) asm volatile("st.global.cs.u32 [%0], %1;" ::"l"(p + k), "r"((unsigned int)s[k]) : "memory");
  } else if constexpr (sizeof(T) == 2 && V % 4 == 0) {
#pragma unroll
    for (int k = 0; k < V; k += 4)
      asm volatile("st.global.cs.v4.u16 [%0], {%1, %2, %3, %4};" ::"l"(p + k), "h"((unsigned short)s[k]), "h"((unsigned short)s[k + 1]), "h"((unsigned short)s[k + 2]),
                   "h"((unsigned short)s[k + 3])
                   : "memory");
  } else {
#pragma unroll
    for (int k = 0; k < V; ++k) p[k] = s[k];
  }
#endif
}

// One randomly read source element. SRC 0: the read-only path (__ldg); 1: the same without an
// L1 line (ld.global.nc.L1::no_allocate: random reads never reuse one); 2: as 1 with an L2
// evict_last policy, so the source outlives the evict-first streams of indices and results in L2.
// 1 and 2 take 4- and 8-byte elements (others, and the cpu backend, read as 0 does).
template <int SRC>
__device__ __forceinline__ unsigned long long src_policy() {
  unsigned long long pol = 0;
#if !defined(GPA_HOST) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (SRC == 2) asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
#endif
  return pol;
}

template <int SRC, typename E>
__device__ __forceinline__ E load_src(const E* p, unsigned long long pol) {
#if !defined(GPA_HOST) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (SRC == 1 && sizeof(E) == 4) {
    unsigned int v;
    asm("ld.global.nc.L1::no_allocate.b32 %0, [%1];" : "=r"(v) : "l"(p));
    E e;
    memcpy(&e, &v, 4);
    return e;
  } else if constexpr (SRC == 1 && sizeof(E) == 8) {
    unsigned long long v;
    asm("ld.global.nc.L1::no_allocate.b64 %0, [%1];" : "=l"(v) : "l"(p));
    E e;
    memcpy(&e, &v, 8);
    return e;
  } else if constexpr (SRC == 2 && sizeof(E) == 4) {
    unsigned int v;
    asm("ld.global.nc.L1::no_allocate.L2::cache_hint.b32 %0, [%1], %2;" : "=r"(v) : "l"(p), "l"(pol));
    E e;
    memcpy(&e, &v, 4);
    return e;
  } else if constexpr (SRC == 2 && sizeof(E) == 8) {
    unsigned long long v;
    asm("ld.global.nc.L1::no_allocate.L2::cache_hint.b64 %0, [%1], %2;" : "=l"(v) : "l"(p), "l"(pol));
    E e;
    memcpy(&e, &v, 8);
    return e;
  }
#endif
  (void)pol;
  return __ldg(p);
}

// The element offset of index j along an axis of len (> 0) elements; bad set when 'raise' finds
// it out of bounds. Bounds in 64 bits: an int64 index past 2^31 must not wrap into range.
template <typename J, int MODE>
__device__ __forceinline__ long long fix_index(J j, long long len, bool& bad) {
  if constexpr ((J)-1 < (J)0) {
    long long t = (long long)j;
    if (MODE == RAISE) {
      if (t < 0) t += len;
      if ((unsigned long long)t >= (unsigned long long)len) {
        bad = true;
        t = 0;
      }
    } else if (MODE == WRAP) {
      if ((unsigned long long)t >= (unsigned long long)len) {  // the division only off the fast case
        t %= len;
        if (t < 0) t += len;
      }
    } else {
      t = t < 0 ? 0 : t >= len ? len - 1 : t;
    }
    return t;
  } else {
    unsigned long long u = (unsigned long long)j;
    if (u >= (unsigned long long)len) {
      if (MODE == RAISE) {
        bad = true;
        u = 0;
      } else if (MODE == WRAP) {
        u %= (unsigned long long)len;
      } else {
        u = (unsigned long long)len - 1;
      }
    }
    return (long long)u;
  }
}

/**
 * n results: out[i] = src[fix(idx[i]) * stride]. Elements [0, head) and past the last whole group
 * go one at a time; in between, idx + head and out + head are aligned to whole V-groups. err[0]
 * is set to 1 when 'raise' meets an out-of-bounds index. SRC: how the source is read (load_src).
 */
template <typename E, typename J, int V, int U, int MODE, int SRC = 0>
__device__ __forceinline__ void gather1d(const E* __restrict__ src, const J* __restrict__ idx, E* __restrict__ out, long long n, long long len, long long stride,
                                         long long head, long long* __restrict__ err) {
  bool bad = false;
  const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long nth = (long long)gridDim.x * blockDim.x;
  const long long groups = (n - head) / V;
  const long long tail = head + groups * V;
  const unsigned long long pol = src_policy<SRC>();
  auto one = [&](long long i) { out[i] = load_src<SRC>(src + fix_index<J, MODE>(idx[i], len, bad) * stride, pol); };
  for (long long i = tid; i < head; i += nth) one(i);
  for (long long i = tail + tid; i < n; i += nth) one(i);
  const J* gi = idx + head;
  E* go = out + head;
  for (long long g = tid; g < groups; g += (long long)U * nth) {
    J j[U][V];
    E v[U][V];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const long long gu = g + u * nth;
      if (gu < groups) load_stream<J, V>(gi + gu * V, j[u]);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      if (g + u * nth < groups) {
#pragma unroll
        for (int k = 0; k < V; ++k) v[u][k] = load_src<SRC>(src + fix_index<J, MODE>(j[u][k], len, bad) * stride, pol);
      }
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const long long gu = g + u * nth;
      if (gu < groups) store_stream<E, V>(go + gu * V, v[u]);
    }
  }
  if (bad) err[0] = 1;
}

}  // namespace gather
}  // namespace gpa
