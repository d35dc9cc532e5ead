// The two bench rows `histogram 256 bins` (256M float32 in [0.25, 500], range [0, 500]) and
// `gather x[idx], random int64 idx` (64M float32 by 64M int64) on the GPU host: the library calls
// with the new kernels against the general ones they replace (reachable through histogramPaths /
// gatherPaths), then the new kernels alone over their parameters: histogram counter copies,
// threads and blocks per SM; gather vector width, unroll, grid, cache hints and the context's L2
// fetch granularity (a driver limit the library leaves alone). Device time from the bench's clock
// (CUDA events, host issue hidden behind a spin kernel). Reference: gp.sum of the same 1 GiB.
//   node dist/bench/probes/hist-gather-probe.js
import koffi from 'koffi';
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { moduleKernel } from '../../lib/ops/device-kernels.js';
import { evenPlan, evenSource, histogramPaths } from '../../lib/ops/histogram-even.js';
import { flatSource, gatherPaths } from '../../lib/ops/gather-flat.js';
import { makeGenerator } from '../data.js';
import { CudaEventClock } from '../timing.js';

const be = gp.currentDevice().backend as CudaBackend;
const clock = new CudaEventClock(be);
const time = (f: () => void) => clock.time(f, { reps: 15 }).ms;
const sms = be.device.multiprocessorCount;
const hash = makeGenerator(gp);
const same = (a: gp.GpuArray, b: gp.GpuArray) => {
  const x = a.toTypedArray() as ArrayLike<number | bigint>;
  const y = b.toTypedArray() as ArrayLike<number | bigint>;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};
const ms = (t: number) => `${t.toFixed(4)} ms`;

// ---- histogram ---------------------------------------------------------------------------------
{
  const N = 256 * 1024 * 1024;
  const x = hash(N, 1);
  const hist = () => gp.histogram(x, 256, { range: [0, 500] });
  const drop = (r: gp.GpuArray[]) => r.forEach((a) => a.dispose());
  console.log(`histogram 256 bins of ${N} float32 (read floor 1 GiB; gp.sum of it ${ms(time(() => gp.sum(x).dispose()))})`);
  const [hNew, eNew] = hist();
  histogramPaths.even = false;
  const [hOld, eOld] = hist();
  console.log(`  general kernel (old): ${ms(time(() => drop(hist())))}`);
  histogramPaths.even = true;
  console.log(`  even kernel (new):    ${ms(time(() => drop(hist())))}  same counts and edges as old: ${same(hNew, hOld) && same(eNew, eOld)}`);
  // The kernel alone over its launch parameters (counts zeroed once: totals grow, timing does not care).
  const plan = evenPlan(x.dtype, 0, 500, 256)!;
  const k = moduleKernel(evenSource(plan.types), 'gpa_histogram_even');
  const counts = gp.zeros([256], 'int64');
  const edges = gp.empty([257], 'float32');
  for (const copies of [1, 8, 32]) {
    const shared = 1040 + 256 * copies * 4;
    const row: string[] = [];
    for (const [threads, perSm] of [[256, 4], [256, 8], [512, 2], [512, 3], [512, 4], [512, 8]]) {
      const blocks = sms * perSm;
      row.push(`${threads}x${perSm}/SM ${time(() => k(blocks, threads, [x, edges, counts, N, 256, copies, 0, 500 / 256, 500, plan.scale, plan.eps], shared)).toFixed(4)}`);
    }
    console.log(`  copies ${String(copies).padStart(2)}: ${row.join('  ')}`);
  }
  [hNew, eNew, hOld, eOld, counts, edges, x].forEach((a) => a.dispose());
}

// ---- gather ------------------------------------------------------------------------------------
{
  const N = 64 * 1024 * 1024;
  const x = hash(N, 1);
  const make = gp.ElementwiseKernel(
    'uint32 seed, int64 len',
    'int64 j',
    'unsigned int h = (unsigned int)i * 2654435761u ^ seed; h ^= h >> 15; h *= 2246822519u; h ^= h >> 13; j = (long long)(h % (unsigned int)len)',
    'probe_gather_index',
  );
  const idx = gp.empty([N], 'int64');
  make(gp.uint32(7), N, idx);
  console.log(`gather x[idx] of ${N} float32 by ${N} random int64 (streams 768 MB, random sectors 2 GiB)`);
  const gNew = x.slice(idx);
  gatherPaths.flat = false;
  const gOld = x.slice(idx);
  console.log(`  general kernel (old): ${ms(time(() => x.slice(idx).dispose()))}`);
  gatherPaths.flat = true;
  console.log(`  flat kernel (new):    ${ms(time(() => x.slice(idx).dispose()))}  same result as old: ${same(gNew, gOld)}`);
  const out = gp.empty([N], 'float32');
  const err = gp.zeros([1], 'int64');
  const flat = (V: number, U: number, blocks: number) => {
    const k = moduleKernel(flatSource(4, 'long long', V, U, 0), 'gpa_gather_flat');
    return () => k(blocks, 256, [x, idx, out, N, N, 1, 0, err]);
  };
  for (const V of [1, 2, 4, 8]) {
    const row: string[] = [];
    for (const U of [1, 2, 4]) {
      const cover = Math.ceil(N / V / (256 * U));
      row.push(`U${U} ${time(flat(V, U, cover)).toFixed(4)} / ${time(flat(V, U, sms * 8)).toFixed(4)}`);
    }
    console.log(`  V${V} (one pass / ${sms * 8} blocks):  ${row.join('   ')}`);
  }
  // Without the evict-first hints: plain vector loads and stores, the source through __ldg.
  const plain = gp.RawKernel(
    `extern "C" __global__ void probe_gather_plain(const float* __restrict__ src, const long long* __restrict__ idx, float* __restrict__ out, long long n4) {
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < n4; g += (long long)gridDim.x * blockDim.x) {
    const gpa::Vec<long long, 4> j = gpa::load_vec<4>(idx + 4 * g);
    gpa::Vec<float, 4> v;
#pragma unroll
    for (int k = 0; k < 4; ++k) v[k] = __ldg(src + j[k]);
    gpa::store_vec<4>(out + 4 * g, v);
  }
}`,
    'probe_gather_plain',
  );
  console.log(`  V4 U1 without cache hints: ${ms(time(() => plain(Math.ceil(N / 4 / 256), 256, [x, idx, out, N / 4])))}`);
  // The context's L2 fetch granularity (CU_LIMIT_MAX_L2_FETCH_GRANULARITY): random 4-byte reads
  // want 32-byte fetches; restored afterwards.
  try {
    const lib = koffi.load(be.driver.path);
    const getLimit = lib.func('int cuCtxGetLimit(_Out_ uint64_t* v, int limit)');
    const setLimit = lib.func('int cuCtxSetLimit(int limit, uint64_t v)');
    const cur = new BigUint64Array(1);
    getLimit(cur, 5);
    const row: string[] = [`default ${cur[0]}`];
    for (const g of [32, 64, 128]) {
      setLimit(5, BigInt(g));
      const now = new BigUint64Array(1);
      getLimit(now, 5);
      row.push(`${g} (reads ${now[0]}): ${time(flat(4, 2, Math.ceil(N / 4 / 512))).toFixed(4)}`);
    }
    setLimit(5, cur[0]);
    console.log(`  L2 fetch granularity: ${row.join('  ')}`);
  } catch (e) {
    console.log(`  L2 fetch granularity: not tried (${(e as Error).message.split('\n')[0]})`);
  }
  [gNew, gOld, out, err, idx, x].forEach((a) => a.dispose());
}
