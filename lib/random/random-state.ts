// numpy.random.RandomState (cupy.random.RandomState): the legacy sampling API as a class, on a
// Philox Generator. NumPy's module-level legacy functions are the methods of one global
// RandomState (legacy.ts); a RandomState of its own gives a program an independent stream with the
// same method names. Its numbers are not NumPy's (MT19937), as CuPy's are not.
import { type DType, dtype as toDType, type DTypeLike, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { empty } from '../ops/creation.js';
import { lengthOf, operatorIndex } from '../core/shape.js';
import { ufuncFunctions, type UfuncOperand } from '../ops/ufunc-api.js';
import { checkPositionalCount, readOptions } from '../util/options.js';
import { Philox, type PhiloxState } from './bit-generator.js';
import { DISTRIBUTIONS } from './distributions.js';
import { integerDType } from './integers.js';
import { bindArgs, checkIntegralArray, type Size, sizeShape } from './params.js';
import { Generator } from './generator.js';
import { hostEntropy, type SeedEntropy, SeedSequence } from './seed-sequence.js';
import { permutation } from './host-sampling.js';
import { IndexError } from '../../bindings/errors.js';
import { realValue } from '../util/operator-index.js';

/** Whether any value of a number, typed scalar, nested JS array or GpuArray parameter satisfies `bad` (other types are left to the Generator). */
function someValue(v: unknown, bad: (x: number) => boolean): boolean {
  if (typeof v === 'number') return bad(v);
  if (v instanceof Scalar) return bad(Number(v.valueOf()));
  if (Array.isArray(v)) return v.some((x) => someValue(x, bad));
  if (v instanceof GpuArray) return Array.from(v.toTypedArray() as unknown as Iterable<number | bigint>, Number).some(bad);
  return false;
}

/** Whether v is a JS list of lists (or of GpuArrays): more than one dimension. */
const nestedList = (v: unknown): boolean => Array.isArray(v) && v.some((x) => Array.isArray(x) || (x instanceof GpuArray && x.ndim > 0));

/** A Philox seeded as RandomState.seed takes it: none (the OS), or integers each in [0, 2**32). */
function seededPhilox(s0: SeedEntropy | GpuArray | Scalar | null | undefined): Philox {
  // NumPy's RandomState takes integers or a bit generator, not a SeedSequence (its object array cast).
  if ((s0 as unknown) instanceof SeedSequence) throw new TypeError("seed: Cannot cast scalar from dtype('O') to dtype('int64') according to the rule 'safe'");
  const s = hostEntropy(s0, true);
  if (Array.isArray(s) && s.length === 0) throw new RangeError('seed: Seed must be non-empty');
  // NumPy takes a list as np.asarray of it: a nested list is not 1-d ([[1, 2]], [[1]]).
  if (Array.isArray(s0) && s0.some((x) => Array.isArray(x) || x instanceof GpuArray)) throw new RangeError('seed: Seed array must be 1-d');
  // A list value past int64 makes NumPy's uint64 array (or one of objects past uint64), which does not cast to int64.
  const past = (v: unknown, lo: bigint, hi: bigint) => typeof v === 'bigint' && (v >= hi || v < lo);
  if (Array.isArray(s0) && s0.some((v) => past(v, -(2n ** 63n), 2n ** 63n))) {
    const d = s0.some((v) => past(v, -(2n ** 63n), 2n ** 64n)) ? 'O' : 'uint64';
    throw new TypeError(`seed: Cannot cast array data from dtype('${d}') to dtype('int64') according to the rule 'safe'`);
  }
  // RandomState.seed's range: each integer in [0, 2**32) (negatives are refused by SeedSequence).
  for (const v of typeof s === 'number' || typeof s === 'bigint' ? [s] : Array.isArray(s) ? s : []) {
    if ((typeof v === 'number' || typeof v === 'bigint') && (typeof v === 'bigint' ? v : BigInt(Number.isInteger(v) ? v : 0)) >= 2n ** 32n) {
      throw new RangeError('seed: Seed must be between 0 and 2**32 - 1');
    }
  }
  return new Philox(s ?? null);
}

type DimsAndOptions = (number | bigint | Scalar | { dtype?: 'float32' | 'float64' })[];

/** (d0, d1, ..., {dtype}?) as CuPy's rand/randn take them (NumPy's have no dtype: float64). */
function dims(d: DimsAndOptions, method: string): { shape: number[]; dtype: 'float32' | 'float64' } {
  let dtype: 'float32' | 'float64' = 'float64';
  const list = [...d];
  const last = list[list.length - 1];
  // An array is not the options object: NumPy's rand((2, 3)) is a TypeError, not a 0-d draw.
  if (last !== null && typeof last === 'object' && !Array.isArray(last) && !(last instanceof Scalar) && !(last instanceof GpuArray)) {
    dtype = resultDType(method, 'float', readOptions<{ dtype: DTypeLike }>(method, list.pop(), ['dtype']).dtype).name as 'float32' | 'float64';
  }
  // A typed integer scalar (gp.int64(2)) or a 0-d integer array is one dimension, as NumPy's operator.index.
  const dims = list.map((x) => lengthOf(operatorIndex(x)));
  for (const x of dims) if (typeof x !== 'number' || !Number.isInteger(x)) throw new TypeError(`${method}: dimensions must be integers, got ${Array.isArray(x) ? 'an array' : String(x)}`);
  return { shape: dims as number[], dtype };
}

/** What a legacy distribution gives: floats (CuPy's dtype float32 or float64) or integers (int32 or int64). */
type ResultKind = 'float' | 'int';
const RESULT_DTYPES: Record<ResultKind, readonly DType[]> = { float: [dtypes.float64, dtypes.float32], int: [dtypes.int64, dtypes.int32] };

/** CuPy's `dtype` argument of a legacy distribution; none (or null, NumPy's None) is the default, float64 or int64. */
function resultDType(method: string, kind: ResultKind, d: unknown): DType {
  const [def, other] = RESULT_DTYPES[kind];
  if (d === undefined || d === null) return def;
  const t = toDType(d as DTypeLike);
  // CuPy's TypeError ('cupy.random only supports float32 and float64').
  if (t !== def && t !== other) throw new TypeError(`${method}: cupy.random only supports ${other.name} and ${def.name}, got ${t.name}`);
  return t;
}

/**
 * A legacy draw with CuPy's `dtype` (after `names` by position, or an option; `keywordOnly` options
 * besides): `draw` gets the other arguments as one options object and makes float64 (int64), which
 * is cast; float32 values are then the float64 draw rounded, as int32 ones the int64 draw.
 */
function drawAs(method: string, kind: ResultKind, names: readonly string[], keywordOnly: readonly string[], args: readonly unknown[], draw: (options: Record<string, unknown>) => GpuArray): GpuArray {
  const { dtype, ...rest } = bindArgs(method, args, names, keywordOnly);
  const d = resultDType(method, kind, dtype); // before the draw: a refused dtype leaves the stream where it was
  const x = draw(rest);
  if (x.dtype === d) return x;
  try {
    return x.astype(d);
  } finally {
    x.dispose();
  }
}

let warnedLegacyState = false;
let warnedRandomIntegers = false;

/**
 * The Generator methods a RandomState offers: the same arguments (positional or options) and
 * streams; the distributions also take CuPy's `dtype` after `size` (see {@link RandomState}).
 */
export type RandomStateSharedName =
  | 'normal'
  | 'shuffle'
  | 'bytes'
  | 'standardNormal'
  | 'standardExponential'
  | 'standardGamma'
  | 'exponential'
  | 'lognormal'
  | 'laplace'
  | 'logistic'
  | 'gumbel'
  | 'weibull'
  | 'pareto'
  | 'rayleigh'
  | 'gamma'
  | 'beta'
  | 'chisquare'
  | 'poisson'
  | 'binomial'
  | 'negativeBinomial'
  | 'geometric'
  | 'multivariateNormal'
  | 'standardCauchy'
  | 'standardT'
  | 'f'
  | 'power'
  | 'triangular'
  | 'vonmises'
  | 'wald'
  | 'noncentralChisquare'
  | 'noncentralF'
  | 'zipf'
  | 'logseries';

// Every shared name once (`satisfies` checks the table against the union both ways): null where the
// Generator's method serves as it is (the standard* ones take Generator's dtype, float32 made
// directly), else the kind of CuPy's dtype argument, taken off before the Generator draws.
const SHARED: Record<RandomStateSharedName, ResultKind | null> = { normal: 'float', shuffle: null, bytes: null, standardNormal: null, standardExponential: null, standardGamma: null, exponential: 'float', lognormal: 'float', laplace: 'float', logistic: 'float', gumbel: 'float', weibull: 'float', pareto: 'float', rayleigh: 'float', gamma: 'float', beta: 'float', chisquare: 'float', poisson: 'int', binomial: 'int', negativeBinomial: 'int', geometric: 'int', multivariateNormal: 'float', standardCauchy: 'float', standardT: 'float', f: 'float', power: 'float', triangular: 'float', vonmises: 'float', wald: 'float', noncentralChisquare: 'float', noncentralF: 'float', zipf: 'int', logseries: 'int' } satisfies Record<RandomStateSharedName, ResultKind | null>;

/** A distribution's positional arguments with CuPy's dtype: its parameters, size, dtype (multivariateNormal: dtype an option only, after its keyword-only method). */
const dtypeArgs = (name: RandomStateSharedName): [string[], string[]] =>
  name === 'multivariateNormal' ? [['mean', 'cov', 'size', 'checkValid', 'tol'], ['method', 'dtype']] : [[...DISTRIBUTIONS[name].params.map((p) => p.name), 'size', 'dtype'], []];

/** The Generator methods a RandomState offers (NumPy's RandomState methods of the same names; the distributions with CuPy's dtype). */
export type RandomStateSharedMethods = Pick<Generator, RandomStateSharedName>;

/** Generator.choice's messages and RandomState.choice's words for the same ValueErrors. */
const LEGACY_CHOICE_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/^choice: a must be a positive integer unless/, 'a must be greater than 0 unless no samples are taken'],
  [/^choice: a cannot be empty unless/, "'a' cannot be empty unless no samples are taken"],
  [/^choice: a must be a sequence or an integer/, 'a must be 1-dimensional or an integer'],
  [/^choice: Cannot take a larger sample than population/, "Cannot take a larger sample than population when 'replace=False'"],
  [/^choice: a and p must have same size$/, "'a' and 'p' must have same size"],
  [/^choice: p must be 1-dimensional$/, "'p' must be 1-dimensional"],
];

