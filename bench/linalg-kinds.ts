// The linear-algebra workloads' kinds (#16): matmul in float32/float16/float64, einsum of a GEMM,
// a batch of small matrices. Inputs are the hash inputs scaled by 1/512 (values in (0, 1]: no
// float16 overflow at 8192), cast once in setup; the check compares sampled entries of the
// product with float64 dot products of the downloaded row and column.
import type { GpuArray } from '../lib/index.js';
import type { BenchContext } from './context.js';
import { CheckError, checkClose } from './data.js';
import type { Kind } from './workloads.js';

const DT: Record<number, string> = { 16: 'float16', 32: 'float32', 64: 'float64' };
const RTOL: Record<number, number> = { 16: 5e-3, 32: 1e-4, 64: 1e-10 };

function operand(ctx: BenchContext, count: number, shape: number[], seed: number, bits: number): GpuArray {
  const x = ctx.input(count, seed);
  const scaled = ctx.gp.multiply(x, 1 / 512);
  const cast = scaled.astype(DT[bits]);
  scaled.dispose();
  const r = cast.reshape(shape);
  cast.dispose();
  return r;
}

const f64 = (v: GpuArray): Float64Array => {
  const c = v.astype('float64');
  try {
    return c.toTypedArray() as Float64Array;
  } finally {
    c.dispose();
  }
};

/** Sampled C[b, i, j] against sum_k A[b, i, k] B[b, k, j] in float64. */
function checkProduct(r: GpuArray, a: GpuArray, b: GpuArray, bits: number, what: string): void {
  const batched = a.ndim === 3;
  const m = a.shape[a.ndim - 2];
  const n = b.shape[b.ndim - 1];
  for (let s = 0; s < 8; s++) {
    const bi = batched ? (s * 977) % a.shape[0] : 0;
    const i = (s * 1237 + 5) % m;
    const j = (s * 2671 + 3) % n;
    const pick = (x: GpuArray, ...idx: (number | string)[]) => (batched ? x.slice(bi, ...idx) : x.slice(...idx));
    const rowV = pick(a, i);
    const colV = pick(b, ':', j);
    const gotV = pick(r, i, j);
    const row = f64(rowV);
    const col = f64(colV);
    const got = f64(gotV)[0];
    for (const v of [rowV, colV, gotV]) v.dispose();
    let want = 0;
    for (let k = 0; k < row.length; k++) want += row[k] * col[k];
    checkClose(got, want, RTOL[bits], `${what} [${batched ? `${bi}, ` : ''}${i}, ${j}]`);
  }
}

/** A diagonally dominant m x m matrix: the operand plus 2m on the diagonal (well conditioned). */
function dominant(ctx: BenchContext, m: number, bits: number): GpuArray {
  const a = operand(ctx, m * m, [m, m], 1, bits);
  const id = ctx.gp.eye(m, null, 0, DT[bits]);
  const d = ctx.gp.multiply(id, 2 * m);
  const r = ctx.gp.add(a, d);
  for (const x of [a, id, d]) x.dispose();
  return r;
}

/** Row i of A dotted with column j of X, in float64 from downloaded vectors. */
function rowTimesCol(a: GpuArray, x: GpuArray, i: number, j: number | null): number {
  const rowV = a.slice(i);
  const colV = j === null ? x : x.slice(':', j);
  const row = f64(rowV);
  const col = f64(colV);
  rowV.dispose();
  if (colV !== x) colV.dispose();
  let s = 0;
  for (let k = 0; k < row.length; k++) s += row[k] * col[k];
  return s;
}

type Linalg = { solve: (a: GpuArray, b: GpuArray) => GpuArray; inv: (a: GpuArray) => GpuArray; eig: (a: GpuArray) => [GpuArray, GpuArray] };

/** Sampled eigenpairs: max |(A v_j - w_j v_j)_i| in float64 (w, v real or complex, interleaved). */
function checkEigPairs(a: GpuArray, w: GpuArray, v: GpuArray, bits: number): void {
  const m = a.shape[0];
  const A = f64(a);
  const parts = (x: GpuArray): Float64Array => {
    if (x.dtype.isComplex) return Float64Array.from(x.toTypedArray() as Float32Array | Float64Array);
    const re = f64(x);
    const out = new Float64Array(2 * re.length);
    re.forEach((e, i) => (out[2 * i] = e));
    return out;
  };
  const W = parts(w);
  const V = parts(v);
  for (let s = 0; s < 4; s++) {
    const j = (s * 2671 + 3) % m;
    let worst = 0;
    for (let i = 0; i < m; i++) {
      let re = -(W[2 * j] * V[2 * (i * m + j)] - W[2 * j + 1] * V[2 * (i * m + j) + 1]);
      let im = -(W[2 * j] * V[2 * (i * m + j) + 1] + W[2 * j + 1] * V[2 * (i * m + j)]);
      for (let k = 0; k < m; k++) {
        re += A[i * m + k] * V[2 * (k * m + j)];
        im += A[i * m + k] * V[2 * (k * m + j) + 1];
      }
      worst = Math.max(worst, Math.hypot(re, im));
    }
    if (!(worst <= RTOL[bits] * m)) throw new CheckError(`eig: |A v - w v| = ${worst} for eigenpair ${j}`);
  }
}

