// The device radix sort behind sort, argsort, unique, searchsorted's sorter-free paths and the
// order statistics: keys made unsigned, LSD passes of 8 bits (kernels/gpuarray/radix_sort.h: one
// histogram read for every pass, then one look-back kernel per pass; passes whose digit is the same
// for every key are skipped), and a stable "sort by key, then stable-sort by row" for independent
// rows (axis sorts). The sorts built on it (sortedOrder, sortedValues, gather, ...) are in
// sorted-order.ts.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { COOPERATIVE_MARK, gridFor, moduleKernel } from './device-kernels.js';

/** C type of an element of `itemsize` bytes moved as raw bits. */
export function bitsCtype(itemsize: number): string {
  switch (itemsize) {
    case 1:
      return 'unsigned char';
    case 2:
      return 'unsigned short';
    case 4:
      return 'unsigned int';
    case 8:
      return 'unsigned long long';
    case 16:
      return 'gpa_bits128';
  }
  throw new TypeError(`no bit type of ${itemsize} bytes`);
}
export const BITS128 = 'struct __align__(16) gpa_bits128 { unsigned long long lo, hi; };\n';

/** Whether a dtype has a one-word radix key (every real dtype and bool; complex sorts in two). */
export function sortable(d: DType): boolean {
  return d.kind !== 'c';
}

/** The unsigned key dtype: uint32 up to 4 bytes, uint64 for 8 (and for each half of complex128). */
export const keyDType = (d: DType) => (d.itemsize >= 8 ? dtypes.uint64 : dtypes.uint32);

// Complex in NumPy's order (npysort's CLT): R + Rj < R + nanj < nan + Rj < nan + nanj, each class
// after the previous whatever the parts' values (so 1 + 2j < 0 + nanj): no-NaN elements by real
// then imaginary part, R + nanj by the real part, nan + Rj by the imaginary part. As a (hi, lo) key
// pair: hi is the real part's key for the first class, else a class mark above every non-NaN key
// (+inf's key is the largest), lo the part that orders the class. complex64 packs both into one
// uint64; complex128 sorts by lo, then stably by hi.
export const COMPLEX_KEYS = `#include "gpuarray/radix_keys.h"
template <typename U> struct ComplexKey { U hi, lo; };
__device__ __forceinline__ ComplexKey<unsigned int> complex_key(unsigned int re, unsigned int im) {
  const bool rn = (re & 0x7fffffffu) > 0x7f800000u, inan = (im & 0x7fffffffu) > 0x7f800000u;
  if (!rn && !inan) return {gpa::radix_key_f32(re), gpa::radix_key_f32(im)};
  if (!rn) return {0xff800001u, gpa::radix_key_f32(re)};
  if (!inan) return {0xff800002u, gpa::radix_key_f32(im)};
  return {0xffffffffu, 0u};
}
__device__ __forceinline__ ComplexKey<unsigned long long> complex_key(unsigned long long re, unsigned long long im) {
  const unsigned long long mag = 0x7fffffffffffffffull, inf = 0x7ff0000000000000ull;
  const bool rn = (re & mag) > inf, inan = (im & mag) > inf;
  if (!rn && !inan) return {gpa::radix_key_f64(re), gpa::radix_key_f64(im)};
  if (!rn) return {0xfff0000000000001ull, gpa::radix_key_f64(re)};
  if (!inan) return {0xfff0000000000002ull, gpa::radix_key_f64(im)};
  return {~0ull, 0ull};
}
extern "C" __global__ void gpa_complex64_keys(const void* x, void* keys, long long n) {
  for (long long i : gpa::grid_range(n)) {
    const unsigned int* u = (const unsigned int*)x + 2 * i;
    const ComplexKey<unsigned int> k = complex_key(u[0], u[1]);
    ((unsigned long long*)keys)[i] = ((unsigned long long)k.hi << 32) | k.lo;
  }
}
// One half of the key pair (0 hi, 1 lo), of the elements in the order idx (useIdx) or their own.
extern "C" __global__ void gpa_complex128_keys(const void* x, void* keys, const void* idx, long long n, int part, int useIdx) {
  for (long long i : gpa::grid_range(n)) {
    const long long j = useIdx ? (long long)((const unsigned int*)idx)[i] : i;
    const unsigned long long* u = (const unsigned long long*)x + 2 * j;
    const ComplexKey<unsigned long long> k = complex_key(u[0], u[1]);
    ((unsigned long long*)keys)[i] = part == 0 ? k.hi : k.lo;
  }
}
`;

