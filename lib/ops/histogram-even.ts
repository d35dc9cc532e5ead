// numpy.histogram's equal-width bins without weights at read bandwidth (kernels/gpuarray/histogram.h):
// per-block shared counters, 16-byte loads, a grid of a few blocks per SM, and nothing read back
// or uploaded (the kernel builds the edges itself and writes them out), so a call queues two
// launches and returns. Edges it cannot vouch for (float rounding far off the equal-width grid, a
// span past the float range) and many bins go to the general kernels in statistics.ts.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { float16BitsFromNumber, numberFromFloat16Bits } from '../core/host-data.js';
import { COOPERATIVE_MARK, moduleKernel } from './device-kernels.js';
import { linspaceEdgesIn } from './histogram-edges.js';
import { float64Math, type Rounding } from '../core/dtype-arithmetic.js';

/** Internal switch (probes and tests): off, every histogram takes the general kernels; `launches` counts even ones. */
export const histogramPaths = { even: true, launches: 0 };

/** Bins the even kernel counts at most: edges and 32-bit counters share 48 KiB of shared memory. */
export const EVEN_MAX_BINS = 4096;
const SHARED_LIMIT = 48 * 1024;
const THREADS = 512;

const f16 = (x: number) => numberFromFloat16Bits(float16BitsFromNumber(x));
const same = (x: number) => x;

export interface Types {
  /** Element, compute and edge C types. */
  T: string;
  C: 'float' | 'double';
  E: string;
  /** Rounding of a float64 to the edge dtype and to the compute type. */
  roundE: (x: number) => number;
  roundC: (x: number) => number;
  edgeDType: DType;
}

/** NumPy's edge dtype: the data's float dtype, float64 for everything else; floats compute in float. */
export function typesOf(d: DType): Types | null {
  if (d === dtypes.float32) return { T: 'float', C: 'float', E: 'float', roundE: Math.fround, roundC: Math.fround, edgeDType: d };
  if (d === dtypes.float16) return { T: 'float', C: 'float', E: 'float16', roundE: f16, roundC: Math.fround, edgeDType: d };
  if (d.kind === 'c') return null;
  return { T: d.ctype, C: 'double', E: 'double', roundE: same, roundC: same, edgeDType: dtypes.float64 };
}

const sources = new Map<string, string>();
export function evenSource(t: Types): string {
  const key = `${t.T}|${t.C}|${t.E}`;
  let s = sources.get(key);
  if (s === undefined) {
    const half = t.E === 'float16' ? '#include "gpuarray/float16.h"\n#define GPA_HIST_HALF_EDGES 1\n' : '';
    s = `${COOPERATIVE_MARK}${half}#include "gpuarray/histogram.h"
extern "C" __global__ void __launch_bounds__(${THREADS}) gpa_histogram_even(const void* x, void* edges, void* counts, long long n, int nb, int copies, double lo, double step, double hi, int own, ${t.C} scale, ${t.C} eps) {
  extern __shared__ __align__(16) unsigned char gpa_hist_smem[];
  gpa::hist::histogram_even<${t.T}, ${t.C}, ${t.E}>((const ${t.T}*)x, (${t.E}*)edges, (unsigned long long*)counts, n, nb, copies, lo, step, hi, own, (${t.C})scale, (${t.C})eps, gpa_hist_smem);
}
`;
    sources.set(key, s);
  }
  return s;
}

/** What the kernel is launched with, or null when these edges need the general kernels. */
export interface EvenPlan {
  /** The edges as the kernel builds them (edge dtype values, as float64). */
  edges: number[];
  /** The linspace's step, and whether the edges are made in the data's own arithmetic (histogram-edges.ts edgeArithmetic). */
  step: number;
  own: boolean;
  scale: number;
  eps: number;
  types: Types;
}

/**
 * The kernel's parameters for nb bins over [lo, hi] of dtype d. `eps` bounds how far an estimate
 * may sit from an integer and still need the edges: twice the worst distance of an edge from the
 * equal-width grid (in bins) plus the estimate's rounding, (v - lo) * scale with two roundings of
 * the compute type, at most (nb + 1) * 2^-23 for float (2^-52 double), doubled.
 */
