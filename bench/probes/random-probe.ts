// gp.random's 1 GiB fills on the GPU host (issue #19): the bench rows through the API (random,
// standardNormal, integers [0, 1000) int32, legacy rand, all float32/int32 256M; standardNormal
// float64 256M, 2 GiB), then the fill kernels of random_fill.h and random_zig.h launched by hand:
// blocks per thread and step (U = 1, 2, 4) by blocks per SM, the ziggurat's also by the resident
// blocks they are compiled for (__launch_bounds__), beside the Box-Muller float32 fill gp used
// before the ziggurat (random_bm.h), a write-only walk of the same shape (the store floor) and
// the fills with the stores kept off (the compute time alone). Device time from the bench's clock (CUDA events,
// warm-up, median; host issue hidden behind a spin kernel). Last, cuda against the cpu backend,
// byte for byte, on 2^24 + 3 elements of each fill (the lean paths and the tails).
//   node dist/bench/probes/random-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import {
  fillSource, FILL_UNROLL, geometry, NORMAL_METHOD, NORMAL_SHAPE, normalFillSource, normalGeometry, roundKeys,
} from '../../lib/random/kernels.js';
import { ZIG_LAYERS, zigSource } from '../../lib/random/ziggurat.js';
import { CudaEventClock } from '../timing.js';

const be = gp.currentDevice().backend as CudaBackend;
const clock = new CudaEventClock(be);
const time = (f: () => void) => clock.time(f, { reps: 15 }).ms;
const fmt = (ms: number) => `${ms.toFixed(4)} ms`;
const N = 256 * 1024 * 1024;
const GIB = 4 * N;
const sms = be.device.multiprocessorCount;

console.log(
  `device: ${sms} SMs; write floor of 1 GiB at 4.27 TB/s (the bench's copy rate): ${fmt((GIB / 4.27e12) * 1e3)}; lean-path unroll in gp: ` +
    `U = ${FILL_UNROLL} (normals: ${NORMAL_METHOD}, ${JSON.stringify(NORMAL_SHAPE)})`,
);

// 1. The bench rows, as the bench calls them (a fresh output each call, disposed after).
const g = gp.random.defaultRng(19);
const rows: [string, () => gp.GpuArray][] = [
  ['random 256M float32', () => g.random(N, 'float32')],
  ['standardNormal 256M float32', () => g.standardNormal(N, 'float32')],
  ['integers 256M int32 [0, 1000)', () => g.integers(0, 1000, N, 'int32')],
  ['legacy rand 256M float32', () => gp.random.rand(N, { dtype: 'float32' })],
  ['standardNormal 256M float64', () => g.standardNormal(N)],
];
for (const [name, f] of rows) console.log(`${name.padEnd(34)} ${fmt(time(() => f().dispose()))}`);

// 2. The kernels by hand on one preallocated output: geometry and unroll.
const outF = gp.empty([N], 'float32');
const outI = gp.empty([N], 'int32');
const keys = roundKeys([0x12345678, 0x9abcdef0]);
const pos = [0, 0, 0, 0];
const opts = ['--fmad=false'];
type Fill = { label: string; out: gp.GpuArray; src: (name: string, u: number) => string; extra: number[] };
const fills: Fill[] = [
  { label: 'random f32', out: outF, src: (nm, u) => fillSource(nm, 'float', '', `fill_random_f32<${u}>`, ''), extra: [] },
  {
    label: 'integers i32',
    out: outI,
    src: (nm, u) => fillSource(nm, 'int', ', unsigned int low, unsigned int rng', `fill_integers32<int, ${u}>`, 'low, rng, '),
    extra: [0, 999],
  },
];
const perSm = [4, 8, 16, 32, 64];
console.log(`\nfill kernels by hand, block 256, grid = SMs x blocks per SM (grid-stride walk over ${N / 4} blocks of 4 words):`);
for (const f of fills) {
  for (const u of [1, 2, 4]) {
    const name = `probe_${f.label.replace(/\W/g, '_')}_u${u}`;
    const k = gp.RawKernel(f.src(name, u), name, opts);
    const args = [f.out, N, ...keys, ...pos, ...f.extra, 1];
    const row = perSm.map((b) => `${b}/SM ${time(() => k(sms * b, 256, args)).toFixed(4)}`);
    const [gd, bd] = geometry(Math.ceil(N / 4 / u)); // what gp launches
    row.push(`gp's ${gd}x${bd} ${time(() => k(gd, bd, args)).toFixed(4)}`);
    console.log(`${`${f.label} U=${u}`.padEnd(18)} ${row.join('  ')}`);
  }
}