/** C expression of the key of raw bits `u` (of the dtype's width). */
export function keyExpr(d: DType): string {
  const w = d.itemsize * 8;
  switch (d.kind) {
    case 'b':
    case 'u':
      return 'u';
    case 'i':
      return w === 64 ? '(u ^ 0x8000000000000000ull)' : `((unsigned int)u ^ ${2 ** (w - 1)}u)`;
    case 'f':
      return w === 16 ? 'gpa::radix_key_f16(u)' : w === 32 ? 'gpa::radix_key_f32(u)' : 'gpa::radix_key_f64(u)';
  }
  throw new TypeError(`sort: unsupported dtype ${d.name}`);
}

export function helperSource(d: DType): string {
  return `#include "gpuarray/radix_keys.h"
typedef ${bitsCtype(d.itemsize)} Bits;
typedef ${keyDType(d).ctype} Key;
extern "C" __global__ void gpa_sort_keys(const void* x, void* keys, long long n) {
  for (long long i : gpa::grid_range(n)) {
    const Bits u = ((const Bits*)x)[i];
    ((Key*)keys)[i] = (Key)(${keyExpr(d)});
  }
}
// Keys, and the raw bits as the payload that comes back as the sorted values.
extern "C" __global__ void gpa_sort_keys_bits(const void* x, void* keys, void* payload, long long n) {
  for (long long i : gpa::grid_range(n)) {
    const Bits u = ((const Bits*)x)[i];
    ((Key*)keys)[i] = (Key)(${keyExpr(d)});
    ((Key*)payload)[i] = (Key)u;
  }
}
`;
}

export const MISC = `${BITS128}
extern "C" __global__ void gpa_iota(void* out, long long n) {
  for (long long i : gpa::grid_range(n)) ((unsigned int*)out)[i] = (unsigned int)i;
}
extern "C" __global__ void gpa_row_keys(const void* idx, void* keys, long long n, long long len) {
  for (long long i : gpa::grid_range(n)) ((unsigned int*)keys)[i] = (unsigned int)(((const unsigned int*)idx)[i] / (unsigned long long)len);
}
extern "C" __global__ void gpa_index_in_row(const void* idx, void* out, long long n, long long len) {
  for (long long i : gpa::grid_range(n)) ((long long*)out)[i] = (long long)(((const unsigned int*)idx)[i] % (unsigned long long)len);
}
${[1, 2, 4, 8, 16]
  .map(
    (w) => `extern "C" __global__ void gpa_gather${w}(const void* x, const void* idx, void* out, long long n) {
  for (long long i : gpa::grid_range(n)) ((${bitsCtype(w)}*)out)[i] = ((const ${bitsCtype(w)}*)x)[((const unsigned int*)idx)[i]];
}`,
  )
  .join('\n')}
`;

/**
 * The shape of the radix sort's kernels (kernels/gpuarray/radix_onesweep.h radix_onesweep,
 * radix_plan.h radix_histograms); bench/probes/sort-tune-probe.ts measures the choices.
 */
