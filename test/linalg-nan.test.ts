// NaN in linalg's inputs, as NumPy 2.4 answers it: LU's users (det, slogdet, inv, solve) carry
// the NaN into every result it touches; the SVD's users raise "SVD did not converge"; eigh and
// eigvalsh raise "Eigenvalues did not converge" for a NaN in the triangle they read. One matrix (a
// vendor solver on cuda) and a batch of small ones (our kernels on both backends) alike.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => ([r.toArray()] as unknown[]).flat(Infinity as 1).map(Number);
/** The real parts of a complex result (NaN wherever a NaN went in), else the values. */
const reals = (r: gp.GpuArray) => values(r.dtype.isComplex ? r.real : r);

describeEachDevice('linalg with NaN inputs', () => {
  // NaN above the diagonal of an upper-triangular matrix: its LU's multipliers are all zero,
  // and 0 * NaN still reaches U (NumPy: det NaN, solve all NaN).
  const upper = (dt: gp.DTypeName = 'float64') => gp.array([[1, NaN], [0, 1]], dt);
  const stack = (dt: gp.DTypeName = 'float64') => gp.array([[[1, NaN], [0, 1]], [[2, 0], [0, 3]], [[0, 1], [NaN, 1]]], dt);

  for (const dt of ['float64', 'float32', 'complex128'] as const) {
    it(`det, slogdet, inv and solve carry NaN (${dt})`, () => {
      expect(Number.isNaN(reals(gp.linalg.det(upper(dt)))[0])).to.equal(true);
      expect(reals(gp.linalg.solve(upper(dt), gp.ones([2], dt))).every(Number.isNaN)).to.equal(true);
      expect(reals(gp.linalg.inv(upper(dt))).every(Number.isNaN)).to.equal(true);
      // The batch: matrices without NaN keep their answers.
      const det = reals(gp.linalg.det(stack(dt)));
      expect(Number.isNaN(det[0]) && det[1] === 6 && Number.isNaN(det[2])).to.equal(true);
      const x = reals(gp.linalg.solve(stack(dt), gp.ones([3, 2, 1], dt)));
      expect(x[2]).to.be.closeTo(0.5, 1e-6);
      expect(x[3]).to.be.closeTo(1 / 3, 1e-6);
      expect([0, 1, 4, 5].every((i) => Number.isNaN(x[i]))).to.equal(true);
    });
  }

  it("a NaN in b's column makes that column of x NaN; a singular matrix's det stays 0; dtypes kept", () => {
    const x = gp.linalg.solve(gp.eye(3, { dtype: 'float32' }), gp.array([[1, NaN], [1, 1], [1, 1]], 'float32'));
    expect(x.dtype.name).to.equal('float32');
    const v = values(x);
    expect([v[0], v[2], v[4]]).to.deep.equal([1, 1, 1]);
    expect([v[1], v[3], v[5]].every(Number.isNaN)).to.equal(true);
    expect(values(gp.linalg.solve(gp.eye(3), gp.array([1, NaN, 1]))).every(Number.isNaN)).to.equal(true);
    // A singular matrix with a NaN: NaN here on both backends (NumPy's OpenBLAS finds the zero
    // pivot and gives 0; cuSOLVER's pivots cannot be trusted once a NaN is in A).
    expect(values(gp.linalg.det(gp.array([[0, NaN], [0, 1]]))).every(Number.isNaN)).to.equal(true);
    expect(values(gp.linalg.det(gp.array([[0, 2], [0, 1]])))).to.deep.equal([0]);
    // A NaN is no singular matrix: inv and solve give NaN, never LinAlgError.
    expect(values(gp.linalg.inv(gp.array([[0, 1], [NaN, 1]]))).every(Number.isNaN)).to.equal(true);
    expect(values(gp.linalg.solve(gp.array([[0, 1], [NaN, 1]]), gp.ones([2]))).every(Number.isNaN)).to.equal(true);
    expect(() => gp.linalg.inv(gp.array([[0, 1], [0, 1]]))).to.throw(gp.linalg.LinAlgError, /Singular matrix/);
    expect(gp.linalg.det(upper('float32')).dtype.name).to.equal('float32');
    expect(gp.linalg.inv(upper('complex64')).dtype.name).to.equal('complex64');
    // Integer matrices hold no NaN: their results as before.
    expect(values(gp.linalg.det(gp.array([[2, 1], [1, 3]], 'int32')))[0]).to.be.closeTo(5, 1e-12);
  });

  it("slogdet's sign of a real NaN determinant stays 1 or -1 (NumPy's), a complex one's is NaN", () => {
    const [sign, logdet] = gp.linalg.slogdet(upper());
    expect(values(sign)).to.deep.equal([1]);
    expect(Number.isNaN(values(logdet)[0])).to.equal(true);
    const [s2, l2] = gp.linalg.slogdet(gp.array([[-1, NaN], [0, 1]], 'float32'));
    expect(values(s2)).to.deep.equal([-1]);
    expect(Number.isNaN(values(l2)[0])).to.equal(true);
    // A NaN matrix whose LU may report a zero pivot (cuSOLVER's): the sign is still 1 or -1.
    const [s3, l3] = gp.linalg.slogdet(gp.array([[0, 1], [NaN, 1]]));
    expect(Math.abs(values(s3)[0])).to.equal(1);
    expect(Number.isNaN(values(l3)[0])).to.equal(true);
    const [sc] = gp.linalg.slogdet(upper('complex128'));
    expect(Number.isNaN(reals(sc)[0])).to.equal(true);
  });

  it('the SVD and its users raise LinAlgError for any NaN', () => {
    const L = gp.linalg;
    const nan = () => gp.array([[1, 2, 3], [4, NaN, 6]], 'float64');
    const calls: [string, () => unknown, RegExp][] = [
      ['svd', () => L.svd(nan()), /^SVD did not converge$/],
      ['svd without uv', () => L.svd(nan(), { computeUv: false }), /^SVD did not converge$/],
      ['svdvals', () => L.svdvals(nan()), /^SVD did not converge$/],
      ['pinv', () => L.pinv(nan()), /^SVD did not converge$/],
      ['matrixRank', () => L.matrixRank(nan()), /^SVD did not converge$/],
      ['cond', () => L.cond(gp.array([[1, NaN], [0, 1]])), /^SVD did not converge$/],
      ['norm 2', () => L.norm(nan(), 2), /^SVD did not converge$/],
      ['norm nuc', () => L.norm(nan(), 'nuc'), /^SVD did not converge$/],
      ['lstsq', () => L.lstsq(nan().T, gp.ones([3])), /^SVD did not converge in Linear Least Squares$/],
      ['a 1 x 1 matrix', () => L.svd(gp.array([[NaN]], 'float32')), /^SVD did not converge$/],
      ['a batch', () => L.svd(gp.stack([gp.eye(2), gp.array([[NaN, 0], [0, 1]])])), /^SVD did not converge$/],
      ['complex', () => L.svd(gp.array([[1, 0], [0, 1]], 'complex64').multiply(gp.array(NaN, 'complex64'))), /^SVD did not converge$/],
    ];
    for (const [name, call, message] of calls) expect(call, name).to.throw(gp.linalg.LinAlgError, message);
    // cond with p 1 goes through inv: NaN, no error (NumPy's).
    expect(Number.isNaN(values(L.cond(gp.array([[1, NaN], [0, 1]]), 1))[0])).to.equal(true);
  });

  it('eigh and eigvalsh raise for a NaN in the triangle they read, and ignore the other one', () => {
    const low = () => gp.array([[2, 1, 0], [NaN, 3, 1], [0, 1, 4]], 'float64');
    for (const f of [gp.linalg.eigh, gp.linalg.eigvalsh] as ((a: gp.GpuArray, o?: { UPLO?: 'L' | 'U' }) => unknown)[]) {
      expect(() => f(low())).to.throw(gp.linalg.LinAlgError, /^Eigenvalues did not converge$/);
      expect(() => f(gp.stack([gp.eye(3), low()]))).to.throw(gp.linalg.LinAlgError, /^Eigenvalues did not converge$/);
    }
    // UPLO 'U' never reads the NaN: the eigenvalues of [[2,1,0],[1,3,1],[0,1,4]].
    const w = values(gp.linalg.eigvalsh(low(), { UPLO: 'U' }));
    [3 - Math.sqrt(3), 3, 3 + Math.sqrt(3)].forEach((v, i) => expect(w[i]).to.be.closeTo(v, 1e-12));
    // A 1 x 1 matrix's NaN is its eigenvalue (LAPACK's answer too).
    expect(Number.isNaN(values(gp.linalg.eigvalsh(gp.array([[NaN]], 'float32')))[0])).to.equal(true);
  });

  it('det and slogdet of matrices with an infinity: NumPy\'s values (the LU of A, not of A^T)', () => {
    // NumPy 2.4: det [[1, inf], [0, 1]] is nan (1 - 0 inf), slogdet (1, nan); the others by its LU.
    const cases: [number[][], number, [number, number]][] = [
      [[[1, Infinity], [0, 1]], NaN, [1, NaN]],
      [[[Infinity, 0], [0, 1]], Infinity, [1, Infinity]],
      [[[1, 2], [Infinity, 1]], -Infinity, [-1, Infinity]],
      [[[2, 1, 0], [1, Infinity, 1], [0, 1, 2]], Infinity, [1, Infinity]],
    ];
    for (const [m, det, [sign, logabs]] of cases) {
      const a = gp.array(m);
      expect(values(gp.linalg.det(a)), JSON.stringify(m)).to.deep.equal([det]);
      expect(values(gp.linalg.det(gp.stack([a, a]))), JSON.stringify(m)).to.deep.equal([det, det]);
      const [s, l] = gp.linalg.slogdet(a);
      expect([...values(s), ...values(l)], JSON.stringify(m)).to.deep.equal([sign, logabs]);
    }
  });

  it('eig and eigvals still refuse infinities and NaNs', () => {
    expect(() => gp.linalg.eigvals(gp.array([[1, Infinity], [0, 1]]))).to.throw(gp.linalg.LinAlgError, /must not contain infs or NaNs/);
    expect(() => gp.linalg.eig(upper())).to.throw(gp.linalg.LinAlgError, /must not contain infs or NaNs/);
  });
});