/**
 * numpy.random.RandomState / cupy.random.RandomState: the legacy sampling methods (`rand`, `randn`,
 * `randint`, `randomSample`, `seed`, `getState`/`setState` and every distribution) on an
 * independent Philox stream. `new RandomState(seed?)` takes what `seed` takes, or a Philox bit
 * generator. The distributions take Generator's arguments; where RandomState's rules differ from
 * Generator's (`uniform` with high < low, `hypergeometric` with nsample 0, batched `multinomial`
 * pvals, `dirichlet` with a zero alpha) they are RandomState's. As CuPy's, the distributions and
 * `randomSample`/`random` take a `dtype` after `size` (by position or option): 'float64' (default)
 * or 'float32' for the continuous ones, 'int64' (default) or 'int32' for the discrete ones, any
 * other a TypeError. `random`/`randomSample`/`rand`, `randn`, `standardNormal`,
 * `standardExponential` and `standardGamma` draw float32 directly (Generator's float32 streams);
 * the others draw float64 (int64) and cast, so their float32 values are the float64 ones rounded.
 * @example const rs = new gp.random.RandomState(0); const x = rs.normal(0, 1, [2, 3], 'float32');
 */
export class RandomState {
  private gen: Generator;

  /** A RandomState seeded as {@link RandomState.seed}, or drawing from a given Philox bit generator. */
  constructor(seed?: SeedEntropy | GpuArray | Scalar | Philox | null) {
    checkPositionalCount('RandomState', arguments, 0, 1);
    this.gen = new Generator(seed instanceof Philox ? seed : seededPhilox(seed));
  }