export const LINALG_KINDS = {
  // #16: gp.linalg.solve of one right-hand side; the check: sampled rows of A x against b.
  linalgSolve: {
    setup(ctx, { m, bits }) {
      const { solve } = ctx.gp.linalg as Linalg;
      const a = dominant(ctx, m, bits);
      const b = operand(ctx, m, [m], 2, bits);
      const bh = f64(b);
      return {
        run: () => solve(a, b),
        check: (r) => {
          const x = r as GpuArray;
          if (x.dtype.name !== DT[bits] || x.shape.join() !== `${m}`) throw new CheckError(`solve: got ${x.dtype.name} [${x.shape}]`);
          for (let s = 0; s < 8; s++) {
            const i = (s * 1237 + 5) % m;
            checkClose(rowTimesCol(a, x, i, null), bh[i], RTOL[bits], `solve (A x)[${i}]`);
          }
        },
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => (a.dispose(), b.dispose()),
      };
    },
  },
  // #16: gp.linalg.inv; the check: sampled entries of A inv(A) against the identity's.
  linalgInv: {
    setup(ctx, { m, bits }) {
      const { inv } = ctx.gp.linalg as Linalg;
      const a = dominant(ctx, m, bits);
      return {
        run: () => inv(a),
        check: (r) => {
          const x = r as GpuArray;
          if (x.dtype.name !== DT[bits] || x.shape.join() !== `${m},${m}`) throw new CheckError(`inv: got ${x.dtype.name} [${x.shape}]`);
          for (let s = 0; s < 8; s++) {
            const i = (s * 1237 + 5) % m;
            const j = s % 2 === 0 ? i : (s * 2671 + 3) % m;
            const got = rowTimesCol(a, x, i, j);
            const want = i === j ? 1 : 0;
            if (!(Math.abs(got - want) <= RTOL[bits] * 10)) throw new CheckError(`inv: (A inv(A))[${i}, ${j}] = ${got}, expected ${want}`);
          }
        },
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => a.dispose(),
      };
    },
  },
  // gp.linalg.eig of a general (non-symmetric) matrix; the check: sampled pairs A v = w v.
  linalgEig: {
    setup(ctx, { m, bits }) {
      const { eig } = ctx.gp.linalg as Linalg;
      const a = operand(ctx, m * m, [m, m], 1, bits);
      return {
        run: () => eig(a),
        check: (r) => {
          const [w, v] = r as [GpuArray, GpuArray];
          if (w.shape.join() !== `${m}` || v.shape.join() !== `${m},${m}`) throw new CheckError(`eig: got [${w.shape}] and [${v.shape}]`);
          checkEigPairs(a, w, v, bits);
        },
        release: (r) => (r as GpuArray[]).forEach((x) => x.dispose()),
        teardown: () => a.dispose(),
      };
    },
  },
  matmul: {
    setup(ctx, { m, bits }) {
      const matmul = ctx.api<(a: GpuArray, b: GpuArray) => GpuArray>('matmul');
      const a = operand(ctx, m * m, [m, m], 1, bits);
      const b = operand(ctx, m * m, [m, m], 2, bits);
      return {
        run: () => matmul(a, b),
        check: (r) => {
          const c = r as GpuArray;
          if (c.dtype.name !== DT[bits] || c.shape.join() !== `${m},${m}`) throw new CheckError(`matmul: got ${c.dtype.name} [${c.shape}]`);
          checkProduct(c, a, b, bits, `matmul ${DT[bits]}`);
        },
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => (a.dispose(), b.dispose()),
      };
    },
  },
  einsumGemm: {
    setup(ctx, { m }) {
      const einsum = ctx.api<(s: string, a: GpuArray, b: GpuArray) => GpuArray>('einsum');
      const a = operand(ctx, m * m, [m, m], 1, 32);
      const b = operand(ctx, m * m, [m, m], 2, 32);
      return {
        run: () => einsum('ij,jk->ik', a, b),
        check: (r) => checkProduct(r as GpuArray, a, b, 32, 'einsum ij,jk->ik'),
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => (a.dispose(), b.dispose()),
      };
    },
  },
  matmulBatched: {
    setup(ctx, { batch, m }) {
      const matmul = ctx.api<(a: GpuArray, b: GpuArray) => GpuArray>('matmul');
      const a = operand(ctx, batch * m * m, [batch, m, m], 1, 32);
      const b = operand(ctx, batch * m * m, [batch, m, m], 2, 32);
      return {
        run: () => matmul(a, b),
        check: (r) => checkProduct(r as GpuArray, a, b, 32, 'batched matmul'),
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => (a.dispose(), b.dispose()),
      };
    },
  },
} satisfies Record<string, Kind>;
