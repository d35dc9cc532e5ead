// The backend contract's dense solver (Backend.solver) on its own, with LAPACK's meaning on packed
// column-major matrices: getrs with ops N/T/C, getrf's and potrf's info indices. cuSOLVER answers
// on cuda, our kernels on cpu; both must agree with these host checks.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { BlasOp, SolverCall } from '../lib/device/backend.js';
import { describeEachDevice } from './helpers.js';
import { expectClose, values } from './reduction-reference.js';

type C = { re: number; im: number };

function call(batch: number, dtype: 'float64' | 'complex128', body: (c: SolverCall) => void): number[] {
  const dev = gp.currentDevice();
  const info = gp.full([batch], -7, 'int32');
  const pool = gp.getMemoryPool();
  body({
    dtype,
    batch,
    info: info.ptr,
    stream: dev.backend.defaultStream,
    workspace: { malloc: (b) => pool.malloc(b), release: (p) => pool.release(p) },
  });
  return (values(info) as bigint[] | number[]).map(Number);
}

describeEachDevice('linalg: Backend.solver (LAPACK semantics)', () => {
  // A column-major 3 x 3 complex matrix, diagonally dominant: A[i, j] = data[i + 3 j].
  const A: C[] = [];
  for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) A.push({ re: (i === j ? 6 : 0) + ((i * 5 + j * 3) % 7) - 3, im: ((i + 2 * j) % 5) - 2 });
  const B: C[] = [{ re: 1, im: 0 }, { re: -2, im: 1 }, { re: 0.5, im: 3 }, { re: 2, im: 2 }, { re: 0, im: -1 }, { re: 1, im: 1 }];
  const mul = (x: C, y: C): C => ({ re: x.re * y.re - x.im * y.im, im: x.re * y.im + x.im * y.re });
  const opA = (t: BlasOp, i: number, j: number): C => {
    const v = t === 'N' ? A[i + 3 * j] : A[j + 3 * i];
    return t === 'C' ? { re: v.re, im: -v.im } : v;
  };

  for (const trans of ['N', 'T', 'C'] as const) {
    it(`getrf then getrs '${trans}': op(A) X == B (complex128, two right-hand sides)`, () => {
      const dev = gp.currentDevice();
      const a = gp.array(A, 'complex128');
      const x = gp.array(B, 'complex128');
      const ipiv = gp.zeros([3], 'int32');
      expect(call(1, 'complex128', (c) => dev.backend.solver.getrf({ ...c, n: 3, a: a.ptr, ipiv: ipiv.ptr }))).to.deep.equal([0]);
      expect(call(1, 'complex128', (c) => dev.backend.solver.getrs({ ...c, n: 3, nrhs: 2, trans, a: a.ptr, ipiv: ipiv.ptr, b: x.ptr }))).to.deep.equal([0]);
      const X = values(x) as C[];
      const got: C[] = [];
      for (let r = 0; r < 2; r++)
        for (let i = 0; i < 3; i++) {
          let s = { re: 0, im: 0 };
          for (let k = 0; k < 3; k++) {
            const p = mul(opA(trans, i, k), X[k + 3 * r]);
            s = { re: s.re + p.re, im: s.im + p.im };
          }
          got.push(s);
        }
      expectClose(got, B, 1e-12, 1e-12);
    });
  }

  it("geev: w complex, a real dtype's vectors in LAPACK's pairs (VR[:,j] + i VR[:,j+1] for w[j], positive imaginary part first)", () => {
    const dev = gp.currentDevice();
    // Column-major [[1, -2, 0], [2, 1, 0], [0, 0, 3]]: eigenvalues 1 + 2i, 1 - 2i, 3.
    const a = gp.array([1, 2, 0, -2, 1, 0, 0, 0, 3], 'float64');
    const w = gp.zeros([3], 'complex128');
    const vr = gp.zeros([9], 'float64');
    expect(call(1, 'float64', (c) => dev.backend.solver.geev({ ...c, n: 3, vectors: true, a: a.ptr, w: w.ptr, vr: vr.ptr }))).to.deep.equal([0]);
    const W = values(w) as C[];
    const j = W.findIndex((z) => z.im > 0);
    expectClose([W[j].re, W[j].im, W[j + 1].re, W[j + 1].im], [1, 2, 1, -2], 1e-14, 1e-14);
    const V = values(vr) as number[];
    // A v = (1 + 2i) v for v = VR[:,j] + i VR[:,j+1] (A as rows: [1, -2, 0], [2, 1, 0], [0, 0, 3]).
    const v: C[] = [0, 1, 2].map((i) => ({ re: V[i + 3 * j], im: V[i + 3 * (j + 1)] }));
    const rows = [[1, -2, 0], [2, 1, 0], [0, 0, 3]];
    const av = rows.map((r) => r.reduce((s, x, k) => ({ re: s.re + x * v[k].re, im: s.im + x * v[k].im }), { re: 0, im: 0 }));
    expectClose(av, v.map((z) => mul({ re: 1, im: 2 }, z)), 1e-14, 1e-14);
    expectClose([Math.hypot(...v.map((z) => Math.hypot(z.re, z.im)))], [1], 1e-14, 1e-14);
  });

  it('info: getrf reports the first exactly-zero pivot, potrf the first failing minor, per matrix', () => {
    const dev = gp.currentDevice();
    // Column-major: matrix 0 is fine; matrix 1 is [[1, 2], [2, 4]], whose second pivot is exactly 0.
    const a = gp.array([2, 1, 1, 3, 1, 2, 2, 4], 'float64');
    const ipiv = gp.zeros([4], 'int32');
    expect(call(2, 'float64', (c) => dev.backend.solver.getrf({ ...c, n: 2, a: a.ptr, ipiv: ipiv.ptr }))).to.deep.equal([0, 2]);
    // [[4, 2], [2, 1]] fails at minor 2; [[-1, 0], [0, 1]] at minor 1.
    const p = gp.array([4, 2, 2, 1, -1, 0, 0, 1], 'float64');
    const info = call(2, 'float64', (c) => dev.backend.solver.potrf({ ...c, n: 2, uplo: 'L', a: p.ptr }));
    expect(info).to.deep.equal([2, 1]);
    // A success: [[4, 2], [2, 5]] = L L^T with L = [[2, 0], [1, 2]]; the upper triangle is left alone.
    const ok = gp.array([4, 2, 2, 5], 'float64');
    expect(call(1, 'float64', (c) => dev.backend.solver.potrf({ ...c, n: 2, uplo: 'L', a: ok.ptr }))).to.deep.equal([0]);
    expect(values(ok)).to.deep.equal([2, 1, 2, 2]);
  });
});
