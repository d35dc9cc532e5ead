// convolve and correlate (modes full/same/valid) as a direct O(n*m) kernel, and cov/corrcoef
// from centred rows (one output element per thread).
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import { integerValue } from '../core/shape.js';
import { checkPositionalCount, describeValue, readOptions, shown } from '../util/options.js';
import { ArrayLike as ArrayArg, copyInto, isOptions, bindArgs, withArray } from './array-args.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { reductionFunctions as R } from './reductions.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/**
 * Output size of convolve and correlate, as numpy.convolve's mode: 'full', 'same' (the longer
 * input's length) or 'valid'; NumPy's integer codes 0 (valid), 1 (same) and 2 (full) too.
 */
export type ConvolveMode = 'full' | 'same' | 'valid' | 0 | 1 | 2;

const INTEGER_MODES = ['valid', 'same', 'full'] as const;

function corrSource(d: DType): string {
  return `${d.isComplex ? '#include "gpuarray/complex.h"\n' : ''}typedef ${d.ctype} T;
// out[i] = sum_j a[i - off + j] * v[vrev ? m - 1 - j : j] over the overlap; written reversed when orev.
extern "C" __global__ void gpa_correlate(const void* ap, const void* vp, void* outp, long long n, long long m, long long len, long long off, int vrev, int orev) {
  const T* a = (const T*)ap;
  const T* v = (const T*)vp;
  for (long long i : gpa::grid_range(len)) {
    T acc = (T)0;
    const long long s = i - off;
    const long long j0 = s < 0 ? -s : 0;
    const long long j1 = n - s < m ? n - s : m;
    for (long long j = j0; j < j1; ++j) acc += a[s + j] * v[vrev ? m - 1 - j : j];
    ((T*)outp)[orev ? len - 1 - i : i] = acc;
  }
}
`;
}

/** 1-D operands in their common compute dtype (float16 via float32), contiguous; correlate's v conjugated. */
function operands(name: string, a: GpuArray, v: GpuArray): { x: GpuArray; y: GpuArray; out: DType; compute: DType } {
  if (!(a instanceof GpuArray) || !(v instanceof GpuArray)) throw new TypeError(`${name}: a and v must be GpuArrays`);
  if (name === 'correlate' && (a.ndim === 0 || v.ndim === 0)) throw new RangeError('correlate: object of too small depth for desired array');
  if (a.ndim > 1 || v.ndim > 1) throw new RangeError(`${name}: object too deep for desired array (a and v must be 1-D)`);
  if (a.size === 0) throw new RangeError(`${name}: a cannot be empty`);
  if (v.size === 0) throw new RangeError(`${name}: v cannot be empty`);
  const out = promoteTypes(a.dtype, v.dtype);
  const compute = out === dtypes.bool ? dtypes.int64 : out.compute; // bool: a count of true products, then != 0
  // A 0-d operand is a 1-D one of one element (NumPy's ndmin=1); astype copies into a contiguous array.
  const flat = (t: GpuArray) => (t.ndim === 0 ? t.reshape([1]).astype(compute) : t.astype(compute));
  // numpy.correlate conjugates v (before the operands may swap); convolve does not.
  const y = flat(v);
  if (name === 'correlate' && compute.isComplex) {
    const c = U.conjugate(y) as GpuArray;
    y.dispose();
    return { x: flat(a), y: c, out, compute };
  }
  return { x: flat(a), y, out, compute };
}

function correlateCore(name: string, a: GpuArray, v: GpuArray, mode: 'full' | 'same' | 'valid', vrev: boolean): GpuArray {
  const { x, y, out, compute } = operands(name, a, v);
  try {
    // The longer operand slides under the shorter; correlate reverses its output when they swap (NumPy).
    const swap = x.size < y.size;
    const [p, q] = swap ? [y, x] : [x, y];
    const n = p.size;
    const m = q.size;
    const len = mode === 'full' ? n + m - 1 : mode === 'same' ? n : n - m + 1;
    const off = mode === 'full' ? m - 1 : mode === 'same' ? Math.floor(m / 2) : 0;
    const res = GpuArray.allocate([len], compute, a.device);
    moduleKernel(corrSource(compute), 'gpa_correlate')(gridFor(len), 256, [p, q, res, n, m, len, off, vrev ? 1 : 0, swap && !vrev ? 1 : 0]);
    if (compute === out) return res;
    const r = out === dtypes.bool ? (U.notEqual(res, 0) as GpuArray) : res.astype(out);
    res.dispose();
    return r;
  } finally {
    x.dispose();
    y.dispose();
  }
}

