// standardNormal float32 256M (issue #19): the fill's stores by the Hopper bulk-copy engine.
// normal-compute-probe showed the fill's instructions alone take 0.26 ms and its stores alone
// 0.253, the fill 0.36: the two do not overlap. Here each warp takes chunks of 128 groups (2 KB of
// output), writes each half's values to its own shared memory and one lane hands the half to
// cp.async.bulk (the warp does not wait on the store); the same chunks stored by the warp's own
// 16-byte stores beside it. Rejected words are queued and finished as in gp's fill, after the
// warp's bulk copies have completed. Each variant must give gp's fill's bits. Device time (CUDA
// events, median of 15).
//   node dist/bench/probes/normal-tma-probe.js
import * as gp from '../../lib/index.js';
import { gpFill, keys, KEYS, N, opts, prelude, sms, time } from './normal-probe-kit.js';

const out = gp.empty([N], 'float32');
const gp0 = gpFill(out);
gp0.run();
const ref = out.copy();

const kernel = (name: string, tma: boolean, mb: number, threads = 256, store = 'o[(c << 7) + 32u * u + lane] = x;', range = false, patch = '4 * (uint64_t)gg + j', keep = 31) => `
extern "C" __global__ void __launch_bounds__(${threads}, ${mb}) ${name}(float* out, long long n, ${KEYS}) {
  K10;
  const ZigEntry32* t = zig_stage(ZIG32);
  const ZigCall<float, ZigEntry32> cc = {out, ka0, kb0, u32x4{0u, 0u, 0u, 0u}, t, ZIG_FI};
  __shared__ __align__(128) f32x4 stage[8][128];
  __shared__ ZigQueue<63> qs[8];
  const uint32_t warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  ZigQueue<63>& q = qs[warp];
  f32x4* buf = stage[warp];
  f32x4* o = reinterpret_cast<f32x4*>(out);
  uint32_t cnt = 0;
  const uint32_t G = (uint32_t)(n >> 2), C = G >> 7, W = (blockDim.x >> 5) * gridDim.x;
  const auto finish = [&](uint32_t g, uint32_t bit) {
    const uint32_t gg = g + 32u * (bit >> 2), j = bit & 3u;
    out[${patch}] = zig_finish(cc, 4 * (uint64_t)gg + j, word_of(philox4x32_10(u32x4{gg, 0u, 0u, 0u}, K), j));
  };
  const auto settle = [&]() {
    ${tma ? 'if (lane == 0) asm volatile("cp.async.bulk.wait_group 0;\\n\\tfence.proxy.async.global;" ::: "memory");' : ''}
    __syncwarp();
  };
  const uint32_t w0 = blockIdx.x * (blockDim.x >> 5) + warp, per = (C + W - 1) / W;
  for (uint32_t i = 0, c = ${range ? 'w0 * per' : 'w0'}; ${range ? 'i < per && c < C' : 'c < C'}; i++, c += ${range ? '1u' : 'W'}) {
    u32x4 b[4];
    chunk_blocks(b, c, lane, K);
    uint32_t bits = 0;
#pragma unroll
    for (int h = 0; h < 2; h++) {
      ${tma ? 'if (lane == 0) asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");\n      __syncwarp();' : ''}
#pragma unroll
      for (int v = 0; v < 2; v++) {
        const int u = 2 * h + v;
        uint32_t rej;
        const f32x4 x = zig4_f32(b[u], t, &rej);
        bits |= rej << (4 * u);
        ${tma ? 'buf[32 * u + lane] = x;' : store}
      }
      ${
        tma
          ? `asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      __syncwarp();
      if (lane == 0) {
        const unsigned int src = (unsigned int)__cvta_generic_to_shared(buf + 64 * h);
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 1024;\\n\\tcp.async.bulk.commit_group;" :: "l"(o + (c << 7) + 64 * h), "r"(src) : "memory");
      }`
          : ''
      }
    }
    zig_push(q, cnt, (c << 7) + lane, bits);
    if (cnt > ${keep}u) {
      settle();
      zig_drain(q, cnt, ${keep}u, finish);
    }
  }
  settle();
  zig_drain(q, cnt, 0u, finish);
}`;