// The ziggurat's fills (256M float32, 1 GiB; 256M float64, 2 GiB) by layer count (NumPy's 256,
// gp's, 2048): U groups of 4 normals a step and the resident blocks they are compiled for, by
// blocks per SM, then gp's own grid (one
// kernel: its rejected words finished by the warps that drew them); each output checked against
// gp's own grid and shape.
const outD = gp.empty([N], 'float64');
for (const [t, out] of NORMAL_METHOD === 'ziggurat' ? ([['float', outF], ['double', outD]] as const) : []) {
  const args = [out, N, ...keys, ...pos, 1];
  const mine = gp.RawKernel(normalFillSource('probe_zig_gp', t), 'probe_zig_gp', opts);
  mine(...normalGeometry(N / 4, t), args);
  const ref = out.copy();
  for (const layers of [256, ZIG_LAYERS, 2048]) {
    for (const u of t === 'float' ? [1, 2, 4] : [1, 2]) {
      for (const mb of [4, 3]) {
        const name = `probe_zig_${t}_l${layers}_u${u}_mb${mb}`;
        const k = gp.RawKernel(normalFillSource(name, t, u, mb, layers), name, opts);
        const row = perSm.map((b) => `${b}/SM ${time(() => k(sms * b, 256, args)).toFixed(4)}`);
        const [gd, bd] = normalGeometry(N / 4, t, u);
        row.push(`gp's ${gd}x${bd} ${time(() => k(gd, bd, args)).toFixed(4)}`);
        // Other layer counts draw other values: only gp's own is compared.
        if (layers === ZIG_LAYERS) row.push(gp.arrayEqual(out, ref) ? 'same' : 'DIFFERENT');
        const gps = layers === ZIG_LAYERS && u === NORMAL_SHAPE[t].unroll && mb === NORMAL_SHAPE[t].minBlocks ? ' (gp)' : '';
        console.log(`${`zig ${t === 'float' ? 'f32' : 'f64'} ${layers} layers U=${u} bounds ${mb}${gps}`.padEnd(40)} ${row.join('  ')}`);
      }
    }
  }
  ref.dispose();
}
outD.dispose();

