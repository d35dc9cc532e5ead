// How fast can x[idx] be on this memory system? The bench row `gather x[idx], random int64 idx`
// (64M float32 from a 256 MiB source by 64M random int64 indices; goal 1.0 ms) beside floors:
//   (a) the same random reads with the indices hashed in the kernel (no index array), results
//       written; also without the writes, and from a 32 MiB source that L2 holds;
//   (b) the library's gather with the 512 MiB index array read but the identity as the index;
//   (c) int32 indices (half the index stream);
//   the streams alone (indices read, one value per index written, no random read);
// then the library path (gp: allocation, error flag and its read-back included, as the bench times
// it) against its kernel alone, and over flatGatherShape (vector width, unroll, grid, source
// loads without an L1 line or with an L2 evict_last policy). Results are checked against the
// default's. Device time, CUDA events, median of 10 after warm-up.
//   node dist/bench/probes/gather-floor-probe.js      (GATHER_PROBE_N=1000000 on the cpu backend)
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { moduleKernel } from '../../lib/ops/device-kernels.js';
import { flatGatherShape, flatSource } from '../../lib/ops/gather-flat.js';
import { makeGenerator } from '../data.js';
import { CudaEventClock, HostClock } from '../timing.js';

const be = gp.currentDevice().backend;
const clock = be.kind === 'cuda' ? new CudaEventClock(be as CudaBackend) : new HostClock(be);
const time = (f: () => void) => clock.time(f, { reps: 10 }).ms;
const N = Number(process.env.GATHER_PROBE_N ?? 64 * 1024 * 1024);
const SMALL = Math.min(N, 8 * 1024 * 1024); // 32 MiB of float32: fits the H200's L2
const HASH = 'unsigned int h = (unsigned int)i * 2654435761u ^ seed; h ^= h >> 15; h *= 2246822519u; h ^= h >> 13;';

const x = makeGenerator(gp)(N, 1);
const idx = gp.empty([N], 'int64');
gp.ElementwiseKernel('uint32 seed, int64 len', 'int64 j', `${HASH} j = (long long)(h % (unsigned int)len)`, 'probe_gather_index')(gp.uint32(7), N, idx);
const idx32 = idx.astype('int32');
const ident = gp.arange(N, 'int64');
const out = gp.empty([N], 'float32');
const ref = x.slice(idx);
const rows: [string, number, string][] = [];
const row = (label: string, ms: number, note = '') => {
  rows.push([label, ms, note]);
  console.log(`  ${label.padEnd(52)} ${ms.toFixed(3)} ms  ${note}`);
};
const same = (a: gp.GpuArray, b: gp.GpuArray) => (gp.arrayEqual(a, b) ? 'same' : 'DIFFERENT');

// Hand kernels: thread t writes outputs 4t..4t+3 (one 16-byte store) from 4 independent reads.
const floors = new gp.RawModule({
  code: `
struct alignas(16) F4 { float v[4]; };
__device__ __forceinline__ long long HASH_J(long long i, long long mod) {
  const unsigned int seed = 7u;
  ${HASH}
  return (long long)(h % (unsigned int)mod);
}
extern "C" __global__ void hash_gather(const float* __restrict__ src, float* __restrict__ out, long long n, long long len) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * g + 3 >= n) return;
  F4 r;
#pragma unroll
  for (int k = 0; k < 4; ++k) r.v[k] = __ldg(src + HASH_J(4 * g + k, len));
  reinterpret_cast<F4*>(out)[g] = r;
}
// Reads only: the values folded into one word, written only where it could never be (keeps the loads).
extern "C" __global__ void hash_read(const float* __restrict__ src, float* __restrict__ out, long long n, long long len) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * g + 3 >= n) return;
  unsigned int acc = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) acc ^= (unsigned int)__float_as_int(__ldg(src + HASH_J(4 * g + k, len)));
  if (acc == 0x7fbadbadu) out[g] = 1.0f;
}
// The streams alone: int64 indices read, one float per index written, no random read.
extern "C" __global__ void streams(const long long* __restrict__ idx, float* __restrict__ out, long long n) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * g + 3 >= n) return;
  const longlong2 a = reinterpret_cast<const longlong2*>(idx)[2 * g], b = reinterpret_cast<const longlong2*>(idx)[2 * g + 1];
  F4 r = {{(float)a.x, (float)a.y, (float)b.x, (float)b.y}};
  reinterpret_cast<F4*>(out)[g] = r;
}
`,
});
// Inline PTX: the cuda backend only (the cpu backend refuses asm in a source).
const floorsNc =
  be.kind === 'cuda'
    ? new gp.RawModule({
        code: `
struct alignas(16) F4 { float v[4]; };
__device__ __forceinline__ long long HASH_J(long long i, long long mod) {
  const unsigned int seed = 7u;
  ${HASH}
  return (long long)(h % (unsigned int)mod);
}
extern "C" __global__ void hash_gather_nc(const float* __restrict__ src, float* __restrict__ out, long long n, long long len) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (4 * g + 3 >= n) return;
  F4 r;
  unsigned long long pol;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    unsigned int b;
    asm("ld.global.nc.L1::no_allocate.L2::cache_hint.b32 %0, [%1], %2;" : "=r"(b) : "l"(src + HASH_J(4 * g + k, len)), "l"(pol));
    r.v[k] = __uint_as_float(b);
  }
  asm volatile("st.global.cs.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(out + 4 * g), "f"(r.v[0]), "f"(r.v[1]), "f"(r.v[2]), "f"(r.v[3]) : "memory");
}
`,
      })
    : null;