// Sectors of 32 bytes (2 groups, lanes l and l ^ 1) with a rejected word are not stored by the
// fast loop; the entry's lane writes the whole sector when it finishes it (no partial sector
// write reaches a line L2 has already written back).
const sectorKernel = (name: string, mb: number) => `
extern "C" __global__ void __launch_bounds__(256, ${mb}) ${name}(float* out, long long n, ${KEYS}) {
  K10;
  const ZigEntry32* t = zig_stage(ZIG32);
  const ZigCall<float, ZigEntry32> cc = {out, ka0, kb0, u32x4{0u, 0u, 0u, 0u}, t, ZIG_FI};
  __shared__ ZigQueue<63> qs[8];
  const uint32_t warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  ZigQueue<63>& q = qs[warp];
  f32x4* o = reinterpret_cast<f32x4*>(out);
  uint32_t cnt = 0;
  const uint32_t G = (uint32_t)(n >> 2), C = G >> 7, W = (blockDim.x >> 5) * gridDim.x;
  // The sector of group gg: both groups' values, every rejected word finished.
  const auto sector = [&](uint32_t gg) {
    const uint32_t g0 = gg & ~1u;
#pragma unroll
    for (uint32_t h = 0; h < 2; h++) {
      const u32x4 b = philox4x32_10(u32x4{g0 + h, 0u, 0u, 0u}, K);
      uint32_t rej;
      const f32x4 x = zig4_f32(b, t, &rej);
      float v[4] = {x.x, x.y, x.z, x.w};
      for (uint32_t j = 0; j < 4; j++)
        if ((rej >> j) & 1u) v[j] = zig_finish(cc, 4 * (uint64_t)(g0 + h) + j, word_of(b, j));
      o[g0 + h] = f32x4{v[0], v[1], v[2], v[3]};
    }
  };
  const auto drain = [&](uint32_t keep) {
    while (cnt > keep) {
      __syncwarp();
      const uint32_t take = cnt < 32u ? cnt : 32u;
      cnt -= take;
      uint2 e = make_uint2(0u, 0u);
      if (lane < take) e = q.q[cnt + lane];
      __syncwarp();
      uint32_t rest = 0u;
      if (e.y != 0u) {
        const uint32_t u = (uint32_t)(__ffs((int)e.y) - 1) >> 2;
        sector(e.x + 32u * u);
        rest = e.y & ~(15u << (4 * u));
      }
      zig_push(q, cnt, e.x, rest);
    }
  };
  const uint32_t w0 = blockIdx.x * (blockDim.x >> 5) + warp;
  for (uint32_t c = w0; c < C; c += W) {
    u32x4 b[4];
    chunk_blocks(b, c, lane, K);
    uint32_t bits = 0;
#pragma unroll
    for (int u = 0; u < 4; u++) {
      uint32_t rej;
      const f32x4 x = zig4_f32(b[u], t, &rej);
      const uint32_t pair = rej | __shfl_xor_sync(0xffffffffu, rej, 1);
      if (pair == 0u) o[(c << 7) + 32u * u + lane] = x;
      // A lane with a rejected word queues the sector (both lanes of it may: the same values twice).
      bits |= (rej != 0u ? 15u : 0u) << (4 * u);
    }
    zig_push(q, cnt, (c << 7) + lane, bits);
    if (cnt > 31u) drain(31u);
  }
  drain(0u);
}`;

