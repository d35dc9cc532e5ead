// Matrices from vectors (NumPy's diag, diagflat, tri, tril, triu, vander) and grids (meshgrid,
// indices, ix_). Diagonals are strided views written by the assign kernel; triangles and
// Vandermonde matrices are small element-wise kernels over the result.
import { DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import { indexNumber, integerValue, normalizeShape } from '../core/shape.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { arange, zeros } from './creation.js';
import { build, bindArgs, checkKeys, copyInto, isOptions, owned, toArray, viewOf } from './array-args.js';
import { nonzero } from './nonzero.js';
import { describeValue, checkPositionalCount, readOptions, refuseTrailingOptions } from '../util/options.js';

const disposeAll = (xs: GpuArray[]) => xs.forEach((x) => x.dispose());

/** The k-th diagonal of the last two axes of a 2-D array as a strided view. */
function diagonalView(m: GpuArray, k: number): GpuArray {
  const [r, c] = m.shape;
  const len = Math.max(0, k >= 0 ? Math.min(r, c - k) : Math.min(r + k, c));
  const off = len === 0 ? m.offset : m.offset + (k >= 0 ? k * m.strides[1] : -k * m.strides[0]);
  return viewOf(m, [len], [m.strides[0] + m.strides[1]], off);
}

/** numpy.diag(v, k=0): a 2-D array with v on its k-th diagonal, or (2-D v) a copy of that diagonal. */
export function diag(v0: unknown, k: number | { k?: number } = 0): GpuArray {
  checkPositionalCount('diag', arguments, 1, 2);
  refuseTrailingOptions('diag', arguments, 2, ['k']);
  // NumPy's operator.index: gp.int64(1) is 1.
  const kk = integerValue(isOptions(k) ? ((k as { k?: number }).k ?? 0) : k) as number;
  if (!Number.isInteger(kk)) throw new TypeError('k must be an integer');
  const v = toArray(v0, 'diag input');
  try {
    if (v.ndim === 1) {
      const n = v.shape[0] + Math.abs(kk);
      const out = zeros([n, n], v.dtype);
      try {
        const d = diagonalView(out, kk);
        try {
          copyInto(d, v);
        } finally {
          d.dispose();
        }
        return out;
      } catch (e) {
        out.dispose();
        throw e;
      }
    }
    if (v.ndim === 2) {
      const d = diagonalView(v, kk);
      try {
        return d.copy();
      } finally {
        d.dispose();
      }
    }
    throw new RangeError('Input must be 1- or 2-d.');
  } finally {
    if (owned(v0, v)) v.dispose();
  }
}

/** numpy.diagflat(v, k=0): diag of the flattened input. */
export function diagflat(v0: unknown, k: number | { k?: number } = 0): GpuArray {
  checkPositionalCount('diagflat', arguments, 1, 2);
  const v = toArray(v0, 'diagflat input');
  const f = v.reshape([v.size]);
  try {
    return diag(f, k);
  } finally {
    f.dispose();
    if (owned(v0, v)) v.dispose();
  }
}

const triKernel = ElementwiseKernel('int64 cols, int64 k', 'T out', 'long long c = i % cols, r = i / cols; out = (T)(c <= r + k ? 1 : 0)', 'gpa_tri');

/** numpy.tri(N, M=N, k=0, dtype=float64): ones at and below the k-th diagonal. */
export function tri(N: number, ...more: (number | null | DTypeLike | { M?: number | null; k?: number; dtype?: DTypeLike } | undefined)[]): GpuArray {
  // NumPy's order: M, k, dtype (by position or option).
  const o = bindArgs('tri', more, ['M', 'k', 'dtype']) as { M?: number | null; k?: number; dtype?: DTypeLike | null };
  const m = o.M;
  const kk = o.k ?? 0;
  const dt = o.dtype ?? 'float64';
  N = indexNumber(N) as number; // NumPy's operator.index
  for (const x of [N, m ?? N]) if (!Number.isInteger(x)) throw new TypeError(`tri: N and M must be integers, got ${String(x)}`);
  // NumPy builds the mask from arange(N) and arange(M): a negative size gives an empty axis.
  const rows = Math.max(0, N);
  const cols = Math.max(0, m ?? N);
  const d = toDType(dt);
  const out = GpuArray.allocate([rows, cols], d);
  try {
    if (out.size > 0) {
      if (d === dtypes.bool || d.isComplex || d.bits !== null) {
        // The kernel's (T)(0/1) is for plain C types; others go through int8 and a cast.
        const t = tri(rows, cols, kk, 'int8');
        try {
          copyInto(out, t);
        } finally {
          t.dispose();
        }
      } else triKernel(cols, kk, out);
    }
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

const triangleKernel = ElementwiseKernel(
  'T x, raw T zero, int64 cols, int64 rows, int64 k, bool lower',
  'T out',
  'long long c = i % cols, r = (i / cols) % rows; out = (lower ? c <= r + k : c >= r + k) ? x : zero[0]',
  'gpa_triangle',
);

function triangle(fn: string, m0: unknown, k: number | { k?: number }, lower: boolean): GpuArray {
  // NumPy's operator.index: gp.int64(1) is 1.
  const kk = integerValue(isOptions(k) ? ((k as { k?: number }).k ?? 0) : k) as number;
  if (!Number.isInteger(kk)) throw new TypeError('k must be an integer');
  const made: GpuArray[] = [];
  try {
    let m = toArray(m0, `${fn} input`);
    if (owned(m0, m)) made.push(m);
    // NumPy's tril/triu of a 0-d array fail in tri() with a TypeError.
    if (m.ndim === 0) throw new TypeError(`${fn}: input must be at least 1-d`);
    if (m.ndim === 1) {
      m = m.broadcastTo([m.shape[0], m.shape[0]]);
      made.push(m);
    }
    const zero = zeros([1], m.dtype);
    made.push(zero);
    const rows = m.shape[m.ndim - 2];
    const cols = m.shape[m.ndim - 1];
    return build(m.shape, m.dtype, (out) => {
      if (out.size > 0) triangleKernel(m, zero, cols, rows, kk, lower, out);
    }, m.device);
  } finally {
    disposeAll(made);
  }
}

/** numpy.tril(m, k=0): zeros above the k-th diagonal (of the last two axes). */
export function tril(m: unknown, k: number | { k?: number } = 0) {
  checkPositionalCount('tril', arguments, 1, 2);
  refuseTrailingOptions('tril', arguments, 2, ['k']);
  return triangle('tril', m, k, true);
}
/** numpy.triu(m, k=0): zeros below the k-th diagonal. */
export function triu(m: unknown, k: number | { k?: number } = 0) {
  checkPositionalCount('triu', arguments, 1, 2);
  refuseTrailingOptions('triu', arguments, 2, ['k']);
  return triangle('triu', m, k, false);
}

/** Options of gp.meshgrid, passed as a trailing object (numpy.meshgrid's keyword arguments). */
export interface MeshgridOptions {
  /** 'xy' (default; Cartesian, the first two outputs' axes swapped) or 'ij' (matrix indexing). */
  indexing?: 'xy' | 'ij';
  /** Return views broadcastable to the grid (length-1 axes) instead of full arrays; default false. */
  sparse?: boolean;
  /** false returns views of the inputs instead of copies; default true. */
  copy?: boolean;
}

/** numpy.meshgrid(*xi, indexing='xy', sparse=False, copy=True). */
export function meshgrid(...args: unknown[]): GpuArray[] {
  let o: MeshgridOptions = {};
  if (args.length > 0 && isOptions(args[args.length - 1])) o = args.pop() as MeshgridOptions;
  checkKeys('meshgrid', o as Record<string, unknown>, ['indexing', 'sparse', 'copy']);
  const indexing = o.indexing ?? 'xy';
  if (indexing !== 'xy' && indexing !== 'ij') throw new RangeError("Valid values for `indexing` are 'xy' and 'ij'.");
  const made: GpuArray[] = [];
  try {
    const xs = args.map((x) => {
      const a = toArray(x, 'meshgrid input');
      if (owned(x, a)) made.push(a);
      const f = a.reshape([a.size]);
      made.push(f);
      return f;
    });
    const nd = xs.length;
    const place = (i: number) => (indexing === 'xy' && nd > 1 && i < 2 ? 1 - i : i);
    const full = xs.map(() => 0);
    xs.forEach((x, i) => (full[place(i)] = x.size));
    return xs.map((x, i) => {
      const shape = xs.map(() => 1);
      shape[place(i)] = x.size;
      const v = x.reshape(shape);
      if (o.sparse) {
        if (o.copy === false) return v;
        made.push(v);
        return v.copy();
      }
      made.push(v);
      const b = v.broadcastTo(full);
      if (o.copy === false) return b;
      made.push(b);
      return b.copy();
    });
  } finally {
    disposeAll(made);
  }
}

/** numpy.indices(dimensions, dtype=int64, sparse=False): the index grid, stacked (N, *dims) or as sparse arrays. */
export function indices(dimensions: readonly number[], dtype?: DTypeLike | { dtype?: DTypeLike; sparse?: false }, sparse?: false): GpuArray;
export function indices(dimensions: readonly number[], dtype: DTypeLike | { dtype?: DTypeLike; sparse: true }, sparse?: boolean): GpuArray[];
export function indices(dimensions: readonly number[], dtype: DTypeLike | { dtype?: DTypeLike; sparse?: boolean }, sparse: true): GpuArray[];
export function indices(dimensions: readonly number[], dtypeOrOptions: DTypeLike | { dtype?: DTypeLike; sparse?: boolean } = 'int64', sparse = false): GpuArray | GpuArray[] {
  checkPositionalCount('indices', arguments, 1, 3);
  let dt: DTypeLike = 'int64';
  let sp = sparse;
  if (isOptions(dtypeOrOptions)) ({ dtype: dt = 'int64', sparse: sp = false } = readOptions<{ dtype?: DTypeLike; sparse?: boolean }>('indices', dtypeOrOptions, ['dtype', 'sparse']));
  else dt = dtypeOrOptions as DTypeLike;
  const d = toDType(dt);
  if (!Array.isArray(dimensions)) throw new TypeError(`indices: dimensions must be a list of sizes, got ${describeValue(dimensions)}`);
  const dims = dimensions.map(indexNumber) as number[];
  dims.forEach((n) => {
    if (!Number.isInteger(n)) throw new TypeError(`indices: 'float' object cannot be interpreted as an integer (dimension ${describeValue(n)})`);
    if (n < 0) throw new RangeError('negative dimensions are not allowed');
  });
  const ranges = dims.map((n, k) => {
    const r = arange(0, n, 1, d);
    const shape = dims.map(() => 1);
    shape[k] = n;
    const v = r.reshape(shape);
    r.dispose();
    return v;
  });
  if (sp) return ranges;
  try {
    return build([dims.length, ...dims], d, (out) => {
      ranges.forEach((r, k) => {
        const row = viewOf(out, dims, out.strides.slice(1), out.offset + k * out.strides[0]);
        try {
          copyInto(row, r);
        } finally {
          row.dispose();
        }
      });
    });
  } finally {
    disposeAll(ranges);
  }
}

/**
 * numpy.fromfunction: `fn` called once with one coordinate array per axis (each of `shape`, dtype
 * `dtype`, default float64, as NumPy), its result returned as is.
 *
 * @example gp.fromfunction((i, j) => i.add(j), [2, 3]) // [[0, 1, 2], [1, 2, 3]]
 */
export function fromfunction<T>(fn: (...coords: GpuArray[]) => T, shape: number | readonly number[], options?: { dtype?: DTypeLike }): T {
  if (typeof fn !== 'function') throw new TypeError(`fromfunction: the first argument must be a function, got ${typeof fn}`);
  if (options !== undefined && !isOptions(options)) throw new TypeError('fromfunction: options must be an object like {dtype}');
  if (options !== undefined) checkKeys('fromfunction', options, ['dtype']);
  const dims = normalizeShape(shape);
  const all = indices(dims, options?.dtype ?? 'float64');
  const coords = dims.map((_, k) => all.slice(k));
  all.dispose(); // the coordinate views keep its memory
  let r: T | undefined;
  try {
    r = fn(...coords);
    return r;
  } finally {
    // A coordinate array fn returned (or returned in a list) is the caller's now.
    for (const c of coords) if (c !== (r as unknown) && !(Array.isArray(r) && r.includes(c))) c.dispose();
  }
}

/** numpy.ix_(*args): open-mesh index arrays (1-D integer or boolean sequences) for cross indexing. */
export function ix_(...args: unknown[]): GpuArray[] {
  const n = args.length;
  const out: GpuArray[] = [];
  try {
    args.forEach((x, k) => {
      let a = toArray(x, 'ix_ input');
      if (a.ndim !== 1) {
        if (owned(x, a)) a.dispose();
        throw new RangeError('Cross index must be 1 dimensional');
      }
      if (a.dtype === dtypes.bool) {
        const [nz] = nonzero(a);
        if (owned(x, a)) a.dispose();
        a = nz;
      } else if (a.size === 0 && a.dtype.isFloat) {
        const e = a.astype('int64');
        if (owned(x, a)) a.dispose();
        a = e;
      }
      const shape = new Array(n).fill(1);
      shape[k] = a.size;
      out.push(a.reshape(shape));
      if (a !== x) a.dispose();
    });
    return out;
  } catch (e) {
    disposeAll(out);
    throw e;
  }
}

const vanderKernel = ElementwiseKernel(
  'raw T x, int64 cols, bool increasing',
  'T out',
  'long long r = i / cols, c = i % cols, p = increasing ? c : cols - 1 - c; T v = (T)1; for (long long q = 0; q < p; ++q) v = v * x[r]; out = v',
  'gpa_vander',
);

/** numpy.vander(x, N=len(x), increasing=False): columns are powers of x (dtype promoted with int64, as NumPy). */
export function vander(x0: unknown, N?: number | null | { N?: number | null; increasing?: boolean }, increasing: boolean | { increasing?: boolean } = false): GpuArray {
  checkPositionalCount('vander', arguments, 1, 3);
  let n = N as number | null | undefined;
  // The options object may follow N too (`vander(x, 3, {increasing: true})`).
  let inc = isOptions(increasing) ? (checkKeys('vander', increasing as Record<string, unknown>, ['increasing']), (increasing as { increasing?: boolean }).increasing ?? false) : increasing;
  if (isOptions(N)) {
    checkKeys('vander', N as Record<string, unknown>, ['N', 'increasing']);
    ({ N: n, increasing: inc = false } = N as { N?: number | null; increasing?: boolean });
  }
  if (typeof inc !== 'boolean') throw new TypeError(`vander: increasing must be a boolean, got ${typeof inc}`);
  const made: GpuArray[] = [];
  try {
    let x = toArray(x0, 'vander input');
    if (owned(x0, x)) made.push(x);
    if (x.ndim !== 1) throw new RangeError('x must be a one-dimensional array or sequence.');
    const cols = (indexNumber(n) as number | null | undefined) ?? x.size;
    // NumPy: a non-integer N is a TypeError, a negative one a ValueError.
    if (typeof cols !== 'number' || !Number.isInteger(cols)) throw new TypeError(`vander: N must be an integer, got ${String(cols)}`);
    if (cols < 0) throw new RangeError('N must be a non-negative integer');
    const d = promoteTypes(x.dtype, dtypes.int64);
    if (d === dtypes.float16) throw new TypeError('vander: float16 is not supported');
    if (x.dtype !== d) {
      x = x.astype(d);
      made.push(x);
    }
    const xx = x;
    return build([x.size, cols], d, (out) => {
      if (out.size > 0) vanderKernel(xx, cols, inc, out);
    }, x.device);
  } finally {
    disposeAll(made);
  }
}