const grid = Math.ceil(N / 4 / 256);
const hashGather = floors.getFunction('hash_gather');
const hashGatherNc = floorsNc?.getFunction('hash_gather_nc');
const hashRead = floors.getFunction('hash_read');
const streams = floors.getFunction('streams');

console.log(`x[idx]: ${N} float32 from ${(4 * N) / 2 ** 20} MiB by ${N} random int64 (bench row 1.806 ms, CuPy 1.738, goal 1.000)`);
row('library x[idx] (the bench row)', time(() => x.slice(idx).dispose()));
const k0 = moduleKernel(flatSource(4, 'long long', 4, 2, 0, 0), 'gpa_gather_flat');
const err = gp.zeros([1], 'int64');
row('its kernel alone (V4 U2, one pass)', time(() => k0(Math.ceil(N / 4 / 512), 256, [x, idx, out, N, N, 1, 0, err])), same(out, ref));
row('(c) library x[idx32], int32 indices', time(() => x.slice(idx32).dispose()), same(x.slice(idx32), ref));
row('(b) library x[identity int64]: index stream, sequential reads', time(() => x.slice(ident).dispose()), same(x.slice(ident), x));
row('    streams alone: int64 indices in, floats out', time(() => streams(grid, 256, [idx, out, N])));
hashGather(grid, 256, [x, out, N, N]);
row('(a) hashed indices, no index array: 64M random reads + writes', time(() => hashGather(grid, 256, [x, out, N, N])), same(out, ref));
if (hashGatherNc) {
  hashGatherNc(grid, 256, [x, out, N, N]);
  row('(a) the same, no L1 line, L2 evict_last, results evict-first', time(() => hashGatherNc(grid, 256, [x, out, N, N])), same(out, ref));
}
row('(a) hashed reads only (no writes)', time(() => hashRead(grid, 256, [x, out, N, N])));
row(`(a) hashed from a ${(4 * SMALL) / 2 ** 20} MiB source (L2-resident) + writes`, time(() => hashGather(grid, 256, [x, out, N, SMALL])));

console.log('\nlibrary x[idx] over flatGatherShape (vector, unroll, blocks/SM (0: one pass), src load):');
const saved = { ...flatGatherShape };
for (const vector of [4, 8]) {
  for (const [unroll, blocksPerSm] of [[2, 0], [4, 8]]) {
    for (const src of [0, 1, 2]) {
      Object.assign(flatGatherShape, { vector, unroll, blocksPerSm, src });
      try {
        const r = x.slice(idx);
        const ok = same(r, ref);
        r.dispose();
        row(`  V${vector} U${unroll} ${blocksPerSm ? `${blocksPerSm}/SM` : 'one pass'} src ${['ldg', 'noL1', 'noL1+evictLast'][src]}`, time(() => x.slice(idx).dispose()), ok);
      } catch (e) {
        row(`  V${vector} U${unroll} ${blocksPerSm}/SM src ${src}`, NaN, `failed: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  }
}
Object.assign(flatGatherShape, saved);
const lib = rows.filter((r) => r[0].startsWith('  V') && r[2] === 'same' && !Number.isNaN(r[1])).sort((a, b) => a[1] - b[1]);
if (lib.length) {
  const [, v, u, b, src] = /V(\d+) U(\d+) (\S+).* src (\S+)$/.exec(lib[0][0].trim())!;
  console.log(`\nfastest shape: ${lib[0][0].trim()} ${lib[0][1].toFixed(3)} ms (default V4 U2 one pass src ldg)`);
  console.log(`switch (lib/ops/gather-flat.ts):\n  export const flatGatherShape = { vector: ${v}, unroll: ${u}, blocksPerSm: ${b === 'one' ? 0 : parseInt(b)}, src: ${['ldg', 'noL1', 'noL1+evictLast'].indexOf(src)} };`);
}