// One queue a block instead of a warp: 8 warps fill 32 entries in about two steps, so a rejected
// word is finished (a 4-byte write) while its line is still in L2; a warp's queue took about 14
// steps, and the line had gone back to DRAM (a partial write there costs a read-modify-write).
// Entries are reserved by an atomic on the ring's tail; a warp that sees 32 waiting claims them
// by moving the head and waits for each slot to be written (its writer has reserved it).
const blockQueueKernel = (name: string, mb: number) => `
extern "C" __global__ void __launch_bounds__(256, ${mb}) ${name}(float* out, long long n, ${KEYS}) {
  K10;
  constexpr unsigned int RING = 512;
  __shared__ unsigned long long ring[RING];
  __shared__ unsigned int qtail, qhead;
  for (unsigned int i = threadIdx.x; i < RING; i += blockDim.x) ring[i] = 0ull;
  if (threadIdx.x == 0) { qtail = 0u; qhead = 0u; }
  const ZigEntry32* t = zig_stage(ZIG32);  // its barrier publishes the ring's zeros
  const ZigCall<float, ZigEntry32> cc = {out, ka0, kb0, u32x4{0u, 0u, 0u, 0u}, t, ZIG_FI};
  const uint32_t warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  f32x4* o = reinterpret_cast<f32x4*>(out);
  volatile unsigned long long* vring = ring;
  volatile unsigned int* vtail = &qtail;
  volatile unsigned int* vhead = &qhead;
  const uint32_t G = (uint32_t)(n >> 2), C = G >> 7, W = (blockDim.x >> 5) * gridDim.x;
  const auto push = [&](uint32_t g, uint32_t bits) {
    const uint32_t m = __ballot_sync(0xffffffffu, bits != 0u);
    if (m == 0u) return;
    const int leader = __ffs((int)m) - 1;
    unsigned int base = 0u;
    if ((int)lane == leader) base = atomicAdd(&qtail, (unsigned int)__popc(m));
    base = __shfl_sync(0xffffffffu, base, leader);
    if (bits) {
      const unsigned int slot = (base + (unsigned int)__popc(m & ((1u << lane) - 1u))) & (RING - 1u);
      vring[slot] = ((unsigned long long)bits << 32) | g;  // one 8-byte store: entry and its flag (bits != 0)
    }
  };
  const auto finish = [&](uint32_t g, uint32_t bit) {
    const uint32_t gg = g + 32u * (bit >> 2), j = bit & 3u;
    out[4 * (uint64_t)gg + j] = zig_finish(cc, 4 * (uint64_t)gg + j, word_of(philox4x32_10(u32x4{gg, 0u, 0u, 0u}, K), j));
  };
  // Finish the entries [h, h + take) this warp has claimed; more rejected bits go back in the ring.
  const auto finishClaimed = [&](unsigned int h, unsigned int take) {
    uint2 e = make_uint2(0u, 0u);
    if (lane < take) {
      const unsigned int slot = (h + lane) & (RING - 1u);
      unsigned long long w;
      while ((w = vring[slot]) == 0ull) {}
      e = make_uint2((unsigned int)w, (unsigned int)(w >> 32));
      vring[slot] = 0ull;
    }
    if (e.y != 0u) finish(e.x, (uint32_t)(__ffs((int)e.y) - 1));
    push(e.x, e.y & (e.y - 1u));
  };
  const auto drain = [&]() {
    for (;;) {
      unsigned int h = 0u, ok = 0u;
      if (lane == 0) {
        h = *vhead;
        if (*vtail - h >= 32u) ok = atomicCAS(&qhead, h, h + 32u) == h;
      }
      ok = __shfl_sync(0xffffffffu, ok, 0);
      if (!ok) {
        // Another warp claimed them first, or fewer than 32 wait.
        const unsigned int waiting = lane == 0 ? *vtail - *vhead : 0u;
        if (__shfl_sync(0xffffffffu, waiting, 0) < 32u) return;
        continue;
      }
      finishClaimed(__shfl_sync(0xffffffffu, h, 0), 32u);
    }
  };
  for (uint32_t c = blockIdx.x * (blockDim.x >> 5) + warp; c < C; c += W) {
    u32x4 b[4];
    chunk_blocks(b, c, lane, K);
    uint32_t bits = 0;
#pragma unroll
    for (int u = 0; u < 4; u++) {
      uint32_t rej;
      o[(c << 7) + 32u * u + lane] = zig4_f32(b[u], t, &rej);
      bits |= rej << (4 * u);
    }
    push((c << 7) + lane, bits);
    drain();
  }
  __syncthreads();  // no more pushes but the last warp's own
  if (warp == 0) {
    for (;;) {
      const unsigned int h = *vhead, waiting = *vtail - h;
      if (waiting == 0u) break;
      const unsigned int take = waiting < 32u ? waiting : 32u;
      __syncwarp();
      if (lane == 0) qhead = h + take;
      __syncwarp();
      finishClaimed(h, take);
    }
  }
}`;
const src = `${prelude()}
${kernel('probe_stg4', false, 4)}
${kernel('probe_tma4', true, 4)}
${kernel('probe_tma5', true, 5)}
${kernel('probe_stg3', false, 3)}
${kernel('probe_stg5', false, 5)}
${kernel('probe_hotpatch4', false, 4, 256, undefined, false, '(4 * (uint64_t)gg + j) & 0xfffu')}
${sectorKernel('probe_sector4', 4)}
${blockQueueKernel('probe_bq4', 4)}
${kernel('probe_keep15', false, 4, 256, undefined, false, undefined, 15)}
${kernel('probe_keep7', false, 4, 256, undefined, false, undefined, 7)}
${kernel('probe_cs4', false, 4, 256, '__stcs(reinterpret_cast<float4*>(&o[(c << 7) + 32u * u + lane]), make_float4(x.x, x.y, x.z, x.w));')}
${kernel('probe_range4', false, 4, 256, undefined, true)}
${kernel('probe_stg128', false, 8, 128)}
${kernel('probe_stg128x10', false, 10, 128)}`;
const args = [out, N, ...keys];
const names = (process.env.PROBE_KERNELS ?? 'probe_stg4,probe_tma4,probe_tma5').split(',');
const perSms = (process.env.PROBE_PER_SM ?? '4,8,16,64').split(',').map(Number);
const variants = names.map((name) => ({ name, k: gp.RawKernel(src, name, opts) }));
for (let round = 0; round < 2; round++) {
  console.log(`gp's fill ${gp0.geo[0]}x${gp0.geo[1]}: ${time(gp0.run).toFixed(4)} ms`);
  for (const { name, k } of variants) {
    for (const perSm of perSms) {
      out.fill(0);
      const threads = name.includes('128') ? 128 : 256;
      k(sms * perSm, threads, args);
      const same = gp.arrayEqual(out, ref) ? 'same bits' : 'DIFFERENT';
      console.log(`${name} ${perSm}/SM: ${time(() => k(sms * perSm, threads, args)).toFixed(4)} ms ${same}`);
    }
  }
}
out.dispose();
ref.dispose();