  /** The Generator the methods draw from (its bit generator is this RandomState's). */
  get generator(): Generator {
    return this.gen;
  }

  /** Reseeds: an integer or integers each in [0, 2**32), or none for fresh OS entropy (RandomState.seed). */
  seed(s?: SeedEntropy | GpuArray | Scalar | null): void {
    checkPositionalCount('seed', arguments, 0, 1);
    this.gen = new Generator(seededPhilox(s));
  }

  /**
   * The bit generator's state (RandomState.get_state(legacy=False)): a Philox state, which
   * {@link RandomState.setState} takes back. NumPy's legacy tuple exists for MT19937 only: unless
   * `{legacy: false}`, NumPy's RuntimeWarning is emitted (once a process) and the state returned.
   */
  getState(options: { legacy?: boolean } = {}): PhiloxState {
    const o = readOptions<{ legacy: boolean }>('getState', options, ['legacy']);
    if (o.legacy !== false && !warnedLegacyState) {
      warnedLegacyState = true;
      process.emitWarning('get_state and legacy can only be used with the MT19937 bit generator. To silence this warning, set `legacy` to False.', 'RuntimeWarning');
    }
    return this.gen.bitGenerator.state;
  }

  /** Restores a state from {@link RandomState.getState} (RandomState.set_state); anything but a Philox state is a TypeError. */
  setState(state: PhiloxState): void {
    if (Array.isArray(state)) throw new TypeError("setState: a legacy ('MT19937', ...) state tuple cannot be set on a Philox bit generator");
    this.gen.bitGenerator.state = state;
  }