// The store floor of this walk (a constant 16-byte vector per thread and step), and the fills'
// compute alone (the same Philox/math, stored only when an impossible value shows up; the
// ziggurat's fast path alone, its rejected words ignored). The Box-Muller float32 fill gp used
// before the ziggurat stays here as the baseline (random_bm.h, NORMAL_METHOD's other choice). The
// round keys are spelled out in each signature: raw kernel signatures are read without the
// preprocessor.
const KEYS = ['a', 'b'].flatMap((h) => Array.from({ length: 10 }, (_, i) => `unsigned int k${h}${i}`)).join(', ');
const refSrc = `#include "gpuarray/random_fill.h"
${zigSource('f32')}#include "gpuarray/random_bm.h"
struct alignas(16) F4 { float x, y, z, w; };
extern "C" __global__ void probe_write_only(float* out, long long n) {
  F4* o = reinterpret_cast<F4*>(out);
  const unsigned int G = (unsigned int)(n >> 2), S = blockDim.x * gridDim.x;
  for (unsigned int g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += S) o[g] = F4{1.0f, 2.0f, 3.0f, (float)g};
}
#define K10 const gpa::rng::Keys10 K = {{ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9}}
extern "C" __global__ void probe_random_compute(float* out, long long n, ${KEYS}) {
  K10;
  const unsigned int G = (unsigned int)(n >> 2), S = blockDim.x * gridDim.x;
  for (unsigned int g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += S) {
    const gpa::rng::u32x4 b = gpa::rng::philox4x32_10(gpa::rng::u32x4{g, 0u, 0u, 0u}, K);
    const float v = gpa::rng::u01_float(b.x) + gpa::rng::u01_float(b.y) + gpa::rng::u01_float(b.z) + gpa::rng::u01_float(b.w);
    if (__float_as_int(v) == (int)n) out[g] = v;  // never, but not provably so
  }
}
extern "C" __global__ void __launch_bounds__(256, 8) probe_zig_fast_compute(float* out, long long n, ${KEYS}) {
  K10;
  const gpa::rng::ZigEntry32* t = gpa::rng::zig_stage(gpa::rng::ZIG32);
  const unsigned int G = (unsigned int)(n >> 2), S = blockDim.x * gridDim.x;
  for (unsigned int g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += S) {
    uint32_t rej;
    const gpa::rng::f32x4 v = gpa::rng::zig4_f32(gpa::rng::philox4x32_10(gpa::rng::u32x4{g, 0u, 0u, 0u}, K), t, &rej);
    if (__float_as_int(v.x + v.y + v.z + v.w) == (int)n + (int)rej) out[g] = v.x;
  }
}
// The float32 ziggurat's fast loop with its stores and nothing for the rejected words, then the
// same queueing their groups as gp's fill does but dropping each 32 instead of finishing them.
extern "C" __global__ void __launch_bounds__(256, 4) probe_zig_fast_store(float* out, long long n, ${KEYS}) {
  K10;
  const gpa::rng::ZigEntry32* t = gpa::rng::zig_stage(gpa::rng::ZIG32);
  gpa::rng::f32x4* o = reinterpret_cast<gpa::rng::f32x4*>(out);
  const unsigned int G = (unsigned int)(n >> 2), S = blockDim.x * gridDim.x;
  for (unsigned int g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += S) {
    uint32_t rej;
    o[g] = gpa::rng::zig4_f32(gpa::rng::philox4x32_10(gpa::rng::u32x4{g, 0u, 0u, 0u}, K), t, &rej);
  }
}
extern "C" __global__ void __launch_bounds__(256, 4) probe_zig_queue_only(float* out, long long n, ${KEYS}) {
  K10;
  const gpa::rng::ZigEntry32* t = gpa::rng::zig_stage(gpa::rng::ZIG32);
  gpa::rng::f32x4* o = reinterpret_cast<gpa::rng::f32x4*>(out);
  const unsigned int G = (unsigned int)(n >> 2);
  __shared__ gpa::rng::ZigQueue<63> qs[8];
  gpa::rng::ZigQueue<63>& q = qs[threadIdx.x >> 5];
  uint32_t cnt = 0;
  gpa::rng::zig_steps<1>(G, [&](const uint32_t* gs) {
    const gpa::rng::u32x4 b = gpa::rng::philox4x32_10(gpa::rng::u32x4{gs[0], 0u, 0u, 0u}, K);
    uint32_t rej;
    const gpa::rng::f32x4 v = gpa::rng::zig4_f32(b, t, &rej);
    if (gs[0] < G) o[gs[0]] = v;
    else rej = 0;
    gpa::rng::zig_push(q, cnt, gs[0], rej);
    if (cnt >= 32) cnt -= 32;
  });
  if (cnt > 0 && q.q[0].x == 0xffffffffu) out[0] = (float)q.q[cnt - 1].y;  // the queue is read: its stores stay
}
extern "C" __global__ void probe_bm_compute(float* out, long long n, ${KEYS}) {
  K10;
  const unsigned int G = (unsigned int)(n >> 2), S = blockDim.x * gridDim.x;
  for (unsigned int g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += S) {
    const gpa::rng::f32x4 v = gpa::rng::normal4_f32(gpa::rng::philox4x32_10(gpa::rng::u32x4{g, 0u, 0u, 0u}, K));
    if (__float_as_int(v.x + v.y + v.z + v.w) == (int)n) out[g] = v.x;
  }
}
extern "C" __global__ void probe_philox_only(float* out, long long n, ${KEYS}) {
  K10;
  const unsigned int G = (unsigned int)(n >> 2), S = blockDim.x * gridDim.x;
  for (unsigned int g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += S) {
    const gpa::rng::u32x4 b = gpa::rng::philox4x32_10(gpa::rng::u32x4{g, 0u, 0u, 0u}, K);
    if ((b.x ^ b.y ^ b.z ^ b.w) == (unsigned int)n) out[g] = 0.0f;
  }
}
// The Box-Muller fill's lean loop (aligned output, pos 0), two blocks a step as it ran in gp.
extern "C" __global__ void probe_bm_fill(float* out, long long n, ${KEYS}) {
  K10;
  gpa::rng::f32x4* o = reinterpret_cast<gpa::rng::f32x4*>(out);
  gpa::rng::for_groups32<2>((uint32_t)(n >> 2), [&](uint32_t g) { o[g] = gpa::rng::normal4_f32(gpa::rng::philox4x32_10(gpa::rng::u32x4{g, 0u, 0u, 0u}, K)); });
}`;
console.log('\nreferences (U = 1 walks but the Box-Muller fill):');
const wo = gp.RawKernel(refSrc, 'probe_write_only', opts);
console.log(`write-only 1 GiB       ${perSm.map((b) => `${b}/SM ${time(() => wo(sms * b, 256, [outF, N])).toFixed(4)}`).join('  ')}`);
for (const nm of ['probe_philox_only', 'probe_random_compute', 'probe_zig_fast_compute', 'probe_zig_fast_store', 'probe_zig_queue_only', 'probe_bm_compute', 'probe_bm_fill']) {
  const k = gp.RawKernel(refSrc, nm, opts);
  const row = [8, 16, 32].map((b) => `${b}/SM ${time(() => k(sms * b, 256, [outF, N, ...keys])).toFixed(4)}`);
  console.log(`${nm.replace('probe_', '').padEnd(22)} ${row.join('  ')}${/fill|store|queue/.test(nm) ? ' (1 GiB written)' : ' (no stores)'}`);
}
outF.dispose();
outI.dispose();

