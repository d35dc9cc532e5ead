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

export function random(size?: number | readonly number[] | null): GpuArray {
  return rng().random(size);
}
export const randomSample = random;
export const sample = random;
export const ranf = random;

export function uniform(...args: unknown[]): GpuArray {
  return rng().uniform(...args);
}
export function normal(...args: unknown[]): GpuArray {
  return rng().normal(...args);
}
export function choice(...args: unknown[]): GpuArray {
  return rng().choice(...args);
}
export function shuffle(...args: unknown[]): void {
  rng().shuffle(...args);
}
export function permutation(...args: unknown[]): GpuArray {
  return rng().permutation(...args);
}