  /** Uniform [0, 1) of shape (d0, d1, ...), float64 unless {dtype: 'float32'} (CuPy's keyword). */
  rand(...d: DimsAndOptions): GpuArray {
    const { shape, dtype } = dims(d, 'rand');
    return this.gen.random(shape, dtype);
  }

  /** Standard normal of shape (d0, d1, ...), float64 unless {dtype: 'float32'} (CuPy's keyword). */
  randn(...d: DimsAndOptions): GpuArray {
    const { shape, dtype } = dims(d, 'randn');
    return this.gen.standardNormal(shape, dtype);
  }

  /** randint(low, high?, size?, dtype='int64'): integers in [low, high), or [0, low) with one bound. */
  randint(...args: unknown[]): GpuArray {
    const a = bindArgs('randint', args, ['low', 'high', 'size', 'dtype']);
    // Checked here too: NumPy's TypeError names randint (Generator.integers' would name integers).
    return this.gen.integers(a.low, a.high, a.size, integerDType(a.dtype as DTypeLike, 'randint').name);
  }

  /**
   * randomIntegers(low, high?, size?): int64 in the closed range [low, high], or [1, low] with one
   * bound (RandomState.random_integers; deprecated in NumPy, whose DeprecationWarning is emitted once).
   */
  randomIntegers(...args: unknown[]): GpuArray {
    const a = bindArgs('randomIntegers', args, ['low', 'high', 'size']);
    // NumPy: low is required (None is refused too, as NumPy's int conversion of it).
    if (a.low === undefined) throw new TypeError('random_integers() takes at least 1 positional argument (0 given)');
    if (a.low === null) throw new TypeError('randomIntegers: low must be an integer, not null');
    if (!warnedRandomIntegers) {
      warnedRandomIntegers = true;
      process.emitWarning('This function is deprecated. Please call randint(low, high + 1) instead', 'DeprecationWarning');
    }
    // NumPy's random_integers converts each bound to one Python int: an array of one or more dimensions is a TypeError.
    for (const b of [a.low, a.high]) {
      if (Array.isArray(b) || ArrayBuffer.isView(b) || (b instanceof GpuArray && b.ndim > 0)) throw new TypeError('randomIntegers: only 0-dimensional arrays can be converted to Python scalars');
    }
    const [low, high] = a.high === undefined || a.high === null ? [1, a.low] : [a.low, a.high];
    return this.gen.integers(low, high, a.size, 'int64', true);
  }

  /** Floats in [0, 1): randomSample(size?, dtype = 'float64'), dtype float32 (Generator's float32 stream) or float64, as CuPy's random_sample. */
  randomSample(...args: unknown[]): GpuArray {
    const a = bindArgs('randomSample', args, ['size', 'dtype']);
    return this.gen.random(a.size, resultDType('randomSample', 'float', a.dtype).name);
  }

  /** Floats in [0, 1): random(size?, dtype = 'float64'), as {@link RandomState.randomSample}. */
  random(...args: unknown[]): GpuArray {
    return this.randomSample(...args);
  }

  /** tomaxint(size?): int64 in [0, 2**63 - 1] (RandomState.tomaxint: C long's range). */
  tomaxint(...args: unknown[]): GpuArray {
    const a = bindArgs('tomaxint', args, ['size']);
    return this.gen.integers(0, 2n ** 63n - 1n, a.size, 'int64', true);
  }