/** The mode, given by position or as NumPy's keyword ({mode}). */
/**
 * The mode, given by position or as NumPy's keyword ({mode}), checked as NumPy's: a name, or an
 * integer 0, 1 or 2 (valid, same, full); another integer a RangeError, any other value a TypeError.
 */
function modeOf(name: string, m: ConvolveMode | { mode?: ConvolveMode }, dflt: 'full' | 'valid'): 'full' | 'same' | 'valid' {
  // NumPy's integer modes take an integer typed scalar or 0-d integer array too.
  const mode: unknown = integerValue(isOptions(m) ? readOptions<{ mode: ConvolveMode }>(name, m, ['mode']).mode ?? dflt : m);
  if (mode === 'full' || mode === 'same' || mode === 'valid') return mode;
  if (typeof mode === 'string') throw new RangeError(`${name}: mode must be 'full', 'same' or 'valid' (got ${shown(mode)})`);
  if (typeof mode === 'number' && Number.isInteger(mode)) {
    const named = INTEGER_MODES[mode];
    if (named === undefined) throw new RangeError(`${name}: integer convolve/correlate mode must be 0, 1, or 2 (got ${mode})`);
    return named;
  }
  throw new TypeError(`${name}: convolve/correlate mode not understood (got ${describeValue(mode)})`);
}

/** numpy.convolve (mode 'full' by default); a and v may be host data (`gp.convolve(x, [1, -1])`). */
export function convolve(a: ArrayArg, v: ArrayArg, modeOrOptions: ConvolveMode | { mode?: ConvolveMode } = 'full'): GpuArray {
  checkPositionalCount('convolve', arguments, 2, 3);
  const mode = modeOf('convolve', modeOrOptions, 'full');
  return withArray(a, 'convolve: a', (x) => withArray(v, 'convolve: v', (y) => correlateCore('convolve', x, y, mode, true)));
}

/** numpy.correlate (mode 'valid' by default): c[k] = sum_n a[n + k] * v[n]; a and v may be host data. */
export function correlate(a: ArrayArg, v: ArrayArg, modeOrOptions: ConvolveMode | { mode?: ConvolveMode } = 'valid'): GpuArray {
  checkPositionalCount('correlate', arguments, 2, 3);
  const mode = modeOf('correlate', modeOrOptions, 'valid');
  return withArray(a, 'correlate: a', (x) => withArray(v, 'correlate: v', (y) => correlateCore('correlate', x, y, mode, false)));
}

// Complex data (NumPy: X @ X^H / fact; corrcoef divides by the real standard deviations and
// clips both parts to [-1, 1]): the same walks on complex<double>.
const COV_COMPLEX = `#include "gpuarray/complex.h"
typedef complex<double> C;
extern "C" __global__ void gpa_cov(const void* xcp, void* outp, long long vars, long long obs, double div) {
  const C* xc = (const C*)xcp;
  C* out = (C*)outp;
  for (long long k : gpa::grid_range(vars * vars)) {
    const long long i = k / vars, j = k % vars;
    if (j < i) continue;
    C s(0.0);
    for (long long t = 0; t < obs; ++t) {
      const C a = xc[i * obs + t], b = xc[j * obs + t];
      s += a * C(b.real(), -b.imag());
    }
    out[i * vars + j] = C(s.real() / div, s.imag() / div);
    // The mirror is conj(s): 0 - imag, so an imaginary zero stays +0 as the sum NumPy's product
    // of the transposed pair gives (-0.0 from -imag printed 3.-0.j); the diagonal is written once.
    if (j != i) out[j * vars + i] = C(s.real() / div, (0.0 - s.imag()) / div);
  }
}
extern "C" __global__ void gpa_corr(const void* cp, void* outp, long long vars) {
  const C* c = (const C*)cp;
  C* out = (C*)outp;
  for (long long k : gpa::grid_range(vars * vars)) {
    const long long i = k / vars, j = k % vars;
    const double si = sqrt(c[i * vars + i].real()), sj = sqrt(c[j * vars + j].real());
    double re = c[k].real() / si / sj, im = c[k].imag() / si / sj;
    re = re > 1 ? 1 : re < -1 ? -1 : re;
    im = im > 1 ? 1 : im < -1 ? -1 : im;
    out[k] = C(re, im);
  }
}
`;