export function evenPlan(d: DType, lo: number, hi: number, nb: number, math: Rounding = float64Math): EvenPlan | null {
  const types = typesOf(d);
  if (types === null || nb > EVEN_MAX_BINS) return null;
  // Edges in the data's own arithmetic (float32 or float16 data that gave the ends): edge_own.
  const own = math !== float64Math;
  const step = own ? math(math(hi - lo) / nb) : (hi - lo) / nb;
  if (own && step === 0) return null;
  const edges = own ? linspaceEdgesIn(lo, hi, nb, math) : Array.from({ length: nb + 1 }, (_, i) => types.roundE(i === nb ? hi : lo + i * step));
  const span = types.roundC(edges[nb] - edges[0]);
  const scale = types.roundC(nb / (edges[nb] - edges[0]));
  const minNormal = types.C === 'float' ? 2 ** -126 : 2 ** -1022;
  if (!(Number.isFinite(span) && span > 0 && Number.isFinite(scale) && scale >= minNormal)) return null;
  let delta = 0;
  for (let i = 0; i <= nb; i++) delta = Math.max(delta, Math.abs((edges[i] - edges[0]) * scale - i));
  const rounding = (nb + 1) * (types.C === 'float' ? 2 ** -22 : 2 ** -51);
  const eps = 2 * (delta + rounding);
  if (!(eps < 0.25)) return null;
  return { edges, step, own, scale, eps, types };
}

/** Copies of the counters a block keeps (a power of two up to 32, one per lane at most) in the shared memory left after the edges. */
function copiesFor(nb: number, edgeBytes: number): number {
  let r = 32;
  while (r > 1 && edgeBytes + nb * r * 4 > SHARED_LIMIT) r >>= 1;
  return r;
}

/**
 * Equal-width counts of `a` (any layout; float16 counted through a float32 copy): [int64 counts,
 * edges in NumPy's edge dtype], or null when the general kernels must count.
 */
export function evenHistogram(a: GpuArray, lo: number, hi: number, nb: number, math: Rounding): { counts: GpuArray; edgeArr: GpuArray; edges: number[] } | null {
  if (!histogramPaths.even || !a.dtype.inNumPy) return null; // bfloat16: the general path
  const plan = evenPlan(a.dtype, lo, hi, nb, math);
  if (plan === null) return null;
  const t = plan.types;
  const edgeBytes = ((nb + 1) * (t.C === 'float' ? 4 : 8) + 15) & ~15;
  if (edgeBytes + nb * 4 > SHARED_LIMIT) return null;
  const copies = copiesFor(nb, edgeBytes);
  const shared = edgeBytes + nb * copies * 4;
  const backend = a.device.backend;
  const src = a.dtype.bits !== null ? a.astype(a.dtype.compute) : a.layoutFlags.cContiguous ? a : a.copy();
  const counts = GpuArray.allocate([nb], dtypes.int64, a.device);
  const edgeArr = GpuArray.allocate([nb + 1], t.edgeDType, a.device);
  try {
    counts.fill(0);
    const n = a.size;
    // A few blocks per SM (as many as fit: 512 threads and up to 48 KiB each), one per core on the
    // cpu; enough that no block counts 2^31 elements (its 32-bit counters).
    const info = backend.device;
    const cc = info.computeCapability;
    const perSm = backend.launchHints.serialThreads ? 1 : cc.minor === 0 && cc.major >= 8 ? Math.min(4, Math.floor((160 * 1024) / (shared + 1024))) : 2;
    const blocks = Math.max(1, Math.ceil(n / 2 ** 31), Math.min(info.multiprocessorCount * Math.max(1, perSm), Math.ceil(n / (THREADS * 16))));
    moduleKernel(evenSource(t), 'gpa_histogram_even')(blocks, THREADS, [src, edgeArr, counts, n, nb, copies, lo, plan.step, hi, plan.own ? 1 : 0, plan.scale, plan.eps], shared);
    histogramPaths.launches++;
    return { counts, edgeArr, edges: plan.edges };
  } catch (e) {
    counts.dispose();
    edgeArr.dispose();
    throw e;
  } finally {
    if (src !== a) src.dispose();
  }
}