// 3. cuda against cpu, byte for byte (the lean paths, the tails, redraws: range 3 * 2^30).
const M = (1 << 24) + 3;
const checks: [string, (r: InstanceType<typeof gp.random.Generator>) => gp.GpuArray][] = [
  ['random f32', (r) => r.random(M, 'float32')],
  ['standardNormal f32', (r) => r.standardNormal(M, 'float32')],
  ['integers i32 [0, 1000)', (r) => r.integers(0, 1000, M, 'int32')],
  ['integers i32, 3 * 2^30', (r) => r.integers(-(2 ** 31), 2 ** 30, M, 'int32')],
  ['integers u8 [0, 200)', (r) => r.integers(0, 200, M, 'uint8')],
  ['random f64', (r) => r.random(M)],
  ['standardNormal f64', (r) => r.standardNormal(M >> 2)],
  ['normal(1, 2) f64 (per element)', (r) => r.normal(1, 2, M >> 4)],
];
const bytes = (a: gp.GpuArray) => {
  const t = a.toTypedArray() as ArrayBufferView;
  a.dispose();
  return Buffer.from(t.buffer, t.byteOffset, t.byteLength);
};
console.log(`\ncuda against cpu, up to ${M} elements each:`);
for (const [name, make] of checks) {
  gp.useDevice('cuda:0');
  const a = bytes(make(gp.random.defaultRng(2026)));
  gp.useDevice('cpu');
  const b = bytes(make(gp.random.defaultRng(2026)));
  gp.useDevice('cuda:0');
  let diff = -1;
  if (!a.equals(b)) for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) { diff = i; break; }
  console.log(`${name.padEnd(32)} ${diff < 0 ? 'identical' : `DIFFERENT from byte ${diff}`}`);
}