export interface RadixShape {
  /** Threads a block of the pass kernel: a multiple of 32 from 256 (a thread per digit) to 1024. */
  threads: number;
  /** Keys a thread (a tile is threads x items keys; keys, values and counters within 48 KB). */
  items: number;
  /** Pass grid: blocks per SM (blocks loop over the tiles; one per core on the cpu backend). */
  blocksPerSm: number;
  /** The pass kernel's __launch_bounds__ minimum of blocks per SM (a register cap); 0: none. */
  minBlocks: number;
  /** Predecessor tiles each digit's look-back reads at once (1: one at a time). */
  lookback: number;
  /** Take the next tile's ticket while working on this one. */
  prefetch: boolean;
  /** Histogram grid: blocks per SM, or 0 for min(n / 2048, 512) blocks. */
  histBlocksPerSm: number;
  /** Keys a histogram thread reads per grid-stride step. */
  histItems: number;
}

const SHIPPED: RadixShape = { threads: 256, items: 16, blocksPerSm: 4, minBlocks: 4, lookback: 1, prefetch: false, histBlocksPerSm: 0, histItems: 8 };

/** The shape of each kind of sort: 4- or 8-byte keys, alone or with values. */
export const radixShapes: Record<'keys4' | 'pairs4' | 'keys8' | 'pairs8', RadixShape> = {
  // 256 x 20 keys, 3 blocks per SM: 1.854 ms for 64M float32 on the H200 against 1.912 ms for
  // 256 x 16 at 4 (sort-tune-probe, 26 shapes, C ballots); 1.531 ms with the asm ballots.
  keys4: { ...SHIPPED, items: 20, blocksPerSm: 3, minBlocks: 3 },
  // 80 registers (3 blocks per SM): 64 spilled with values beside 32-bit keys.
  pairs4: { ...SHIPPED, minBlocks: 3 },
  keys8: { ...SHIPPED, items: 8 },
  pairs8: { ...SHIPPED, items: 8 },
};

const shapeFor = (keyBytes: number, valueBytes: number) => radixShapes[`${valueBytes ? 'pairs' : 'keys'}${keyBytes === 8 ? 8 : 4}`];

/** Static shared memory of a pass kernel of this shape (radix_onesweep.h OnesweepSmem), or -1 when it does not fit. */
export function onesweepSmem(s: RadixShape, keyBytes: number, valueBytes: number): number {
  const warps = s.threads / 32;
  const tile = s.threads * s.items;
  const stage = tile * (keyBytes + valueBytes);
  const counts = warps * 256 * 4;
  const rest = tile + 256 * 4 + warps * 4 + 16;
  const limit = 48 * 1024 - 256;
  const bytes = stage + counts + rest > limit ? Math.max(stage, counts) : stage + counts;
  return bytes + rest <= limit ? bytes + rest : -1;
}

/** Whether a shape's stage and counters share memory (they do not fit side by side). */
function sharesStage(s: RadixShape, keyBytes: number, valueBytes: number): boolean {
  const tile = s.threads * s.items;
  return tile * (keyBytes + valueBytes) + (s.threads / 32) * 256 * 4 + tile + 256 * 4 + (s.threads / 32) * 4 + 16 > 48 * 1024 - 256;
}

// Not supported, because on 64M elements on the H200 (sort-tune-probe) they gave orders
// different from the shipped shape's while passing the small-size tests: look-back windows past
// 8 tiles, and with values beside the keys the next ticket taken early or a shared stage.
function checkRadixShape(s: RadixShape, keyBytes: number, valueBytes: number): void {
  const int = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;
  const ok =
    int(s.threads, 256, 1024) && s.threads % 32 === 0 && int(s.items, 1, 64) && int(s.blocksPerSm, 1, 32) && int(s.minBlocks, 0, 32) &&
    int(s.lookback, 1, 8) && int(s.histBlocksPerSm, 0, 64) && int(s.histItems, 1, 32) && onesweepSmem(s, keyBytes, valueBytes) > 0 &&
    (valueBytes === 0 || (!s.prefetch && !sharesStage(s, keyBytes, valueBytes)));
  if (!ok) throw new RangeError(`radixSort: shape ${JSON.stringify(s)} not supported for ${keyBytes}-byte keys${valueBytes ? ` with ${valueBytes}-byte values` : ''}`);
}

