// What the standardNormal probes (normal-split, normal-compute, normal-tma) share: the clock, the
// call's size and keys, gp's own float32 fill as the reference, and the source prelude of probe
// kernels that take the 20 round keys as arguments (KEYS) and rebuild them (K10), with chunk_blocks.
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { normalFillSource, normalGeometry, roundKeys } from '../../lib/random/kernels.js';
import { zigSource } from '../../lib/random/ziggurat.js';
import { CudaEventClock } from '../timing.js';

export const be = gp.currentDevice().backend as CudaBackend;
const clock = new CudaEventClock(be);
/** Device time of f, median of 15 (ms). */
export const time = (f: () => void) => clock.time(f, { reps: 15 }).ms;
export const N = Number(process.env.PROBE_N ?? 256 * 1024 * 1024);
export const sms = be.device.multiprocessorCount;
export const opts = ['--fmad=false'];
export const keys = roundKeys([0x12345678, 0x9abcdef0]);

/** gp's float32 fill into `out` (counter words 0), compiled from its own source, and its grid. */
export function gpFill(out: gp.GpuArray): { run: () => void; geo: [number, number] } {
  const k = gp.RawKernel(normalFillSource('probe_zig_gp', 'float'), 'probe_zig_gp', opts);
  const args = [out, N, ...keys, 0, 0, 0, 0, 1];
  const geo = normalGeometry(N / 4, 'float');
  return { run: () => k(...geo, args), geo };
}

/** A probe kernel's key parameters, after its own. */
export const KEYS = ['a', 'b'].flatMap((h) => Array.from({ length: 10 }, (_, i) => `unsigned int k${h}${i}`)).join(', ');

/** The source before a probe's kernels: the fill's headers, the float32 tables, K10. */
export const prelude = () => `#include "gpuarray/random_fill.h"
${zigSource('f32')}
#define K10 const gpa::rng::Keys10 K = {{ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9}}
using namespace gpa::rng;
// The Philox blocks of a lane's groups 128 c + 32 u + lane (u < 4) of chunk c (the probes' chunked steps).
__device__ __forceinline__ void chunk_blocks(u32x4 (&b)[4], uint32_t c, uint32_t lane, const Keys10& K) {
#pragma unroll
  for (int u = 0; u < 4; u++) b[u] = philox4x32_10(u32x4{(c << 7) + 32u * u + lane, 0u, 0u, 0u}, K);
}`;