const COV = `
extern "C" __global__ void gpa_cov(const double* xc, double* out, long long vars, long long obs, double div) {
  for (long long k : gpa::grid_range(vars * vars)) {
    const long long i = k / vars, j = k % vars;
    if (j < i) continue;
    double s = 0;
    for (long long t = 0; t < obs; ++t) s += xc[i * obs + t] * xc[j * obs + t];
    out[i * vars + j] = s / div;
    out[j * vars + i] = s / div;
  }
}
extern "C" __global__ void gpa_corr(const double* c, double* out, long long vars) {
  for (long long k : gpa::grid_range(vars * vars)) {
    const long long i = k / vars, j = k % vars;
    double r = c[k] / sqrt(c[i * vars + i]) / sqrt(c[j * vars + j]);
    out[k] = r > 1 ? 1 : r < -1 ? -1 : r;  // NumPy clips real coefficients to [-1, 1]
  }
}
`;

/** Options of cov (numpy.cov's y, rowvar, bias and ddof). */
export interface CovOptions {
  /** More variables, stacked under m's (as m's rows, or columns with rowvar false); a GpuArray or host data. */
  y?: ArrayArg | null;
  /** Rows are variables (default true); false: columns are. */
  rowvar?: boolean;
  /** Divide by N instead of N - 1. */
  bias?: boolean;
  /** Overrides bias: divide by N - ddof. */
  ddof?: number | null;
  /** Integer frequency weights, one per observation (1-D, non-negative). */
  fweights?: ArrayArg | null;
  /** Observation weights, one per observation (1-D, non-negative). */
  aweights?: ArrayArg | null;
  /** NumPy's keyword-only dtype of the result (a float or complex dtype; default float64, complex128 for complex data). */
  dtype?: DTypeLike | null;
}

/**
 * cov's and corrcoef's dtype= (null when absent: float64, complex128 for complex data) and the
 * dtype the work runs in, float64 or complex128, rounded once to it; NumPy's subtraction of the
 * mean refuses integer and bool dtypes.
 */
function covDType(name: string, want: DTypeLike | null | undefined): { result: DType; work: DType } | null {
  if (want === undefined || want === null) return null;
  const result = toDType(want, `${name}: dtype`);
  if (result.kind !== 'f' && !result.isComplex) {
    throw new TypeError(`${name}: Cannot cast ufunc 'subtract' output from dtype('float64') to dtype('${result.name}') with casting rule 'same_kind'`);
  }
  return { result, work: result.isComplex ? dtypes.complex128 : dtypes.float64 };
}

/** A 1-D weight vector of `obs` non-negative numbers, on the host (NumPy's checks and errors). */
function hostWeights(name: 'fweights' | 'aweights', w: ArrayArg, obs: number): number[] {
  if (ArrayBuffer.isView(w)) w = Array.from(w as unknown as ArrayLike<number | bigint>, Number);
  const g = w instanceof GpuArray ? w : null;
  if (g !== null && g.dtype.isComplex) throw new TypeError(`cov: ${name} must be real`);
  if (g !== null ? g.ndim > 1 : !Array.isArray(w)) throw new RangeError(`cov: cannot handle multidimensional ${name}`);
  const v = g !== null ? Array.from(g.toTypedArray() as ArrayLike<number | bigint>, Number) : (w as readonly unknown[]).map((x) => {
    if (typeof x !== 'number') throw new TypeError(`cov: ${name} must be numbers`);
    return x;
  });
  if (v.length !== obs) throw new RangeError(`cov: incompatible numbers of samples and ${name}`);
  if (name === 'fweights' && v.some((x) => x !== Math.round(x))) throw new TypeError('cov: fweights must be integer');
  if (v.some((x) => x < 0)) throw new RangeError(`cov: ${name} cannot be negative`);
  return v;
}