// The kernels of one sort, by word size, value size (0: keys alone) and shape; the key kind, the
// output's item size and iota values are arguments, so every dtype shares these few sources.
// The ranking's ballots in CUB's four instructions a bit (radix_common.h radix_peers_ballot_asm),
// except in the kernel of 32-bit keys with narrower values, which ptxas then fails to allocate.
const peersAsm = (keyBytes: number, valueBytes: number) => valueBytes === 0 || keyBytes === 8;

export function passSource(keyBytes: number, valueBytes: number, variant: string, s: RadixShape): string {
  const pairs = valueBytes > 0;
  const bounds = `__launch_bounds__(${s.threads}${s.minBlocks > 0 ? ', GPA_RADIX_MIN_BLOCKS' : ''})`;
  return `${COOPERATIVE_MARK}${variant}#ifndef GPA_RADIX_MIN_BLOCKS
#define GPA_RADIX_MIN_BLOCKS ${s.minBlocks}
#endif
#ifndef GPA_RADIX_PEERS_ASM
#define GPA_RADIX_PEERS_ASM ${peersAsm(keyBytes, valueBytes) ? 1 : 0}
#endif
#include "gpuarray/radix_sort.h"
typedef ${bitsCtype(keyBytes)} K;
typedef ${bitsCtype(pairs ? valueBytes : keyBytes)} V;
extern "C" __global__ void __launch_bounds__(256) gpa_radix_histograms(const void* kIn, void* look, long long n, long long tiles, int passes, int kind) {
  gpa::radix_histograms<K, ${s.histItems}>((const K*)kIn, gpa::radix_meta((unsigned long long*)look, tiles), n, passes, kind);
}
extern "C" __global__ void __launch_bounds__(256) gpa_radix_plan(void* look, long long n, long long tiles, int passes) {
  gpa::radix_plan(gpa::radix_meta((unsigned long long*)look, tiles), n, passes);
}
extern "C" __global__ void ${bounds} gpa_radix_onesweep(const void* kIn, void* kB, void* kC, const void* vIn, void* vB, void* out, void* look, long long n, long long tiles, int shift, int pass, int passes, int kind, int outBytes, int iota) {
  gpa::radix_onesweep<K, V, ${pairs}, ${s.threads}, ${s.items}, ${s.lookback}, ${s.prefetch}>((const K*)kIn, (K*)kB, (K*)kC, (const V*)vIn, (V*)vB, out, (unsigned long long*)look, n, tiles, shift, pass, passes, kind, outBytes, iota);
}
extern "C" __global__ void gpa_radix_finish(const void* kIn, const void* vIn, void* out, void* look, long long n, long long tiles, int passes, int outBytes, int iota, int force) {
  gpa::radix_finish<K, V, ${pairs}>((const K*)kIn, (const V*)vIn, out, (unsigned long long*)look, n, tiles, passes, outBytes, iota, force);
}
`;
}

/** radix_sort.h's kind of a dtype's raw bits: 0 unsigned (and made keys), 1 signed, 2 float. */
export function keyKind(d: DType): number {
  return d.kind === 'i' ? 1 : d.kind === 'f' ? 2 : 0;
}

const MAX_ELEMENTS = 2 ** 32 - 1;

export function checkSortSize(name: string, n: number): void {
  if (n > MAX_ELEMENTS) throw new RangeError(`${name}: arrays of more than 2**32 - 1 elements are not supported`);
}

