// The legacy numpy.random functions people still type, on one global Generator (NumPy's use a
// global RandomState/MT19937; these use the same Philox Generator as defaultRng, reseeded by seed()).
import { GpuArray } from '../core/gpu-array.js';
import { Philox } from './bit-generator.js';
import { Generator } from './generator.js';
import type { SeedEntropy } from './seed-sequence.js';

let global: Generator | null = null;
const rng = (): Generator => (global ??= new Generator(new Philox()));

/** Reseed the global generator (none: from the OS). */
export function seed(s?: SeedEntropy | null): void {
  global = new Generator(new Philox(s ?? null));
}

/** The global generator (NumPy's legacy functions draw from it). */
export function getGlobalGenerator(): Generator {
  return rng();
}

type DimsAndOptions = (number | { dtype?: 'float32' | 'float64' })[];

/** (d0, d1, ..., {dtype}?) as CuPy's rand/randn take them (NumPy's have no dtype: float64). */
function dims(d: DimsAndOptions, method: string): { shape: number[]; dtype: 'float32' | 'float64' } {
  let dtype: 'float32' | 'float64' = 'float64';
  const list = [...d];
  const last = list[list.length - 1];
  if (last !== null && typeof last === 'object') {
    dtype = (list.pop() as { dtype?: 'float32' | 'float64' }).dtype ?? 'float64';
  }
  for (const x of list) if (typeof x !== 'number' || !Number.isInteger(x)) throw new TypeError(`${method}: dimensions must be integers`);
  return { shape: list as number[], dtype };
}

/** Uniform [0, 1) of shape (d0, d1, ...), float64 unless {dtype: 'float32'}. */
export function rand(...d: DimsAndOptions): GpuArray {
  const { shape, dtype } = dims(d, 'rand');
  return rng().random(shape, dtype);
}

/** Standard normal of shape (d0, d1, ...), float64 unless {dtype: 'float32'}. */
export function randn(...d: DimsAndOptions): GpuArray {
  const { shape, dtype } = dims(d, 'randn');
  return rng().standardNormal(shape, dtype);
}

/** randint(low, high?, size?, dtype='int64'): integers in [low, high) (or [0, low)). */
export function randint(...args: unknown[]): GpuArray {
  return rng().integers(...args);
}

/** Floats in [0, 1) of shape `size` from the global generator (numpy.random.random); float64. @example gp.random.random([2, 2]) */
export function random(size?: number | readonly number[] | null): GpuArray {
  return rng().random(size);
}
/** numpy.random.random_sample: the same as {@link random}. */
export const randomSample = random;
/** numpy.random.sample: the same as {@link random}. */
export const sample = random;
/** numpy.random.ranf: the same as {@link random}. */
export const ranf = random;

/** Uniform samples in [low, high) from the global generator (numpy.random.uniform): uniform(low = 0, high = 1, size?), as Generator.uniform. */
export function uniform(...args: unknown[]): GpuArray {
  return rng().uniform(...args);
}
/** Normal samples from the global generator (numpy.random.normal): normal(loc = 0, scale = 1, size?), as Generator.normal. */
export function normal(...args: unknown[]): GpuArray {
  return rng().normal(...args);
}
/** Random samples from an array or arange(n) with the global generator (numpy.random.choice): choice(a, size?, replace = true, p?), as Generator.choice. */
export function choice(...args: unknown[]): GpuArray {
  return rng().choice(...args);
}
/** Shuffles a GpuArray in place (along axis 0 unless given) with the global generator (numpy.random.shuffle), as Generator.shuffle. */
export function shuffle(...args: unknown[]): void {
  rng().shuffle(...args);
}
/** A shuffled copy of an array, or a permutation of arange(n) for an integer n, from the global generator (numpy.random.permutation), as Generator.permutation. */
export function permutation(...args: unknown[]): GpuArray {
  return rng().permutation(...args);
}
