// gp.random's kernels: the streaming fills of random_fill.h and one generic per-element sampler
// kernel per (sampler, output dtype, scalar-or-array parameters), generated here and compiled
// once through RawKernel's caches. Every kernel gets the key and the call's first block.
import type { GpuArray } from '../core/gpu-array.js';
import { currentDevice } from '../device/device.js';
import { RawKernel, RawKernelFn } from '../kernel/raw-kernel.js';
import type { RawArg } from '../kernel/raw-args.js';
import type { Philox } from './bit-generator.js';
import { assertSameBuild, checkingKeys } from '../kernel/key-check.js';
import { ZIG_LAYERS, zigSource } from './ziggurat.js';

// Exact IEEE arithmetic on the GPU: no a*b+c contraction (the host compiler has -ffp-contract=off).
const OPTIONS = ['--fmad=false'];
const BLOCK = 256;
const MAX_GRID = 65536;
const MIN_GRID = 128;

const cache = new Map<string, { source: string; k: RawKernelFn }>();

/**
 * Kernel `name`, its source built by `source()` only on the first call: each name stands for one
 * source, so a launch neither rebuilds nor hashes a source of several KB (the normal fills embed
 * the ziggurat's tables). GPUARRAY_CHECK_KEYS rebuilds it on every hit and compares.
 */
function kernel(name: string, source: () => string): RawKernelFn {
  const hit = cache.get(name);
  if (hit !== undefined) {
    if (checkingKeys()) assertSameBuild('random', name, hit.source, source());
    return hit.k;
  }
  const src = source();
  const k = RawKernel(src, name, OPTIONS);
  cache.set(name, { source: src, k });
  return k;
}

const HEAD = (name: string, extra: string, prelude: string) =>
  `#include "gpuarray/random_fill.h"\n${prelude}extern "C" __global__ void ${name}(${extra}long long n, unsigned int k0, unsigned int k1, unsigned int q0, unsigned int q1, unsigned int q2, unsigned int q3`;
const POS = 'const gpa::rng::u32x4 pos = {q0, q1, q2, q3};';

// The streaming fills take Philox's 20 round keys as parameters (ka0 = k0, kb0 = k1): the
// compiler reads them as uniform operands instead of keeping them in 20 registers per thread.
const KEY_PARAMS = [...Array(10).keys()].map((r) => `unsigned int ka${r}`).concat([...Array(10).keys()].map((r) => `unsigned int kb${r}`)).join(', ');
const FILL_HEAD = (name: string, out: string, prelude: string, bounds: string) =>
  `#include "gpuarray/random_fill.h"\n${prelude}extern "C" __global__ void ${bounds}${name}(${out}* out, long long n, ${KEY_PARAMS}, unsigned int q0, unsigned int q1, unsigned int q2, unsigned int q3`;
const FILL_LOCALS =
  `const gpa::rng::Keys10 K = {{${[...Array(10).keys()].map((r) => `ka${r}`).join(', ')}}, {${[...Array(10).keys()].map((r) => `kb${r}`).join(', ')}}};\n  ${POS}`;

/** Blocks handled per thread and loop step by the streaming fills (independent Philox chains in flight). */
export const FILL_UNROLL = 2;

/** Philox's round keys for a key: (k0 + r W0, k1 + r W1) mod 2^32, r = 0..9 (philox.h's Keys10). */
export function roundKeys(key: readonly [number, number]): number[] {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < 10; r++) {
    a.push((key[0] + r * 0x9e3779b9) >>> 0);
    b.push((key[1] + r * 0xbb67ae85) >>> 0);
  }
  return [...a, ...b];
}

/**
 * Grid and block for `threads` work items: at least MIN_GRID blocks (no low-occupancy warning
 * for small calls; the block shrinks instead), at most MAX_GRID blocks with a grid-stride loop.
 */
export function geometry(threads: number): [number, number] {
  // The cpu backend runs a block's threads one after another and spreads blocks over cores:
  // MIN_GRID one-thread blocks, each a contiguous chunk (grid_range), cost the least there.
  if (currentDevice().backend.launchHints.serialThreads) return [MIN_GRID, 1];
  const block = Math.min(BLOCK, Math.max(32, Math.ceil(threads / MIN_GRID / 32) * 32));
  return [Math.max(MIN_GRID, Math.min(MAX_GRID, Math.ceil(threads / block))), block];
}

function launch(k: RawKernelFn, threads: number, args: RawArg[]): void {
  const [g, b] = geometry(threads);
  k(g, b, args);
}

/** Reserve the call's blocks and give the key + position arguments. */
function streamArgs(bg: Philox, n: number, wordsPerElement: number): RawArg[] {
  const blocks = BigInt(Math.ceil((n * wordsPerElement) / 4));
  const pos = bg.reserve(blocks);
  return [n, bg.key[0], bg.key[1], pos[0], pos[1], pos[2], pos[3]];
}