/** a's values rounded to dtype t and back (a itself when t is a's dtype; a is disposed otherwise). */
function roundedTo(a: GpuArray, t: DType): GpuArray {
  const own = a.dtype;
  if (t === own) return a;
  const r = a.astype(t);
  a.dispose();
  const back = r.astype(own);
  r.dispose();
  return back;
}

/** m (and y) as a (variables, observations) matrix of dtype d (float64 or complex128), as NumPy's cov stacks them. */
function covMatrix(m: GpuArray, y: GpuArray | null, rowvar: boolean, d: DType): GpuArray {
  const asRows = (a: GpuArray, name: string, transposed: boolean) => {
    if (!(a instanceof GpuArray)) throw new TypeError(`cov: ${name} must be a GpuArray`);
    if (a.ndim > 2) throw new RangeError(`cov: ${name} has more than 2 dimensions`);
    const two = a.ndim < 2 ? a.reshape([1, a.size]) : a;
    const t = transposed ? two.T : two;
    const r = t.astype(d);
    if (t !== two) t.dispose();
    if (two !== a) two.dispose();
    return r;
  };
  const x = asRows(m, 'm', !rowvar && m.ndim !== 1);
  if (y === null || x.shape[0] === 0) return x;
  const yy = asRows(y, 'y', !rowvar && (y.ndim < 2 ? 1 : y.shape[0]) !== 1);
  try {
    if (yy.shape[1] !== x.shape[1]) throw new RangeError('cov: all the input array dimensions except for the concatenation axis must match exactly');
    const out = GpuArray.allocate([x.shape[0] + yy.shape[0], x.shape[1]], d, m.device);
    for (const [part, at] of [[x, 0], [yy, x.shape[0]]] as const) {
      if (part.size === 0) continue;
      const v = out.slice(`${at}:${at + part.shape[0]}`);
      copyInto(v, part);
      v.dispose();
    }
    return out;
  } finally {
    x.dispose();
    yy.dispose();
  }
}

/**
 * numpy.cov of 1-D or 2-D arrays (float64 result, complex128 for complex data; a 0-d result for
 * one variable): `y`, `rowvar`, `bias`, `ddof`, `fweights`, `aweights` by position (NumPy's order) or option.
 */
