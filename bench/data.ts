// Benchmark inputs and their checks. Inputs are hash values, never zero: x[i] = (h(i, seed) % 2000)
// * 0.25 + 0.25, multiples of 0.25 in [0.25, 500], generated on the device by one element-wise
// kernel and recomputed on the host as the reference. Sums, products by 2.5 and adds of such values
// are exact in float32, so element-wise results are compared bit for bit.
// bench/cupy_baseline.py generates the same values with the same kernel body.
import type { GpuArray } from '../lib/index.js';
import type { Gp } from './context.js';

export const HASH_BODY = [
  'unsigned int h = (unsigned int)i * 2654435761u ^ seed;',
  'h ^= h >> 15;',
  'h *= 2246822519u;',
  'h ^= h >> 13;',
  'x = (float)(h % 2000u) * 0.25f + 0.25f',
].join('\n');

/** The host twin of HASH_BODY. */
export function hashValue(i: number, seed: number): number {
  let h = (Math.imul(i, 0x9e3779b1) ^ seed) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 0x85ebca77) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  return (h % 2000) * 0.25 + 0.25;
}

export function hashHost(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = hashValue(i, seed);
  return out;
}

export class CheckError extends Error {}

/** Elements [start, stop) of a C-contiguous array, as its storage TypedArray. */
export function download(a: GpuArray, start = 0, stop = a.size): Float32Array {
  if (!a.flags.cContiguous) throw new Error('download: the array must be C-contiguous');
  const flat = a.ndim === 1 ? a : a.reshape([a.size]);
  const v = start === 0 && stop === a.size ? flat : flat.slice({ start, stop });
  try {
    return toTyped(v) as Float32Array;
  } finally {
    if (v !== a) v.dispose();
    if (flat !== a && flat !== v) flat.dispose();
  }
}

/** a.toTypedArray() where it exists (issue 3), else the storage read it is built on. */
export function toTyped(a: GpuArray): ArrayBufferView {
  const t = (a as unknown as { toTypedArray?: () => ArrayBufferView }).toTypedArray;
  if (typeof t === 'function') return t.call(a);
  return (a as unknown as { readStorage(): ArrayBufferView }).readStorage();
}

/** Windows of a flat index range to compare: everything when small, else ends + scattered windows. */
export function checkWindows(n: number): [number, number][] {
  const FULL = 1 << 22;
  if (n <= FULL) {
    const w: [number, number][] = [];
    for (let s = 0; s < n; s += FULL) w.push([s, Math.min(n, s + FULL)]);
    return w;
  }
  const edge = 1 << 20;
  const w: [number, number][] = [
    [0, edge],
    [n - edge, n],
  ];
  // 48 windows of 64K elements at odd offsets (not aligned to any vector or block size).
  let x = 0x2545f491;
  for (let k = 0; k < 48; k++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const s = edge + Math.floor((x / 4294967296) * (n - 2 * edge - 65536)) | 1;
    w.push([s, s + 65536]);
  }
  return w;
}

/** Compare every checked element of `a` (flat C order) with `expect(i)` exactly. */
export function checkExact(a: GpuArray, expect: (i: number) => number, what: string): void {
  for (const [s, e] of checkWindows(a.size)) {
    const got = download(a, s, e);
    for (let k = 0; k < got.length; k++) {
      const want = Math.fround(expect(s + k));
      if (got[k] !== want) throw new CheckError(`${what}: element ${s + k} is ${got[k]}, expected ${want}`);
    }
  }
}

/** Relative comparison for float32 sums against an exact float64 reference. */
export function checkClose(got: number, want: number, rtol: number, what: string): void {
  if (!(Math.abs(got - want) <= rtol * Math.abs(want))) {
    throw new CheckError(`${what}: got ${got}, expected ${want} (relative error ${(Math.abs(got - want) / Math.abs(want)).toExponential(2)} > ${rtol})`);
  }
}

/** A generator of hash arrays on the current device. */
export function makeGenerator(gp: Gp): (n: number, seed: number) => GpuArray {
  const k = gp.ElementwiseKernel('uint32 seed', 'float32 x', HASH_BODY, 'bench_hash');
  return (n, seed) => {
    const out = gp.empty([n], 'float32');
    k(seed, out);
    return out;
  };
}

/** Exact float64 sums of the hash array of seed `seed` viewed as m x m: total, per row, per column. */
export function hashSums(m: number, seed: number): { total: number; rows: Float64Array; cols: Float64Array } {
  const rows = new Float64Array(m);
  const cols = new Float64Array(m);
  let total = 0;
  for (let r = 0, i = 0; r < m; r++) {
    let rs = 0;
    for (let c = 0; c < m; c++, i++) {
      const v = hashValue(i, seed);
      rs += v;
      cols[c] += v;
    }
    rows[r] = rs;
    total += rs;
  }
  return { total, rows, cols };
}
