// gp.linalg's factorisations (cholesky, qr, svd, eigh, eigvalsh) and their users (lstsq, pinv,
// matrixRank) on every backend, through identities that hold whatever the factors' signs and
// phases: L L^H == A, Q R == A with Q^H Q == I, U diag(S) Vh == A, A V == V diag(w); values
// against hand-derived references where they are fixed; batched and empty stacks; LinAlgError.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectClose } from './reduction-reference.js';
import {
  SOLVER_DTYPES, adjoint, expectNear, hermitian, hermitianPD, identities, randomMatrix, triangleIsZero, values,
} from './linalg-solve-support.js';

const real = (d: string) => (d === 'complex64' ? 'float32' : d === 'complex128' ? 'float64' : d);

describeEachDevice('linalg: cholesky', () => {
  it('L L^H == A with L lower; upper: U^H U == A, every dtype, batched', () => {
    for (const d of SOLVER_DTYPES) {
      const a = hermitianPD(d, [2, 4, 4], 41);
      const l = gp.linalg.cholesky(a);
      expect(l.dtype.name).to.equal(d);
      expect(triangleIsZero(l, false), `${d} L upper part`).to.equal(true);
      expectNear(gp.matmul(l, adjoint(l)), a, d, `${d} L L^H`);
      const u = gp.linalg.cholesky(a, { upper: true });
      expect(triangleIsZero(u, true), `${d} U lower part`).to.equal(true);
      expectNear(gp.matmul(adjoint(u), u), a, d, `${d} U^H U`);
    }
  });

  it('exact factor of a known matrix; reads only the lower triangle; integers as float64', () => {
    const a = [[4, 12, -16], [12, 37, -43], [-16, -43, 98]];
    const l = gp.linalg.cholesky(gp.array(a, 'int32'));
    expect(l.dtype.name).to.equal('float64');
    expectClose(values(l), [2, 0, 0, 6, 1, 0, -8, 5, 3], 1e-14, 1e-14);
    const garbage = gp.array([[4, 99, 99], [12, 37, 99], [-16, -43, 98]], 'float64');
    expectClose(values(gp.linalg.cholesky(garbage)), [2, 0, 0, 6, 1, 0, -8, 5, 3], 1e-14, 1e-14);
  });

  it('not positive definite: LinAlgError; empty and non-square', () => {
    expect(() => gp.linalg.cholesky(gp.array([[1, 2], [2, 1]], 'float64'))).to.throw(gp.LinAlgError, 'Matrix is not positive definite');
    expect(() => gp.linalg.cholesky(gp.array([[[1, 0], [0, 1]], [[-1, 0], [0, 1]]], 'float32'))).to.throw(gp.LinAlgError, 'not positive definite');
    expect(gp.linalg.cholesky(gp.zeros([2, 0, 0])).shape).to.deep.equal([2, 0, 0]);
    expect(() => gp.linalg.cholesky(gp.zeros([2, 3]))).to.throw(gp.LinAlgError, 'square');
  });
});