export function cov(m: ArrayArg, ...more: (ArrayArg | null | boolean | number | CovOptions | undefined)[]): GpuArray {
  if (!(m instanceof GpuArray)) return withArray(m, 'cov: m', (x) => cov(x, ...more));
  // NumPy's order: y, rowvar, bias, ddof, fweights, aweights (by position or option).
  const o = bindArgs('cov', more, ['y', 'rowvar', 'bias', 'ddof', 'fweights', 'aweights'], ['dtype']) as CovOptions;
  const y0 = o.y;
  if (y0 !== undefined && y0 !== null && !(y0 instanceof GpuArray)) return withArray(y0, 'cov: y', (y) => cov(m, { ...o, y }));
  // NumPy: a ddof that is not integral is a ValueError (RangeError); a non-number is refused.
  if (o.ddof !== undefined && o.ddof !== null && typeof o.ddof !== 'number') throw new TypeError('cov: ddof must be an integer');
  if (typeof o.ddof === 'number' && !Number.isInteger(o.ddof)) throw new RangeError('cov: ddof must be integer');
  const y = (o.y ?? null) as GpuArray | null;
  const asked = covDType('cov', o.dtype);
  const d = asked?.work ?? (m.dtype.isComplex || (y !== null && y.dtype.isComplex) ? dtypes.complex128 : dtypes.float64);
  let result = asked?.result ?? d;
  // NumPy makes X in the asked dtype first: its values rounded to it, the work still in d.
  const xs = roundedTo(covMatrix(m, y, o.rowvar ?? true, d), result);
  const vars = xs.shape[0];
  const obs = xs.shape[1];
  if (vars === 0) {
    xs.dispose();
    return GpuArray.allocate([0, 0], result, m.device);
  }
  const ddof = o.ddof ?? (o.bias ? 0 : 1);
  const tmp: GpuArray[] = [];
  const keep = (a: GpuArray) => (tmp.push(a), a);
  try {
    // NumPy's weights: w = fweights * aweights; the weighted mean; the divisor from w's sums.
    const fw = o.fweights === undefined || o.fweights === null ? null : hostWeights('fweights', o.fweights, obs);
    const aw = o.aweights === undefined || o.aweights === null ? null : hostWeights('aweights', o.aweights, obs);
    const w = fw === null && aw === null ? null : Array.from({ length: obs }, (_, t) => (fw ? fw[t] : 1) * (aw ? aw[t] : 1));
    let xc: GpuArray;
    let fact: number;
    if (w === null) {
      xc = keep(U.subtract(xs, keep(R.mean(xs, { axis: 1, keepdims: true }))) as GpuArray);
      fact = obs - ddof;
    } else {
      const wSum = w.reduce((p, v) => p + v, 0);
      // NumPy's average(..., returned=True) inside cov raises ZeroDivisionError (a RangeError here).
      if (wSum === 0) throw new RangeError("cov: Weights sum to zero, can't be normalized");
      const wArr = keep(GpuArray.allocate([1, obs], dtypes.float64, m.device).set(Float64Array.from(w)));
      const avg = keep(U.divide(keep(R.sum(keep(U.multiply(xs, wArr) as GpuArray), { axis: 1, keepdims: true })), wSum) as GpuArray);
      // (x - avg) * sqrt(w) on both sides of the product: sum_t w_t (x_i - avg_i)(x_j - avg_j).
      // NumPy centres X in place (its dtype), then the float64 weights make the product float64.
      xc = keep(U.multiply(keep(roundedTo(U.subtract(xs, avg) as GpuArray, result)), keep(U.sqrt(wArr) as GpuArray)) as GpuArray);
      result = promoteTypes(result, dtypes.float64);
      fact = ddof === 0 ? wSum : aw === null ? wSum - ddof : wSum - (ddof * w.reduce((p, v, t) => p + v * aw[t], 0)) / wSum;
    }
    const out = GpuArray.allocate([vars, vars], d, m.device);
    moduleKernel(d.isComplex ? COV_COMPLEX : COV, 'gpa_cov')(gridFor(vars * vars), 256, [xc, out, vars, obs, fact > 0 ? fact : 0]);
    const shaped = vars === 1 ? out.reshape([]) : out;
    if (shaped === out && result === d) return out;
    const r = shaped.astype(result, { copy: true });
    if (shaped !== out) shaped.dispose();
    out.dispose();
    return r;
  } finally {
    xs.dispose();
    for (const t of tmp) t.dispose();
  }
}

/** Options of corrcoef (numpy.corrcoef's y, rowvar and keyword-only dtype). */
export interface CorrcoefOptions {
  /** More variables, as cov's. */
  y?: ArrayArg | null;
  /** Rows are variables (default true). */
  rowvar?: boolean;
  /** The result's float or complex dtype (default float64, complex128 for complex data). */
  dtype?: DTypeLike | null;
}

/** numpy.corrcoef: Pearson correlation coefficients (float64 or complex128 unless `dtype`, each part clipped to [-1, 1]); `y` by position or in the options. */
export function corrcoef(x: ArrayArg, ...more: (ArrayArg | null | boolean | CorrcoefOptions | undefined)[]): GpuArray {
  if (!(x instanceof GpuArray)) return withArray(x, 'corrcoef: x', (h) => corrcoef(h, ...more));
  // NumPy's order: y, rowvar (by position or option); dtype keyword-only (NumPy 2.4 has no bias or ddof).
  const o = bindArgs('corrcoef', more, ['y', 'rowvar'], ['dtype']) as CorrcoefOptions;
  // An asked dtype: cov works in float64 or complex128 (complex data's real parts for a real dtype).
  const want = covDType('corrcoef', o.dtype);
  const c = cov(x, { y: o.y ?? null, rowvar: o.rowvar, dtype: want?.work });
  const result = want?.result ?? c.dtype;
  let r: GpuArray;
  if (c.ndim === 0) {
    r = U.divide(c, c) as GpuArray;
  } else {
    const vars = c.shape[0];
    r = GpuArray.allocate([vars, vars], c.dtype, c.device);
    moduleKernel(c.dtype.isComplex ? COV_COMPLEX : COV, 'gpa_corr')(gridFor(vars * vars), 256, [c, r, vars]);
  }
  c.dispose();
  if (r.dtype === result) return r;
  const cast = r.astype(result);
  r.dispose();
  return cast;
}