/** The same for a streaming fill: the 20 round keys instead of the key. */
function fillArgs(bg: Philox, n: number, wordsPerElement: number): RawArg[] {
  const blocks = BigInt(Math.ceil((n * wordsPerElement) / 4));
  const pos = bg.reserve(blocks);
  return [n, ...roundKeys(bg.key), pos[0], pos[1], pos[2], pos[3]];
}

const aligned16 = (out: GpuArray) => (out.ptr % 16 === 0 ? 1 : 0);

/**
 * The source of a streaming fill kernel: `call` is random_fill.h's (or random_zig.h's) function
 * with its template arguments; `prelude` goes before the kernel (the ziggurat's tables),
 * `bounds` before its name (a __launch_bounds__).
 */
export function fillSource(name: string, out: string, extra: string, call: string, args: string, prelude = '', bounds = ''): string {
  return `${FILL_HEAD(name, out, prelude, bounds)}${extra}, int vec) {\n  ${FILL_LOCALS}\n  gpa::rng::${call}(out, n, K, pos, ${args}vec);\n}\n`;
}

/** Launch a fill over `blocks` Philox blocks (FILL_UNROLL of them per thread and step). */
function launchFill(k: RawKernelFn, blocks: number, args: RawArg[]): void {
  launch(k, Math.ceil(blocks / FILL_UNROLL), args);
}

/** out (C-contiguous float32/float64) <- uniform [0, 1). */
export function fillRandom(bg: Philox, out: GpuArray): void {
  const n = out.size;
  const f32 = out.dtype.name === 'float32';
  const name = f32 ? 'gpa_random_f32' : 'gpa_random_f64';
  const src = () => fillSource(name, f32 ? 'float' : 'double', '', `fill_random_${f32 ? 'f32' : 'f64'}<${FILL_UNROLL}>`, '');
  const args = [out, ...fillArgs(bg, n, f32 ? 1 : 2), aligned16(out)];
  if (n === 0) return;
  launchFill(kernel(name, src), Math.ceil(n / (f32 ? 4 : 2)), args);
}

/**
 * How gp.random makes standard normals (standardNormal, normal, lognormal, randn): 'ziggurat'
 * (random_zig.h, NumPy's method on 1024 layers: the fast loop, its 0.43% rejected words finished
 * by the same kernel) or 'box-muller' (random_bm.h, gp's method before the ziggurat). The tests pin the
 * ziggurat's values (test/random-ziggurat.test.ts, random-api, random-philox, random-fill).
 */
export const NORMAL_METHOD = 'ziggurat' as 'ziggurat' | 'box-muller';

/**
 * The normal fills' shape by output type (random-probe, H200, 2026-12-01, 256M elements, 1024
 * layers): groups of 4 normals per thread and step (`unroll`), resident blocks of 256 threads per
 * SM they are compiled for (`minBlocks`, __launch_bounds__: 64 or 80 registers; at 8 blocks and
 * 32 registers the slow path spills), and blocks launched per SM (`perSm`; more, shorter blocks
 * even out the warps' uneven shares of rejected words). float32: U 4, 4 blocks, 64/SM 0.398 ms
 * (U 2 at 32/SM: 0.421); float64: U 2, 3 blocks, 64/SM 0.700 ms (U 1: 0.725).
 */
export const NORMAL_SHAPE = {
  float: { unroll: 4, minBlocks: 4, perSm: 64 },
  double: { unroll: 2, minBlocks: 3, perSm: 64 },
} as const;
/** A thread walks at most about this many groups of 4 normals (more blocks beyond). */
export const NORMAL_GROUPS_PER_THREAD = 128;

/** The normal fills' [grid, block] for `groups` groups of 4 normals of type `t`, `u` groups per thread and step. */
export function normalGeometry(groups: number, t: 'float' | 'double', u: number = NORMAL_SHAPE[t].unroll, perSm: number = NORMAL_SHAPE[t].perSm): [number, number] {
  const [g, b] = geometry(Math.ceil(groups / u));
  const dev = currentDevice();
  if (dev.backend.launchHints.serialThreads) return [g, b];
  const want = Math.max(dev.backend.device.multiprocessorCount * perSm, Math.ceil(groups / (b * NORMAL_GROUPS_PER_THREAD)));
  return [Math.min(g, want), b];
}

/**
 * The source of the normal fill `name` of `t` ('float' or 'double'): unroll `u`, compiled for
 * `minBlocks` resident blocks of 256 threads (the probe tries others); it takes (out, n, round
 * keys, pos, vec) and runs on any grid; the ziggurat of `layers` layers (the probe tries others).
 * With method 'box-muller', the Box-Muller fill.
 */