  /** Uniform samples in [low, high): uniform(low = 0, high = 1, size?, dtype = 'float64'); high < low gives samples in (high, low], as RandomState. */
  uniform(...args: unknown[]): GpuArray {
    return drawAs('uniform', 'float', ['low', 'high', 'size', 'dtype'], [], args, (o) => this.uniform64(o));
  }

  /** uniform's float64 draw, with RandomState's rules on the bounds. */
  private uniform64(...args: unknown[]): GpuArray {
    const a = bindArgs('uniform', args, ['low', 'high', 'size']);
    // A bigint (a typed integer scalar past int64 too, gp.uint64(2n ** 63n)) is the float it stands for.
    const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
    const low = a.low === undefined ? 0 : num(a.low);
    const high = a.high === undefined ? 1 : num(a.high);
    if (low === null || high === null) return this.gen.uniform(...args); // None: its TypeError
    // Generator.uniform refuses high < low, as NumPy's; RandomState's low + (high - low) u is the
    // reflection low + high - x of a draw x in [high, low).
    // Generator.uniform also refuses a range of -0 (high -0, low +0), which RandomState draws as
    // low: high + 0 is +0 there and unchanged elsewhere.
    if (typeof low === 'number' && typeof high === 'number') {
      if (!(high < low)) return Object.is(high - low, -0) ? this.gen.uniform(low, high + 0, a.size ?? null) : this.gen.uniform(...args);
      const x = this.gen.uniform(high, low, a.size ?? null);
      try {
        return ufuncFunctions.subtract(low + high, x) as GpuArray;
      } finally {
        x.dispose();
      }
    }
    // Array bounds: the same reflection where high < low, element by element.
    const U = ufuncFunctions;
    const [l, h] = [low as UfuncOperand, high as UfuncOperand];
    const flip = U.less(h, l) as GpuArray;
    const temps: GpuArray[] = [flip];
    try {
      if (!Array.from(flip.toTypedArray() as ArrayLike<number>).some((v) => v !== 0)) {
        const h0 = U.add(h, 0) as GpuArray;
        temps.push(h0);
        return this.gen.uniform(l, h0, a.size ?? null);
      }
      const lo = U.minimum(l, h) as GpuArray;
      const hi = U.maximum(l, h) as GpuArray;
      const sum = U.add(l, h) as GpuArray;
      temps.push(lo, hi, sum);
      const x = this.gen.uniform(lo, hi, a.size ?? null);
      U.subtract(sum, x, { out: x, where: flip });
      return x;
    } finally {
      for (const t of temps) t.dispose();
    }
  }

  /** Hypergeometric samples: hypergeometric(ngood, nbad, nsample, size?, dtype = 'int64'); nsample >= 1, as RandomState. */
  hypergeometric(...args: unknown[]): GpuArray {
    return drawAs('hypergeometric', 'int', ['ngood', 'nbad', 'nsample', 'size', 'dtype'], [], args, (a) => {
      // An array must cast to int64 safely first (NumPy's TypeError); a value counts as the integer it truncates to.
      checkIntegralArray(a.nsample, 'hypergeometric');
      if (someValue(a.nsample, (x) => !(Math.trunc(x) >= 1))) throw new RangeError('hypergeometric: nsample < 1 or nsample is NaN');
      return this.gen.hypergeometric(a);
    });
  }

  /**
   * A shuffled copy of `x` along its first axis, or of arange(x) for an integer (RandomState.permutation;
   * `axis` as Generator's): an x that is neither is NumPy mtrand's IndexError.
   */
  permutation(...args: unknown[]): GpuArray {
    const a = bindArgs('permutation', args, ['x', 'axis']);
    return permutation(this.gen.bitGenerator, a.x, (a.axis ?? 0) as number, IndexError);
  }

