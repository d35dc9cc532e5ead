// The backend contract's GEMM (Backend.gemm) on its own, as BLAS defines it: column-major
// operands with padded leading dimensions, ops N/T/C, alpha and beta (beta 0: C is not read, NaN
// stays out), batch strides (0: one matrix for the whole batch). cuBLAS answers on cuda for the
// float dtypes, our kernel on cpu and for integers; both must agree with this host reference.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { BlasOp, GemmDType, GemmRequest } from '../lib/device/backend.js';
import { describeEachDevice } from './helpers.js';
import { expectClose, HostVal, values } from './reduction-reference.js';

type C = { re: number; im: number };

/** A GEMM request without its pointers and stream, which the test supplies. */
type Case = Omit<GemmRequest, 'a' | 'b' | 'c' | 'stream'>;

const isComplex = (d: GemmDType) => d.startsWith('complex');
const val = (i: number, seed: number) => ((i * 7 + seed * 3) % 9) - 4;

function hostData(d: GemmDType, len: number, seed: number): HostVal[] {
  return Array.from({ length: len }, (_, i) => (isComplex(d) ? { re: val(i, seed), im: val(i + 5, seed + 1) } : val(i, seed)));
}

function reference(c: Case, A: HostVal[], B: HostVal[], C0: HostVal[]): HostVal[] {
  const cx = (v: HostVal): C => (typeof v === 'object' ? v : { re: Number(v), im: 0 });
  const op = (X: HostVal[], t: BlasOp, ld: number, base: number, r: number, q: number): C => {
    const v = cx(t === 'N' ? X[base + r + q * ld] : X[base + q + r * ld]);
    return t === 'C' ? { re: v.re, im: -v.im } : v;
  };
  const out = [...C0];
  for (let b = 0; b < c.batch; b++) {
    for (let i = 0; i < c.m; i++) {
      for (let j = 0; j < c.n; j++) {
        let re = 0;
        let im = 0;
        for (let p = 0; p < c.k; p++) {
          const x = op(A, c.transa, c.lda, b * c.strideA, i, p);
          const y = op(B, c.transb, c.ldb, b * c.strideB, p, j);
          re += x.re * y.re - x.im * y.im;
          im += x.re * y.im + x.im * y.re;
        }
        const at = b * c.strideC + i + j * c.ldc;
        const old = cx(C0[at]);
        re = c.alpha * re + (c.beta === 0 ? 0 : c.beta * old.re);
        im = c.alpha * im + (c.beta === 0 ? 0 : c.beta * old.im);
        if (isComplex(c.dtype)) out[at] = { re, im };
        else if (c.dtype === 'int32') out[at] = Number(BigInt.asIntN(32, BigInt(re)));
        else out[at] = re;
      }
    }
  }
  return out;
}

describeEachDevice('linalg: Backend.gemm (BLAS contract)', () => {
  const CASES: Case[] = [
    { dtype: 'float64', transa: 'N', transb: 'N', m: 3, n: 4, k: 5, alpha: 2, beta: 1, lda: 4, ldb: 6, ldc: 5, batch: 1, strideA: 0, strideB: 0, strideC: 0 },
    { dtype: 'float64', transa: 'T', transb: 'N', m: 3, n: 2, k: 4, alpha: 1, beta: 0, lda: 5, ldb: 4, ldc: 3, batch: 3, strideA: 20, strideB: 8, strideC: 6 },
    { dtype: 'float32', transa: 'N', transb: 'T', m: 4, n: 3, k: 2, alpha: 1, beta: 0, lda: 4, ldb: 3, ldc: 4, batch: 2, strideA: 8, strideB: 0, strideC: 12 },
    { dtype: 'complex128', transa: 'C', transb: 'N', m: 2, n: 3, k: 3, alpha: 1, beta: 1, lda: 3, ldb: 3, ldc: 2, batch: 1, strideA: 0, strideB: 0, strideC: 0 },
    { dtype: 'complex64', transa: 'T', transb: 'C', m: 2, n: 2, k: 3, alpha: 2, beta: 0, lda: 3, ldb: 2, ldc: 2, batch: 2, strideA: 6, strideB: 6, strideC: 4 },
    { dtype: 'int32', transa: 'T', transb: 'T', m: 3, n: 3, k: 4, alpha: 1, beta: 1, lda: 4, ldb: 3, ldc: 3, batch: 1, strideA: 0, strideB: 0, strideC: 0 },
  ];
  for (const c of CASES) {
    it(`${c.dtype} ${c.transa}${c.transb} m${c.m} n${c.n} k${c.k} alpha ${c.alpha} beta ${c.beta} batch ${c.batch}`, () => {
      const rowsA = c.transa === 'N' ? c.lda * c.k : c.lda * c.m;
      const rowsB = c.transb === 'N' ? c.ldb * c.n : c.ldb * c.k;
      const lenA = (c.batch - 1) * c.strideA + rowsA;
      const lenB = (c.batch - 1) * c.strideB + rowsB;
      const lenC = (c.batch - 1) * c.strideC + c.ldc * c.n;
      const A = hostData(c.dtype, lenA, 1);
      const B = hostData(c.dtype, lenB, 2);
      // beta 0: C starts as NaN where the dtype has one, which must not leak into the result.
      const C0 = c.beta === 0 && c.dtype !== 'int32' ? Array.from({ length: lenC }, () => (isComplex(c.dtype) ? { re: NaN, im: NaN } : NaN)) : hostData(c.dtype, lenC, 3);
      const a = gp.array(A as unknown[], c.dtype);
      const b = gp.array(B as unknown[], c.dtype);
      const out = gp.array(C0 as unknown[], c.dtype);
      const backend = gp.currentDevice().backend;
      backend.gemm({ ...c, a: a.ptr, b: b.ptr, c: out.ptr, stream: backend.defaultStream });
      const want = reference(c, A, B, C0);
      // Padding rows of C (i >= m) keep their values; NaN there compares as NaN.
      expectClose(values(out), want, 1e-6, 1e-6, c.dtype);
      expect(values(out).length).to.equal(lenC);
    });
  }
});
