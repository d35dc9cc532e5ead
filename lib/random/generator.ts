// gp.random.Generator: NumPy's Generator methods on the Philox bit generator. Values are made
// on the device by the kernels of kernels.ts (identical bits on every backend); choice,
// permutation, shuffle, permuted and bytes work on the host (host-sampling.ts).
import { DType, dtype as toDType, DTypeLike, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { empty } from '../ops/creation.js';
import { Philox, SeedLike } from './bit-generator.js';
import { DISTRIBUTIONS } from './distributions.js';
import { choice, permutation, permuted, randomBytes, shuffle } from './host-sampling.js';
import { integers } from './integers.js';
import { fillNormal, fillRandom, runSampler, SamplerSpec } from './kernels.js';
import { multinomial, multivariateNormal } from './multivariate.js';
import { bindArgs, checkParam, disposeAll, kernelParam, outShape, Param, Size, sizeShape, toParam } from './params.js';

function floatDType(dt: unknown, method: string): DType {
  const d = toDType((dt ?? 'float64') as DTypeLike);
  if (d !== dtypes.float32 && d !== dtypes.float64) throw new TypeError(`${method}: Unsupported dtype ${d.name} for ${method}`);
  return d;
}

/** The array to fill: `out` (C-contiguous, of the dtype and size) or a new one. */
function target(method: string, size: Size, d: DType, out: unknown): GpuArray {
  if (out === null || out === undefined) return empty(sizeShape(size, method) ?? [], d);
  if (!(out instanceof GpuArray)) throw new TypeError(`${method}: out must be a GpuArray`);
  if (out.dtype !== d) throw new TypeError(`${method}: Supplied output array has the wrong type. Expected ${d.name}, got ${out.dtype.name}`);
  if (!out.flags.cContiguous) throw new RangeError(`${method}: Supplied output array is not contiguous, writable or aligned.`);
  const sz = sizeShape(size, method);
  if (sz !== null && (sz.length !== out.ndim || sz.some((x, i) => x !== out.shape[i]))) {
    throw new RangeError(`${method}: size must match out.shape when used together`);
  }
  return out;
}

export class Generator {
  readonly bitGenerator: Philox;

  constructor(bitGenerator: Philox) {
    if (!(bitGenerator instanceof Philox)) throw new TypeError('Generator: expected a Philox bit generator');
    this.bitGenerator = bitGenerator;
  }

  /** Independent child generators (NumPy's Generator.spawn). */
  spawn(nChildren: number): Generator[] {
    return this.bitGenerator.spawn(nChildren).map((b) => new Generator(b));
  }

  /** Floats in [0, 1): random(size?, dtype?, out?). */
  random(...args: unknown[]): GpuArray {
    const a = bindArgs('random', args, ['size', 'dtype', 'out']);
    const d = floatDType(a.dtype, 'random');
    const o = target('random', a.size as Size, d, a.out);
    fillRandom(this.bitGenerator, o);
    return o;
  }

  standardNormal(...args: unknown[]): GpuArray {
    const a = bindArgs('standardNormal', args, ['size', 'dtype', 'out']);
    const d = floatDType(a.dtype, 'standardNormal');
    const o = target('standardNormal', a.size as Size, d, a.out);
    fillNormal(this.bitGenerator, o);
    return o;
  }

  standardExponential(...args: unknown[]): GpuArray {
    const a = bindArgs('standardExponential', args, ['size', 'dtype', 'method', 'out']);
    const d = floatDType(a.dtype, 'standardExponential');
    if (a.method !== undefined && a.method !== 'zig' && a.method !== 'inv') throw new RangeError("standardExponential: method must be 'zig' or 'inv'");
    const o = target('standardExponential', a.size as Size, d, a.out);
    runSampler(this.bitGenerator, { name: 'std_exponential', words: 2, params: [], expr: 'gpa::rng::standard_exponential(s)' }, o, []);
    return o;
  }

  standardGamma(...args: unknown[]): GpuArray {
    const a = bindArgs('standardGamma', args, ['shape', 'size', 'dtype', 'out']);
    const d = floatDType(a.dtype, 'standardGamma');
    if (a.shape === undefined) throw new TypeError("standardGamma() missing required argument 'shape'");
    const p = toParam(a.shape, 'shape', 'standardGamma');
    const temps: unknown[] = p.array !== null && p.array !== a.shape ? [p.array] : [];
    try {
      checkParam(p, (x) => x >= 0, 'shape < 0');
      const shape = outShape([p], sizeShape(a.size as Size, 'standardGamma'));
      const o = a.out !== undefined && a.out !== null ? target('standardGamma', shape, d, a.out) : empty(shape, d);
      const kp = kernelParam(p, shape);
      temps.push(kp);
      runSampler(this.bitGenerator, { name: 'std_gamma', words: 4, params: ['double'], expr: 'gpa::rng::standard_gamma(s, A)' }, o, [kp]);
      return o;
    } finally {
      disposeAll(temps);
    }
  }

  integers(...args: unknown[]): GpuArray {
    const a = bindArgs('integers', args, ['low', 'high', 'size', 'dtype', 'endpoint']);
    if (a.low === undefined) throw new TypeError("integers() missing required argument 'low'");
    return integers(this.bitGenerator, a.low as number, a.high as number | undefined, a.size as Size, (a.dtype ?? 'int64') as DTypeLike, a.endpoint === true);
  }

  /** A distribution of DISTRIBUTIONS: its parameters (positional or options), then size. */
  private sample(method: string, args: readonly unknown[]): GpuArray {
    const def = DISTRIBUTIONS[method];
    const names = [...def.params.map((p) => p.name), 'size'];
    const a = bindArgs(method, args, names);
    const params: Param[] = [];
    const temps: unknown[] = [];
    try {
      def.params.forEach((pd) => {
        const v = a[pd.name] ?? pd.def;
        if (v === undefined) throw new TypeError(`${method}() missing required argument '${pd.name}'`);
        const p = toParam(v, pd.name, method);
        if (p.array !== null && p.array !== v) temps.push(p.array);
        if (pd.ok) checkParam(p, (x) => !Number.isNaN(x) && pd.ok!(x), pd.message!);
        params.push(p);
      });
      const shape = outShape(params, sizeShape(a.size as Size, method));
      const kps = params.map((p, i) => kernelParam(p, shape, def.params[i].integer ? dtypes.int64 : dtypes.float64));
      temps.push(...kps);
      if (def.joint) {
        const hostOf = (k: number | GpuArray) => (typeof k === 'number' ? null : Array.from(k.toTypedArray() as ArrayLike<number | bigint>, Number));
        const hosts = kps.map(hostOf);
        const n = shape.reduce((x, y) => x * y, 1);
        for (let i = 0; i < (hosts.some((h) => h) ? n : 1); i++) {
          const msg = def.joint(kps.map((k, j) => (hosts[j] ? hosts[j]![i] : (k as number))));
          if (msg) throw new RangeError(msg);
        }
      }
      const o = empty(shape, def.out === 'int64' ? dtypes.int64 : dtypes.float64);
      try {
        runSampler(this.bitGenerator, def.spec as SamplerSpec, o, kps);
      } catch (e) {
        o.dispose();
        throw e;
      }
      return o;
    } finally {
      disposeAll(temps);
    }
  }

  uniform(...args: unknown[]): GpuArray { return this.sample('uniform', args); }
  normal(...args: unknown[]): GpuArray { return this.sample('normal', args); }
  lognormal(...args: unknown[]): GpuArray { return this.sample('lognormal', args); }
  exponential(...args: unknown[]): GpuArray { return this.sample('exponential', args); }
  laplace(...args: unknown[]): GpuArray { return this.sample('laplace', args); }
  logistic(...args: unknown[]): GpuArray { return this.sample('logistic', args); }
  gumbel(...args: unknown[]): GpuArray { return this.sample('gumbel', args); }
  weibull(...args: unknown[]): GpuArray { return this.sample('weibull', args); }
  pareto(...args: unknown[]): GpuArray { return this.sample('pareto', args); }
  rayleigh(...args: unknown[]): GpuArray { return this.sample('rayleigh', args); }
  gamma(...args: unknown[]): GpuArray { return this.sample('gamma', args); }
  beta(...args: unknown[]): GpuArray { return this.sample('beta', args); }
  chisquare(...args: unknown[]): GpuArray { return this.sample('chisquare', args); }
  poisson(...args: unknown[]): GpuArray { return this.sample('poisson', args); }
  binomial(...args: unknown[]): GpuArray { return this.sample('binomial', args); }
  negativeBinomial(...args: unknown[]): GpuArray { return this.sample('negativeBinomial', args); }
  geometric(...args: unknown[]): GpuArray { return this.sample('geometric', args); }
  hypergeometric(...args: unknown[]): GpuArray { return this.sample('hypergeometric', args); }

  multinomial(...args: unknown[]): GpuArray {
    const a = bindArgs('multinomial', args, ['n', 'pvals', 'size']);
    return multinomial(this.bitGenerator, a.n, a.pvals, a.size as Size);
  }

  multivariateNormal(...args: unknown[]): GpuArray {
    const a = bindArgs('multivariateNormal', args, ['mean', 'cov', 'size', 'checkValid', 'tol', 'method']);
    return multivariateNormal(this, a.mean, a.cov, a.size as Size, a);
  }

  choice(...args: unknown[]): GpuArray {
    const a = bindArgs('choice', args, ['a', 'size', 'replace', 'p', 'axis', 'shuffle']);
    return choice(this.bitGenerator, a.a, a.size as Size, a.replace !== false, a.p, (a.axis ?? 0) as number, a.shuffle !== false);
  }

  permutation(...args: unknown[]): GpuArray {
    const a = bindArgs('permutation', args, ['x', 'axis']);
    return permutation(this.bitGenerator, a.x, (a.axis ?? 0) as number);
  }

  shuffle(...args: unknown[]): void {
    const a = bindArgs('shuffle', args, ['x', 'axis']);
    shuffle(this.bitGenerator, a.x, (a.axis ?? 0) as number);
  }

  permuted(...args: unknown[]): GpuArray {
    const a = bindArgs('permuted', args, ['x', 'axis', 'out']);
    return permuted(this.bitGenerator, a.x, a.axis as number | null | undefined, a.out);
  }

  /** `length` random bytes (NumPy returns bytes; here a Uint8Array). */
  bytes(length: number): Uint8Array {
    return randomBytes(this.bitGenerator, length);
  }
}

/** NumPy's default_rng: a Generator on Philox seeded from `seed` (or wraps a bit generator/Generator). */
export function defaultRng(seed?: SeedLike | Philox | Generator): Generator {
  if (seed instanceof Generator) return seed;
  if (seed instanceof Philox) return new Generator(seed);
  return new Generator(new Philox(seed as SeedLike));
}