  /**
   * Random samples from a 1-D array or arange(a) (RandomState.choice): choice(a, size?, replace = true,
   * p?); no `axis` or `shuffle` (Generator's), and a population of more dimensions is refused.
   */
  choice(...args: unknown[]): GpuArray {
    const a = bindArgs('choice', args, ['a', 'size', 'replace', 'p']);
    const pop = a.a;
    if ((pop instanceof GpuArray && pop.ndim > 1) || nestedList(pop)) throw new RangeError('choice: a must be 1-dimensional');
    try {
      return this.gen.choice(pop, a.size, a.replace, a.p);
    } catch (e) {
      // RandomState.choice words its ValueErrors apart from Generator.choice's (NumPy 2.4's mtrand).
      if (e instanceof RangeError) {
        const m = LEGACY_CHOICE_MESSAGES.find(([from]) => from.test(e.message));
        if (m !== undefined) throw new RangeError(`choice: ${m[1]}`);
      }
      throw e;
    }
  }

  /** Multinomial samples: multinomial(n, pvals, size?); int64; 1-D pvals only, as RandomState. */
  multinomial(...args: unknown[]): GpuArray {
    const { n: n0, pvals, size } = bindArgs('multinomial', args, ['n', 'pvals', 'size']);
    // n is one C long: a typed scalar or 0-d array (of any real dtype) is the number it holds.
    const n = realValue(n0);
    // RandomState takes one n (NumPy converts it to a C long).
    if (Array.isArray(n) || ArrayBuffer.isView(n) || (n instanceof GpuArray && n.ndim > 0)) throw new TypeError('multinomial: n must be an integer, not an array (RandomState takes one n)');
    // n is a C long before pvals is read: NaN, infinities and values past int64 are refused first.
    checkIntegralArray(n, 'multinomial');
    if (someValue(n, (x) => !Number.isFinite(x))) throw new RangeError('multinomial: cannot convert float NaN or infinity to integer');
    if (nestedList(pvals) || (pvals instanceof GpuArray && pvals.ndim > 1)) throw new RangeError('multinomial: pvals must be a 1-d sequence (RandomState)');
    // A number (or 0-d array) has no len(): mtrand's TypeError.
    if (typeof pvals === 'number' || pvals instanceof Scalar || (pvals instanceof GpuArray && pvals.ndim === 0)) throw new TypeError('multinomial: pvals must be a 1-d sequence');
    const k = Array.isArray(pvals) ? pvals.length : pvals instanceof GpuArray ? pvals.size : ArrayBuffer.isView(pvals) ? (pvals as unknown as ArrayLike<number>).length : -1;
    if (k === 0) {
      // No categories: RandomState returns the empty counts (Generator refuses them).
      if (someValue(n, (x) => Math.trunc(x) < 0)) throw new RangeError('n < 0');
      return empty([...(sizeShape(size as Size, 'multinomial') ?? []), 0], dtypes.int64);
    }
    return this.gen.multinomial(n, pvals, size ?? null);
  }

  /** Dirichlet samples: dirichlet(alpha, size?, dtype = 'float64'); every alpha > 0, as RandomState. */
  dirichlet(...args: unknown[]): GpuArray {
    return drawAs('dirichlet', 'float', ['alpha', 'size', 'dtype'], [], args, (a) => {
      // A scalar alpha has no len(): Generator's TypeError comes first, as NumPy's.
      const scalar = typeof a.alpha === 'number' || a.alpha instanceof Scalar || (a.alpha instanceof GpuArray && a.alpha.ndim === 0);
      if (!scalar && someValue(a.alpha, (x) => x <= 0)) throw new RangeError('dirichlet: alpha <= 0');
      return this.gen.dirichlet(a);
    });
  }
}

// The shared methods, declared once as data: each forwards to the current Generator (seed() replaces it).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface RandomState extends RandomStateSharedMethods {}
for (const name of Object.keys(SHARED) as RandomStateSharedName[]) {
  const kind = SHARED[name];
  const [names, keywordOnly] = kind === null ? [[], []] : dtypeArgs(name);
  Object.defineProperty(RandomState.prototype, name, {
    value: function (this: RandomState, ...args: unknown[]) {
      const g = this.generator;
      const method = g[name] as (...a: unknown[]) => GpuArray;
      if (kind === null) return method.apply(g, args);
      return drawAs(name, kind, names, keywordOnly, args, (o) => {
        // RandomState reads a scalar parameter as a Python float: None is a TypeError, also where Generator takes it as NaN (negativeBinomial).
        for (const { name: pn } of DISTRIBUTIONS[name]?.params ?? []) if (o[pn] === null) throw new TypeError(`${name}: ${pn} must be real number, not null`);
        return method.call(g, o);
      });
    },
    writable: true,
    configurable: true,
  });
}