describeEachDevice('linalg: qr', () => {
  it("Q R == A, Q^H Q == I, R upper triangular: tall, wide, square; 'reduced' and 'complete'; every dtype", () => {
    for (const d of SOLVER_DTYPES) {
      for (const shape of [[5, 3], [3, 5], [2, 4, 4]]) {
        const a = randomMatrix(d, shape, 51);
        const [m, n] = shape.slice(-2);
        const k = Math.min(m, n);
        for (const mode of ['reduced', 'complete'] as const) {
          const [q, r] = gp.linalg.qr(a, mode) as [gp.GpuArray, gp.GpuArray];
          const qc = mode === 'complete' ? m : k;
          expect(q.shape).to.deep.equal([...shape.slice(0, -2), m, qc]);
          expect(r.shape).to.deep.equal([...shape.slice(0, -2), qc, n]);
          expect(q.dtype.name).to.equal(d);
          expect(triangleIsZero(r, true), `${d} ${shape} ${mode} R`).to.equal(true);
          expectNear(gp.matmul(q, r), a, d, `${d} ${shape} ${mode} QR`);
          expectNear(gp.matmul(adjoint(q), q), identities([...shape.slice(0, -2), qc, qc], d), d, `${d} ${shape} ${mode} Q^H Q`);
        }
        const r = gp.linalg.qr(a, { mode: 'r' }) as gp.GpuArray;
        expect(r.shape).to.deep.equal([...shape.slice(0, -2), k, n]);
      }
    }
  });

  it("|R| of a known matrix; empty shapes; bad mode", () => {
    // [[3, 1], [4, 2]]: |R[0,0]| = 5, |R[1,1]| = |det| / 5 = 0.4, R[0,1] = +-(3 + 8) / 5.
    const r = values(gp.linalg.qr(gp.array([[3, 1], [4, 2]], 'float64'), 'r') as gp.GpuArray) as number[];
    expectClose(r.map(Math.abs), [5, 2.2, 0, 0.4], 1e-14, 1e-14);
    const [q0, r0] = gp.linalg.qr(gp.zeros([3, 0]), 'complete') as gp.GpuArray[];
    expect(values(q0)).to.deep.equal([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(r0.shape).to.deep.equal([3, 0]);
    const [q1, r1] = gp.linalg.qr(gp.zeros([0, 2])) as gp.GpuArray[];
    expect([q1.shape, r1.shape]).to.deep.equal([[0, 0], [0, 2]]);
    expect(() => gp.linalg.qr(gp.zeros([2, 2]), 'full' as 'r')).to.throw(RangeError, 'mode');
    expect(() => gp.linalg.qr(gp.zeros([2]))).to.throw(gp.LinAlgError, 'at least two-dimensional');
  });
});

describeEachDevice("linalg: qr mode 'raw'", () => {
  // NumPy 2.4's values: LAPACK's geqrf (h is the factored matrix transposed, the reflectors' tails in it).
  const complexParts = (a: gp.GpuArray) => [values(gp.real(a)) as number[], values(gp.imag(a)) as number[]];
  it("[h, tau] as NumPy's: integers in float64, float32 kept, complex batches; empty shapes", () => {
    const [h, tau] = gp.linalg.qr(gp.array([[1, 2], [3, 4], [5, 6]]), 'raw') as gp.GpuArray[];
    expect([h.dtype.name, h.shape, tau.dtype.name, tau.shape]).to.deep.equal(['float64', [2, 3], 'float64', [2]]);
    expectClose(values(h) as number[], [-5.916079783099616, 0.4337717455676132, 0.7229529092793553, -7.437357441610946, 0.828078671210825, 0.8926238280228976], 1e-14, 1e-14);
    expectClose(values(tau) as number[], [1.1690308509457032, 1.1131040011646904], 1e-14, 1e-14);
    const [hf, tf] = gp.linalg.qr(gp.array([[2, -1, 0], [1, 3, 1]], 'float32'), { mode: 'raw' }) as gp.GpuArray[];
    expect([hf.dtype.name, hf.shape, tf.shape]).to.deep.equal(['float32', [3, 2], [2]]);
    expectClose(values(hf) as number[], [-2.2360680103302, 0.2360679805278778, -0.4472135901451111, 3.130495071411133, -0.4472135901451111, 0.8944271802902222], 1e-6, 1e-6);
    expectClose(values(tf) as number[], [1.8944271802902222, 0], 1e-6, 1e-6);
    const c = gp.array([[[1, 2], [0, 1]], [[3, 1], [1, 1]]], 'complex128');
    c.slice(0, 0, 0).fill(gp.complex128(1, 1));
    c.slice(0, 1, 1).fill(gp.complex128(0, 1));
    c.slice(1, 0, 1).fill(gp.complex128(1, -2));
    const [hc, tc] = gp.linalg.qr(c, 'raw') as gp.GpuArray[];
    expect([hc.dtype.name, hc.shape, tc.shape]).to.deep.equal(['complex128', [2, 2, 2], [2, 2]]);
    const [hre, him] = complexParts(hc);
    expectClose(hre, [-1.4142135623730951, 0, -1.4142135623730945, -1, -3.1622776601683795, 0.16227766016837933, -1.264911064067352, -0.8944271909999159], 1e-14, 1e-14);
    expectClose(him, [0, 0, 1.414213562373095, 0, 0, 0, 1.897366596101028, 0], 1e-14, 1e-14);
    const [tre, tim] = complexParts(tc);
    expectClose(tre, [1.7071067811865472, 1, 1.948683298050514, 1.7071067811865475], 1e-14, 1e-14);
    expectClose(tim, [0.7071067811865475, 1, 0, 0.7071067811865476], 1e-14, 1e-14);
    const [he, te] = gp.linalg.qr(gp.zeros([2, 0, 3]), 'raw') as gp.GpuArray[];
    expect([he.shape, te.shape]).to.deep.equal([[2, 3, 0], [2, 0]]);
    for (const a of [h, tau, hf, tf, c, hc, tc, he, te]) a.dispose();
  });
});

describeEachDevice('linalg: svd', () => {
  it('U diag(S) Vh == A with unitary U and Vh, S descending; full and reduced, tall and wide, every dtype', () => {
    for (const d of SOLVER_DTYPES) {
      for (const shape of [[5, 3], [3, 5], [2, 3, 3]]) {
        const a = randomMatrix(d, shape, 61);
        const [m, n] = shape.slice(-2);
        const k = Math.min(m, n);
        const batch = shape.slice(0, -2);
        for (const full of [true, false]) {
          const [u, s, vh] = gp.linalg.svd(a, { fullMatrices: full }) as gp.GpuArray[];
          expect(s.dtype.name).to.equal(real(d));
          expect(u.shape).to.deep.equal([...batch, m, full ? m : k]);
          expect(vh.shape).to.deep.equal([...batch, full ? n : k, n]);
          const sv = values(s) as number[];
          for (let i = 0; i + 1 < sv.length; i++) if ((i + 1) % k !== 0) expect(sv[i]).to.be.at.least(sv[i + 1]);
          const uk = full ? u.slice('...', `:${k}`) : u;
          const vk = full ? vh.slice('...', `:${k}`, ':') : vh;
          const us = gp.multiply(uk, s.astype(d).expandDims(-2));
          expectNear(gp.matmul(us, vk), a, d, `${d} ${shape} full=${full} USVh`);
          expectNear(gp.matmul(adjoint(u), u), identities([...batch, u.shape[u.ndim - 1], u.shape[u.ndim - 1]], d), d, `${d} U^H U`);
          expectNear(gp.matmul(vh, adjoint(vh)), identities([...batch, vh.shape[vh.ndim - 2], vh.shape[vh.ndim - 2]], d), d, `${d} Vh Vh^H`);
        }
        const s2 = gp.linalg.svd(a, { computeUv: false }) as gp.GpuArray;
        expect(s2.shape).to.deep.equal([...batch, k]);
      }
    }
  });

  it('known singular values; a rank-deficient matrix still gets orthonormal U; empty', () => {
    const s = gp.linalg.svd(gp.array([[0, 3, 0], [2, 0, 0], [0, 0, -5]], 'int32'), true, false) as gp.GpuArray;
    expect(s.dtype.name).to.equal('float64');
    expectClose(values(s), [5, 3, 2], 1e-14, 1e-14);
    const a = gp.array([[1, 2, 0], [2, 4, 0], [3, 6, 0], [0, 0, 0]], 'float64');
    const [u, sv, vh] = gp.linalg.svd(a) as gp.GpuArray[];
    expectClose(values(sv), [Math.sqrt(70), 0, 0], 1e-14, 1e-13);
    expectNear(gp.matmul(adjoint(u), u), identities([4, 4], 'float64'), 'float64', 'U^H U');
    expectNear(gp.matmul(vh, adjoint(vh)), identities([3, 3], 'float64'), 'float64', 'Vh Vh^H');
    // A singular value at rounding level (5.6e-16 here): its column of U must still be orthonormal
    // (it came out as minus the first column before).
    for (const d of SOLVER_DTYPES) {
      const c = gp.array([[1, 0, 1], [0, 0, 0], [0, 1, 1], [1, 0, 1], [0, 1, 1]], d);
      const [ur, sr, vr] = gp.linalg.svd(c, { fullMatrices: false }) as gp.GpuArray[];
      expectNear(gp.matmul(adjoint(ur), ur), identities([3, 3], d), d, `${d} rank 2: U^H U`);
      expectNear(gp.matmul(gp.multiply(ur, sr.astype(d).expandDims(-2)), vr), c, d, `${d} rank 2: U S Vh`);
      const [uf] = gp.linalg.svd(c) as gp.GpuArray[];
      expectNear(gp.matmul(adjoint(uf), uf), identities([5, 5], d), d, `${d} rank 2: full U^H U`);
    }
    const [u0, s0, v0] = gp.linalg.svd(gp.zeros([2, 0, 3])) as gp.GpuArray[];
    expect([u0.shape, s0.shape, v0.shape]).to.deep.equal([[2, 0, 0], [2, 0], [2, 3, 3]]);
  });

  it("hermitian: NumPy's eigh-based SVD of the lower triangle (svd, pinv, matrixRank)", () => {
    // np.linalg.svd([[1, 2], [5, -4]], compute_uv=False, hermitian=True) reads [[1, 5], [5, -4]].
    const a = gp.array([[1, 2], [5, -4]], 'float64');
    expectClose(values(gp.linalg.svd(a, { computeUv: false, hermitian: true }) as gp.GpuArray), [7.0901699437494745, 4.0901699437494745], 1e-14, 1e-13);
    expectClose(values(gp.linalg.svd(a, true, false, true) as gp.GpuArray), [7.0901699437494745, 4.0901699437494745], 1e-14, 1e-13);
    expectClose(values(gp.linalg.pinv(a, { hermitian: true })), [0.1379310344827586, 0.1724137931034482, 0.1724137931034482, -0.03448275862068967], 1e-14, 1e-13);
    // [[1, 0], [3, 0]]: its lower triangle [[1, 3], [3, 0]] has rank 2 (the SVD's rank is 1).
    const b = gp.array([[1, 0], [3, 0]], 'float64');
    expect(Number(gp.linalg.matrixRank(b, { hermitian: true }).item())).to.equal(2);
    expect(Number(gp.linalg.matrixRank(b).item())).to.equal(1);
    // |w| descending, U the eigenvectors in that order, Vh = (U copysign(1, w))^H: a zero eigenvalue
    // gives +1, a negative one -1; float32 kept.
    const [u, s, vh] = gp.linalg.svd(gp.array([[1, 0], [0, 0]], 'float64'), { hermitian: true }) as gp.GpuArray[];
    // (NumPy: U = Vh = I; an eigenvector's sign is the solver's, and Vh's row follows U's column.)
    expect(values(s)).to.deep.equal([1, 0]);
    expect(values(u).map((x) => Math.abs(Number(x)))).to.deep.equal([1, 0, 0, 1]);
    expect(values(gp.subtract(vh, gp.conj(u).T)).map((x) => Math.abs(Number(x)))).to.deep.equal([0, 0, 0, 0]);
    // NumPy: U [[0, 1], [1, 0]], S [3, 2], Vh [[-0, -1], [1, 0]].
    const f = gp.array([[2, 0], [0, -3]], 'float32');
    const [uf, sf, vf] = gp.linalg.svd(f, { hermitian: true }) as gp.GpuArray[];
    expect([uf.dtype.name, sf.dtype.name, vf.dtype.name]).to.deep.equal(['float32', 'float32', 'float32']);
    expect(values(sf)).to.deep.equal([3, 2]);
    expect(values(uf).map((x) => Math.abs(Number(x)))).to.deep.equal([0, 1, 1, 0]);
    expectNear(gp.matmul(gp.multiply(uf, sf.expandDims(-2)), vf), f, 'float32', 'U S Vh');
    expect(() => gp.linalg.svd(gp.zeros([2, 3]), { hermitian: true })).to.throw(gp.LinAlgError, 'square');
  });
});

describeEachDevice('linalg: eigh, eigvalsh', () => {
  it('A V == V diag(w), V^H V == I, w ascending and real, every dtype, batched', () => {
    for (const d of SOLVER_DTYPES) {
      const a = hermitian(d, [3, 4, 4], 71);
      const [w, v] = gp.linalg.eigh(a);
      expect(w.dtype.name).to.equal(real(d));
      expect(v.dtype.name).to.equal(d);
      const wv = values(w) as number[];
      for (let i = 0; i + 1 < wv.length; i++) if ((i + 1) % 4 !== 0) expect(wv[i]).to.be.at.most(wv[i + 1]);
      expectNear(gp.matmul(a, v), gp.multiply(v, w.astype(d).expandDims(-2)), d, `${d} AV = VW`);
      expectNear(gp.matmul(adjoint(v), v), identities([3, 4, 4], d), d, `${d} V^H V`);
      expectNear(gp.linalg.eigvalsh(a), w, real(d), `${d} eigvalsh`);
    }
  });

  it("known eigenvalues; UPLO picks the triangle read; errors and empty", () => {
    expectClose(values(gp.linalg.eigvalsh(gp.array([[2, 1], [1, 2]], 'int32'))), [1, 3], 1e-14, 1e-14);
    // Lower triangle [[2, .], [1, 2]]: eigenvalues 1, 3; upper triangle [[2, 5], [., 2]]: -3, 7.
    const a = gp.array([[2, 5], [1, 2]], 'float64');
    expectClose(values(gp.linalg.eigvalsh(a)), [1, 3], 1e-14, 1e-14);
    expectClose(values(gp.linalg.eigvalsh(a, 'U')), [-3, 7], 1e-14, 1e-14);
    expectClose(values(gp.linalg.eigh(a, { UPLO: 'U' })[0]), [-3, 7], 1e-14, 1e-14);
    // Complex Hermitian [[1, -i], [i, 1]]: eigenvalues 0, 2.
    const z = gp.array([[1, { re: 0, im: -1 }], [{ re: 0, im: 1 }, 1]], 'complex128');
    expectClose(values(gp.linalg.eigvalsh(z)), [0, 2], 1e-14, 1e-14);
    expect(() => gp.linalg.eigh(a, 'X' as 'L')).to.throw(RangeError, 'UPLO');
    expect(() => gp.linalg.eigvalsh(gp.zeros([2, 3]))).to.throw(gp.LinAlgError, 'square');
    const [w0, v0] = gp.linalg.eigh(gp.zeros([0, 0]));
    expect([w0.shape, v0.shape]).to.deep.equal([[0], [0, 0]]);
  });
});

describeEachDevice('linalg: lstsq, pinv, matrixRank', () => {
  it('lstsq of an overdetermined system: the normal equations, residuals, rank, singular values', () => {
    // Fit y = c0 + c1 t at t = 0, 1, 2, 3 to y = 1, 3, 4, 8: c = (0.7, 2.2), residual 1.8.
    const a = gp.array([[1, 0], [1, 1], [1, 2], [1, 3]], 'float64');
    const [x, res, rank, s] = gp.linalg.lstsq(a, gp.array([1, 3, 4, 8], 'float64'));
    expectClose(values(x), [0.7, 2.2], 1e-13, 1e-13);
    expect(res.shape).to.deep.equal([1]);
    expectClose(values(res), [1.8], 1e-12, 1e-12);
    expect(rank).to.equal(2);
    expectClose(values(s), values(gp.linalg.svd(a, false, false) as gp.GpuArray), 1e-14, 1e-14);
    const [x2, res2] = gp.linalg.lstsq(a, gp.array([[1, 2], [3, 2], [4, 2], [8, 2]], 'float64'));
    expectClose(values(x2), [0.7, 2, 2.2, 0], 1e-13, 1e-13);
    expectClose(values(res2), [1.8, 0], 1e-12, 1e-12);
  });

  it('lstsq: rank-deficient gives the minimum-norm solution and no residuals; complex; errors', () => {
    const [x, res, rank] = gp.linalg.lstsq(gp.array([[1, 1], [1, 1], [1, 1]], 'float64'), gp.array([2, 2, 2], 'float64'));
    expectClose(values(x), [1, 1], 1e-13, 1e-13);
    expect(rank).to.equal(1);
    expect(res.shape).to.deep.equal([0]);
    const a = randomMatrix('complex128', [5, 3], 81);
    const b = randomMatrix('complex128', [5, 2], 82);
    const [xc] = gp.linalg.lstsq(a, b);
    // The residual is orthogonal to A's columns: A^H (A x - b) == 0.
    expectNear(gp.matmul(adjoint(a), gp.subtract(gp.matmul(a, xc), b)), gp.zeros([3, 2], 'complex128'), 'complex128', 'normal equations');
    expect(() => gp.linalg.lstsq(gp.zeros([3, 2]), gp.zeros([2]))).to.throw(gp.LinAlgError, 'Incompatible dimensions');
  });

  it('pinv: A pinv(A) A == A and pinv(A) A pinv(A) == pinv(A), batched; equals inv for invertible A', () => {
    for (const d of SOLVER_DTYPES) {
      const a = randomMatrix(d, [2, 4, 3], 91);
      const p = gp.linalg.pinv(a);
      expect(p.shape).to.deep.equal([2, 3, 4]);
      expectNear(gp.matmul(gp.matmul(a, p), a), a, d, `${d} A P A`);
      expectNear(gp.matmul(gp.matmul(p, a), p), p, d, `${d} P A P`);
    }
    const sq = randomMatrix('float64', [3, 3], 92, 2);
    expectNear(gp.linalg.pinv(sq), gp.linalg.inv(sq), 'float64', 'pinv = inv');
    // pinv of a rank-1 matrix u v^T: v u^T / (|u|^2 |v|^2).
    expectClose(values(gp.linalg.pinv(gp.array([[1, 2], [2, 4]], 'float64'))), [0.04, 0.08, 0.08, 0.16], 1e-13, 1e-13);
  });

  it("NumPy's argument rules: pinv rcond with rtol refused, rcond null; lstsq with an empty side; lower-case UPLO; unknown options", () => {
    const rk = gp.array([[1, 2, 3], [2, 4, 6], [1, 0, 1], [0, 1, 1]], 'float64');
    expect(() => gp.linalg.pinv(rk, { rcond: 0.3, rtol: 0.3 })).to.throw(RangeError, /both/);
    // np.linalg.pinv(rk, None) (1e-15 cutoff), and rtol=0.3 (drops the second singular value).
    expectClose(values(gp.linalg.pinv(rk, null)).slice(2, 5), [0.666666666667, -0.333333333333, 0.038461538462], 1e-11, 1e-11);
    expectClose(values(gp.linalg.pinv(rk, { rtol: 0.3 })).slice(0, 2), [0.0139157585, 0.027831517], 1e-9, 1e-9);
    // np.linalg.lstsq(zeros((3, 0)), [1, 2, 2]): x (0,), residuals [9], rank 0, s (0,).
    const [x0, r0, k0, s0] = gp.linalg.lstsq(gp.zeros([3, 0]), gp.array([1, 2, 2], 'float64'));
    expect([x0.shape, r0.shape, s0.shape, k0]).to.deep.equal([[0], [1], [0], 0]);
    expect(values(r0)).to.deep.equal([9]);
    // np.linalg.lstsq(zeros((0, 3)), zeros(0)): x zeros (3,), residuals empty.
    const [x1, r1, k1] = gp.linalg.lstsq(gp.zeros([0, 3]), gp.zeros([0]));
    expect([values(x1), r1.shape, k1]).to.deep.equal([[0, 0, 0], [0], 0]);
    expect(gp.linalg.lstsq(gp.zeros([0, 2]), gp.zeros([0, 3]))[0].shape).to.deep.equal([2, 3]);
    const sq = gp.array([[2, 1], [5, 3]], 'float64');
    expectClose(values(gp.linalg.eigvalsh(sq, 'u' as never)), [1.38196601125, 3.61803398875], 1e-10, 1e-10);
    expectClose(values(gp.linalg.eigvalsh(sq, { UPLO: 'l' as never })), [-2.52493781056, 7.52493781056], 1e-10, 1e-10);
    for (const f of [
      () => gp.linalg.pinv(rk, { rcon: 0.3 } as never),
      () => gp.linalg.lstsq(rk, gp.ones([4]), { rc: 1 } as never),
      () => gp.linalg.matrixRank(rk, { tl: 1 } as never),
      () => gp.linalg.svd(rk, { computeUV: false } as never),
      () => gp.linalg.eigh(sq, { uplo: 'U' } as never),
      () => gp.linalg.cholesky(sq, { lower: true } as never),
      () => gp.linalg.qr(rk, { mod: 'r' } as never),
    ]) expect(f).to.throw(TypeError, /unknown option/);
  });

  it("pinv of empty matrices keeps the input's dtype (NumPy's empty(..., a.dtype)); matrixRank refuses tol with rtol", () => {
    // np.linalg.pinv(zeros((0, 3), int32)).dtype is int32, of zeros((2, 3, 0), bool) bool with shape (2, 0, 3);
    // an empty stack of 1x1 matrices goes through the SVD: np.linalg.pinv(zeros((0, 1, 1), int64)).dtype is float64.
    const p = gp.linalg.pinv(gp.zeros([0, 3], 'int32'));
    expect([p.dtype.name, p.shape]).to.deep.equal(['int32', [3, 0]]);
    const b = gp.linalg.pinv(gp.zeros([2, 3, 0], 'bool'));
    expect([b.dtype.name, b.shape]).to.deep.equal(['bool', [2, 0, 3]]);
    const s = gp.linalg.pinv(gp.zeros([0, 1, 1], 'int64'));
    expect([s.dtype.name, s.shape]).to.deep.equal(['float64', [0, 1, 1]]);
    // np.linalg.matrix_rank(a, tol=0.5, rtol=0.5): ValueError "`tol` and `rtol` can't be both set."
    const a = gp.array([[1, 0], [0, 1e-3]], 'float64');
    expect(() => gp.linalg.matrixRank(a, { tol: 0.5, rtol: 0.5 })).to.throw(RangeError, /both/);
    expect(values(gp.linalg.matrixRank(a, { tol: null, rtol: 0.5 }))).to.deep.equal([1n]);
  });

  it('matrixRank: full, deficient, batched, tol, 1-D', () => {
    expect(values(gp.linalg.matrixRank(gp.array([[1, 2], [2, 4]], 'float64')))).to.deep.equal([1n]);
    const r = gp.linalg.matrixRank(gp.array([[[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[1, 2, 3], [2, 4, 6], [1, 0, 0]]], 'float32'));
    expect(r.shape).to.deep.equal([2]);
    expect(values(r)).to.deep.equal([3n, 2n]);
    expect(values(gp.linalg.matrixRank(gp.array([[1, 0], [0, 1e-3]], 'float64'), { tol: 1e-2 }))).to.deep.equal([1n]);
    expect(values(gp.linalg.matrixRank(gp.array([0, 0, 1], 'float64')))).to.deep.equal([1n]);
    expect(values(gp.linalg.matrixRank(gp.zeros([3], 'float64')))).to.deep.equal([0n]);
  });

  it('views (transposed, strided) and float16 (computed in float32, returned as float16)', () => {
    const a = randomMatrix('float64', [4, 6], 101);
    const t = a.T; // 6 x 4, not contiguous
    const [u, s, vh] = gp.linalg.svd(t, false) as gp.GpuArray[];
    expectNear(gp.matmul(gp.multiply(u, s.expandDims(-2)), vh), t, 'float64', 'svd of a transposed view');
    const h = hermitianPD('float64', [5, 5], 102);
    const view = h.slice('::2', '::2'); // 3 x 3 principal submatrix, strided
    const l = gp.linalg.cholesky(view);
    expectNear(gp.matmul(l, l.T), view, 'float64', 'cholesky of a strided view');
    const [q, r] = gp.linalg.qr(t) as gp.GpuArray[];
    expectNear(gp.matmul(q, r), t, 'float64', 'qr of a transposed view');
    const half = gp.array([[2, 1], [1, 3]], 'float16');
    const w = gp.linalg.eigvalsh(half);
    expect(w.dtype.name).to.equal('float16');
    expectClose(values(w), [(5 - Math.sqrt(5)) / 2, (5 + Math.sqrt(5)) / 2], 2e-3, 2e-3);
    const d = gp.linalg.det(half);
    expect(d.dtype.name).to.equal('float16');
    expectClose(values(d), [5], 1e-3, 1e-3);
    expect(gp.linalg.inv(half).dtype.name).to.equal('float16');
  });
});