export function normalFillSource(
  name: string,
  t: 'float' | 'double',
  u: number = NORMAL_SHAPE[t].unroll,
  minBlocks: number = NORMAL_SHAPE[t].minBlocks,
  layers: number = ZIG_LAYERS,
): string {
  const sfx = t === 'float' ? 'f32' : 'f64';
  if (NORMAL_METHOD === 'box-muller') {
    return fillSource(name, t, '', `fill_bm_${sfx}<${FILL_UNROLL}>`, '', '#include "gpuarray/random_bm.h"\n');
  }
  const args = `gpa::rng::ZIG${t === 'float' ? '32' : '64'}, gpa::rng::ZIG_FI, `;
  return fillSource(name, t, '', `fill_normal_${sfx}<${u}>`, args, zigSource(sfx, layers), `__launch_bounds__(256, ${minBlocks}) `);
}

/**
 * out (C-contiguous) <- standard normals (NORMAL_METHOD). The ziggurat: float32 from one 32-bit
 * word per element, float64 from one 64-bit word (2 words) per element; rejected words draw more
 * from the element's substream.
 */
export function fillNormal(bg: Philox, out: GpuArray): void {
  const n = out.size;
  const f32 = out.dtype.name === 'float32';
  const t = f32 ? 'float' : 'double';
  const name = `gpa_normal_${t}`;
  const src = () => normalFillSource(name, t);
  const args = [out, ...fillArgs(bg, n, f32 ? 1 : 2), aligned16(out)];
  if (n === 0) return;
  if (NORMAL_METHOD === 'box-muller') {
    launchFill(kernel(name, src), Math.ceil(n / (f32 ? 4 : 2)), args);
    return;
  }
  // A group is 4 elements: one block (float32) or two (float64).
  kernel(name, src)(...normalGeometry(Math.ceil(n / 4), t), args);
}

/** out (C-contiguous, an integer dtype of at most 32 bits or bool) <- low + [0, rng]. */
export function fillIntegers32(bg: Philox, out: GpuArray, low: number, rng: number): void {
  const n = out.size;
  const t = out.dtype.ctype;
  const name = `gpa_integers_${out.dtype.name}`;
  const src = () => fillSource(name, t, ', unsigned int low, unsigned int rng', `fill_integers32<${t}, ${FILL_UNROLL}>`, 'low, rng, ');
  const args = [out, ...fillArgs(bg, n, 1), low >>> 0, rng >>> 0, aligned16(out)];
  if (n === 0) return;
  launchFill(kernel(name, src), Math.ceil(n / 4), args);
}

/** A sampler parameter: a scalar, or a C-contiguous array of the output's shape. */
export type SamplerParam = number | bigint | GpuArray;

export interface SamplerSpec {
  /** Kernel name stem (a C identifier). */
  name: string;
  /** Words of the call per element: 1, 2 or 4 (an element's primary words; more come from its substream). */
  words: 1 | 2 | 4;
  /** C types of the parameters, named A, B, C... in `expr`. */
  params: readonly ('double' | 'long long' | 'unsigned long long')[];
  /** The element's value from Stream `s`, element index `e`, `pos`, `k0`, `k1` and the parameters. */
  expr: string;
  /** Source placed before the kernel (the ziggurat's tables for the normals), made on first use. */
  prelude?: () => string;
}

const LETTERS = 'ABCDEFGH';

/** out[e] = expr for every element e, the parameters broadcast to out's shape beforehand. */
export function runSampler(bg: Philox, spec: SamplerSpec, out: GpuArray, params: readonly SamplerParam[]): void {
  const n = out.size;
  const kinds = params.map((p) => (typeof p === 'object' ? 'a' : 's'));
  const name = `gpa_rng_${spec.name}_${out.dtype.name}_${kinds.join('') || 'x'}`;
  const src = () => {
    const decls = spec.params.map((t, i) => (kinds[i] === 'a' ? `const ${t}* p${i}, ` : `${t} p${i}, `)).join('');
    const locals = spec.params
      .map((t, i) => `    const ${t} ${LETTERS[i]} = ${kinds[i] === 'a' ? `p${i}[e]` : `p${i}`};`)
      .join('\n');
    const stream = `    gpa::rng::Stream s(k0, k1, pos, (uint64_t)e, ${spec.words});\n`;
    return (
      `${HEAD(name, `${out.dtype.ctype}* out, ${decls}`, spec.prelude?.() ?? '')}) {\n  ${POS}\n` +
      `  for (long long e : gpa::grid_range(n)) {\n${locals}\n${stream}    out[e] = (${out.dtype.ctype})(${spec.expr});\n  }\n}\n`
    );
  };
  const args: RawArg[] = [out];
  params.forEach((p, i) => {
    if (typeof p === 'object') args.push(p);
    else if (spec.params[i] === 'double') args.push(Number(p));
    else args.push(typeof p === 'bigint' ? p : BigInt(p));
  });
  args.push(...streamArgs(bg, n, spec.words));
  if (n === 0) return;
  launch(kernel(name, src), n, args);
}