/** One radix sort (radixSort). */
export interface RadixSortJob {
  /** 4- or 8-byte words, contiguous: a dtype's raw bits (kind from keyKind) or made keys (kind 0). Only read. */
  keys: GpuArray;
  kind: number;
  /** How many low bits of the keys to sort by. */
  bits: number;
  /** 4- or 8-byte values to carry (only read), 'iota' for 0, 1, ..., n-1 as uint32, or null: the keys alone. */
  values: GpuArray | 'iota' | null;
  /**
   * Where the sorted values go (the sorted keys' raw bits when values is null), as contiguous
   * elements of out's item size: each value's low bytes, or zero-extended (uint32 -> int64).
   */
  out: GpuArray;
}

/**
 * A stable LSD radix sort (kernels/gpuarray/radix_sort.h) of job.keys, writing job.out, in the
 * shape radixShapes gives its kind of sort. `variant`: #define lines put before the header
 * (tuning probes: GPA_RADIX_PEERS_MATCH, GPA_RADIX_MIN_BLOCKS).
 */
export function radixSort(job: RadixSortJob, variant = ''): void {
  const { keys, kind, values, out } = job;
  const n = keys.size;
  if (n === 0) return;
  const kb = keys.itemsize;
  const vb = values === null ? 0 : values === 'iota' ? 4 : values.itemsize;
  const passes = Math.ceil(Math.max(0, Math.min(job.bits, 8 * kb)) / 8);
  // Runs of three or more passes keep values in out between passes: it must hold them.
  if (passes > 2 && out.itemsize < (vb || kb)) throw new RangeError('radixSort: out is too narrow for the values');
  const shape = shapeFor(kb, vb);
  checkRadixShape(shape, kb, vb);
  const src = passSource(kb, vb, variant, shape);
  const vIn = values instanceof GpuArray ? values : keys;
  const iota = values === 'iota' ? 1 : 0;
  const device = keys.device;
  if (n === 1 || passes === 0) {
    moduleKernel(src, 'gpa_radix_finish')(gridFor(n), 256, [keys, vIn, out, out, n, 0, 0, out.itemsize, iota, 1]);
    return;
  }
  const tiles = Math.ceil(n / (shape.threads * shape.items));
  // Look-back words, then the meta words (radix_common.h radix_meta): all start at zero.
  const metaWords = passes * 256 + (passes + 1) + passes;
  const look = GpuArray.allocate([tiles * 256 + Math.ceil(metaWords / 2)], dtypes.uint64, device).fill(0);
  const scratch: GpuArray[] = [look];
  const alloc = (bytes: number) => {
    const a = GpuArray.allocate([n], bytes === 8 ? dtypes.uint64 : dtypes.uint32, device);
    scratch.push(a);
    return a;
  };
  try {
    const kB = alloc(kb);
    const kC = vb ? alloc(kb) : kB;
    const vB = vb ? alloc(vb) : kB;
    const sms = device.backend.device.multiprocessorCount;
    const serial = device.backend.launchHints.serialThreads;
    const histGrid = shape.histBlocksPerSm === 0 ? Math.min(Math.ceil(n / 2048), 512) : Math.min(Math.ceil(n / (256 * shape.histItems)), sms * (serial ? 1 : shape.histBlocksPerSm));
    moduleKernel(src, 'gpa_radix_histograms')(histGrid, 256, [keys, look, n, tiles, passes, kind]);
    moduleKernel(src, 'gpa_radix_plan')(1, 256, [look, n, tiles, passes]);
    // Blocks loop over the tiles: a few per SM (one per core on the cpu) is enough.
    const grid = Math.min(tiles, sms * (serial ? 1 : shape.blocksPerSm));
    const pass = moduleKernel(src, 'gpa_radix_onesweep');
    for (let p = 0; p < passes; p++) pass(grid, shape.threads, [keys, kB, kC, vIn, vB, out, look, n, tiles, 8 * p, p, passes, kind, out.itemsize, iota]);
    moduleKernel(src, 'gpa_radix_finish')(Math.min(gridFor(n), 1024), 256, [keys, vIn, out, look, n, tiles, passes, out.itemsize, iota, 0]);
  } finally {
    for (const a of scratch) a.dispose();
  }
}
