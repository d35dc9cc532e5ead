// numpy.vectorize without a signature: a JS function of scalars made to take arrays, "essentially
// a for loop" as NumPy's documentation says. The inputs broadcast and come to the host; the
// function runs once per element (JS numbers, booleans and {re, im}: integers of every width as
// numbers, int64 beyond 2^53 rounded); the results go back as arrays of the output dtypes (`otypes`,
// or read from the results: see dtypeOfResults).
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { broadcastShapes } from '../core/shape.js';
import { readOptions } from '../util/options.js';
import { asarray } from './creation-data.js';

/** Options of gp.vectorize (numpy.vectorize's keywords). */
export interface VectorizeOptions {
  /** Output dtypes: a string of type codes ('dd') or a list of dtypes; absent: from the first element's results. */
  otypes?: string | readonly DTypeLike[] | null;
  /** Positions of arguments passed to the function as they are (not vectorized). */
  excluded?: readonly number[];
}

type Value = number | boolean | bigint | { re: number; im: number };

/**
 * The dtype of one output's results. NumPy takes the type of the first result (Python tells 1 from
 * 1.0); JS numbers do not, so: bool for booleans, complex128 if any is {re, im}, float64 if any
 * number is fractional or an input is a float or complex array, else int64.
 */
function dtypeOfResults(values: readonly unknown[], floatInput: boolean): DType {
  let d: DType = dtypes.bool;
  for (const v of values) {
    if (typeof v === 'boolean') continue;
    if (typeof v === 'object' && v !== null && 're' in v && 'im' in v) return dtypes.complex128;
    if (typeof v === 'bigint') d = d === dtypes.float64 ? d : dtypes.int64;
    else if (typeof v === 'number') d = floatInput || !Number.isInteger(v) || d === dtypes.float64 ? dtypes.float64 : dtypes.int64;
    else throw new TypeError(`vectorize: the function returned ${typeof v}, not a number, boolean, bigint or {re, im}`);
  }
  return d;
}

/** An array's elements in C order as JS scalars (numbers for every integer width). */
function elementsOf(a: GpuArray): Value[] {
  const t = a.toTypedArray() as ArrayLike<number | bigint>;
  if (a.dtype.isComplex) {
    const out: Value[] = [];
    for (let i = 0; i < t.length; i += 2) out.push({ re: Number(t[i]), im: Number(t[i + 1]) });
    return out;
  }
  if (a.dtype === dtypes.bool) return Array.from(t, (v) => v !== 0);
  return Array.from(t, Number);
}

/**
 * numpy.vectorize(pyfunc, {otypes, excluded}): a function of arrays that calls `pyfunc` on each
 * element of its broadcast arguments and returns an array (a JS array of them when `pyfunc`
 * returns several values, a JS array itself). Without `otypes` the output dtypes come from the
 * results (NumPy's come from the first one's Python type, which JS numbers lack: booleans give
 * bool, any fraction or a float input float64, integers int64), and size-0 inputs are refused as
 * NumPy's. Runs on the host, one call per element.
 * @example gp.vectorize((a, b) => (a > b ? a - b : a + b))(gp.array([1, 2, 3, 4]), 2) // [3, 4, 1, 2]
 */
export function vectorize(pyfunc: (...args: any[]) => unknown, options?: VectorizeOptions): (...args: unknown[]) => GpuArray | GpuArray[] {
  if (typeof pyfunc !== 'function') throw new TypeError('vectorize: pyfunc must be a function');
  const o = readOptions<VectorizeOptions>('vectorize', options, ['otypes', 'excluded']);
  const otypes = o.otypes === undefined || o.otypes === null ? null : (typeof o.otypes === 'string' ? [...o.otypes] : [...o.otypes]).map((t) => toDType(t, 'vectorize: otypes'));
  const excluded = new Set(o.excluded ?? []);
  return (...args: unknown[]) => {
    const made: GpuArray[] = [];
    try {
      const inputs = args.map((x, k) => {
        if (excluded.has(k)) return null;
        const a = x instanceof GpuArray ? x : asarray(x);
        if (a !== x) made.push(a);
        return a;
      });
      const arrays = inputs.filter((a): a is GpuArray => a !== null);
      const shape = broadcastShapes(...arrays.map((a) => a.shape));
      const size = shape.reduce((p, d) => p * d, 1);
      if (size === 0 && otypes === null) throw new RangeError('cannot call `vectorize` on size 0 inputs unless `otypes` is set');
      const columns = inputs.map((a) => {
        if (a === null) return null;
        const b = a.broadcastTo(shape);
        try {
          return elementsOf(b);
        } finally {
          b.dispose();
        }
      });
      const results: unknown[][] = [];
      let nout = otypes?.length ?? -1;
      for (let e = 0; e < size; e++) {
        const r = pyfunc(...args.map((x, k) => (columns[k] === null ? x : columns[k]![e])));
        const outs = Array.isArray(r) ? r : [r];
        if (nout < 0) nout = outs.length;
        if (outs.length !== nout) throw new RangeError(`vectorize: the function returned ${outs.length} values for element ${e}, ${nout} before`);
        outs.forEach((v, j) => (results[j] ??= []).push(v));
      }
      const floatInput = arrays.some((a) => a.dtype.isFloat || a.dtype.isComplex);
      const types = otypes ?? results.map((col) => dtypeOfResults(col, floatInput));
      const count = Math.max(nout, types.length, 1);
      const arraysOut = Array.from({ length: count }, (_, j) => {
        const flat = asarray((results[j] ?? []) as Value[], types[j] ?? dtypes.float64);
        try {
          return flat.reshape(shape);
        } finally {
          flat.dispose();
        }
      });
      return count === 1 && !(otypes !== null && otypes.length > 1) && !(nout > 1) ? arraysOut[0] : arraysOut;
    } finally {
      made.forEach((a) => a.dispose());
    }
  };
}
