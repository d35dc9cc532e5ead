// NumPy 2.1's array-API scans cumulative_sum and cumulative_prod: cumsum/cumprod with a required
// axis for N-D input (never flattened) and include_initial (the identity first along the axis).
import { DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { readOptions } from '../util/options.js';
import { Scalar } from '../core/scalar.js';
import { ArrayLike, axisOf, copyInto, sliceAxis, withArray, isHostArrayLike, isJsScalar } from './array-args.js';
import { cumprod, cumsum } from './prefix-scan.js';

/** Options of cumulativeSum and cumulativeProd (NumPy's keyword-only axis, dtype, out, include_initial). */
export interface CumulativeOptions {
  /** The axis to scan; required for more than one dimension (a 0-d or 1-D array: 0). */
  axis?: number | null;
  /** Accumulator and result dtype (as cumsum's). */
  dtype?: DTypeLike;
  /** Where to write the result (its exact shape). */
  out?: GpuArray;
  /** Put the identity (0 for the sum, 1 for the product) first along the axis: one more element. */
  includeInitial?: boolean;
}

function cumulative(name: string, scan: typeof cumsum, identity: number) {
  const fn = (x: ArrayLike, options?: CumulativeOptions): GpuArray => {
    // Host data as NumPy's array_like (`gp.cumsum([1, 2, 3])`, a scalar as a 0-d array): uploaded, scanned, freed.
    if (isHostArrayLike(x) || isJsScalar(x) || x instanceof Scalar) return withArray(x, `${name}: a`, (h) => fn(h, options));
    if (!(x instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
    const o = readOptions<CumulativeOptions>(name, options, ['axis', 'dtype', 'out', 'includeInitial']);
    const a = x.ndim === 0 ? x.reshape([1]) : x;
    try {
      if ((o.axis === undefined || o.axis === null) && a.ndim >= 2) throw new RangeError(`${name}: For arrays which have more than one dimension \`\`axis\`\` argument is required.`);
      const ax = axisOf(o.axis ?? 0, a.ndim);
      if (!o.includeInitial) return scan(a, ax, { ...(o.dtype !== undefined ? { dtype: o.dtype } : {}), ...(o.out !== undefined ? { out: o.out } : {}) });
      const res = scan(a, ax, o.dtype !== undefined ? { dtype: o.dtype } : {});
      try {
        const shape = a.shape.map((d, i) => (i === ax ? d + 1 : d));
        const full = GpuArray.allocate(shape, res.dtype, a.device);
        try {
          const first = sliceAxis(full, ax, 0, 1);
          first.fill(identity);
          first.dispose();
          const rest = sliceAxis(full, ax, 1, shape[ax]);
          copyInto(rest, res);
          rest.dispose();
          if (o.out === undefined) return full;
          if (o.out.shape.length !== shape.length || o.out.shape.some((d, i) => d !== shape[i])) throw new RangeError(`${name}: out has shape [${o.out.shape}], expected [${shape}]`);
          copyInto(o.out, full);
          full.dispose();
          return o.out;
        } catch (e) {
          full.dispose();
          throw e;
        }
      } finally {
        res.dispose();
      }
    } finally {
      if (a !== x) a.dispose();
    }
  };
  return fn;
}

/** numpy.cumulative_sum (NumPy 2.1): cumsum along `axis` (required for N-D), `includeInitial` puts a 0 first. */
export const cumulativeSum = cumulative('cumulativeSum', cumsum, 0);
/** numpy.cumulative_prod (NumPy 2.1): cumprod along `axis` (required for N-D), `includeInitial` puts a 1 first. */
export const cumulativeProd = cumulative('cumulativeProd', cumprod, 1);
