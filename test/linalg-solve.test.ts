// gp.linalg's LU family (det, slogdet, inv, solve, matrixPower) on every backend: determinants
// against host cofactor expansions, inverses and solutions through their defining identities,
// NumPy 2's shape rules for solve, dtypes, batched and empty stacks, LinAlgError cases.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectClose } from './reduction-reference.js';
import { SOLVER_DTYPES, expectNear, identities, randomMatrix, values } from './linalg-solve-support.js';

const det3 = (m: number[][]) =>
  m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);

describeEachDevice('linalg: det, slogdet', () => {
  const mats = [
    [[4, 3, 2], [1, 5, 7], [2, 8, 3]],
    [[0, 2, 1], [3, -1, 4], [5, 6, -2]], // a zero first pivot: LU must swap rows
  ];

  it('det of a stack against cofactor expansion; integers give float64, float32 stays', () => {
    const d = gp.linalg.det(gp.array(mats, 'int32'));
    expect(d.dtype.name).to.equal('float64');
    expect(d.shape).to.deep.equal([2]);
    expectClose(values(d), mats.map(det3), 1e-13, 1e-13);
    const f = gp.linalg.det(gp.array(mats, 'float32'));
    expect(f.dtype.name).to.equal('float32');
    expectClose(values(f), mats.map(det3), 1e-5, 1e-4);
  });

  it('complex det of 2x2 matrices: ad - bc', () => {
    const z = [{ re: 1, im: 2 }, { re: -1, im: 0.5 }, { re: 3, im: -1 }, { re: 0, im: 2 }];
    const mul = (x: { re: number; im: number }, y: { re: number; im: number }) => ({ re: x.re * y.re - x.im * y.im, im: x.re * y.im + x.im * y.re });
    const ad = mul(z[0], z[3]);
    const bc = mul(z[1], z[2]);
    for (const d of ['complex64', 'complex128']) {
      const r = gp.linalg.det(gp.array(z, d).reshape([2, 2]));
      expect(r.dtype.name).to.equal(d);
      expectClose(values(r), [{ re: ad.re - bc.re, im: ad.im - bc.im }], 1e-6, 1e-6);
    }
  });

  it('slogdet: sign * exp(logabsdet) == det, singular gives [0, -inf], complex sign on the unit circle', () => {
    const [s, l] = gp.linalg.slogdet(gp.array(mats, 'float64'));
    expectClose(values(s), mats.map((m) => Math.sign(det3(m))), 0, 0);
    expectClose(values(l), mats.map((m) => Math.log(Math.abs(det3(m)))), 1e-13, 1e-13);
    const [s0, l0] = gp.linalg.slogdet(gp.array([[1, 2], [2, 4]], 'float64'));
    expect(values(s0)).to.deep.equal([0]);
    expect(values(l0)).to.deep.equal([-Infinity]);
    expect(values(gp.linalg.det(gp.array([[1, 2], [2, 4]], 'float64')))).to.deep.equal([0]);
    const a = randomMatrix('complex128', [3, 3], 7, 1);
    const [sc, lc] = gp.linalg.slogdet(a);
    expect(lc.dtype.name).to.equal('float64');
    const dv = values(gp.linalg.det(a))[0] as { re: number; im: number };
    const sv = values(sc)[0] as { re: number; im: number };
    const lv = values(lc)[0] as number;
    expectClose([{ re: sv.re * Math.exp(lv), im: sv.im * Math.exp(lv) }], [dv], 1e-12, 1e-12);
  });

  it('empty: det of 0x0 is 1; a batch of none gives an empty result', () => {
    expect(values(gp.linalg.det(gp.zeros([2, 0, 0])))).to.deep.equal([1, 1]);
    expect(gp.linalg.det(gp.zeros([0, 3, 3])).shape).to.deep.equal([0]);
    const [s, l] = gp.linalg.slogdet(gp.zeros([0, 0]));
    expect([values(s), values(l)]).to.deep.equal([[1], [0]]);
  });

  it('non-square and 1-D input: LinAlgError', () => {
    expect(() => gp.linalg.det(gp.zeros([2, 3]))).to.throw(gp.LinAlgError, 'Last 2 dimensions of the array must be square');
    expect(() => gp.linalg.det(gp.zeros([3]))).to.throw(gp.LinAlgError, '1-dimensional array given. Array must be at least two-dimensional');
  });
});

describeEachDevice('linalg: inv, solve, matrixPower', () => {
  it('A @ inv(A) == I for every dtype, batched', () => {
    for (const d of SOLVER_DTYPES) {
      const a = randomMatrix(d, [2, 3, 4, 4], 11, 3);
      const ai = gp.linalg.inv(a);
      expect(ai.dtype.name).to.equal(d);
      expect(ai.shape).to.deep.equal([2, 3, 4, 4]);
      expectNear(gp.matmul(a, ai), identities([2, 3, 4, 4], d), d, `${d} A inv(A)`);
      expectNear(gp.matmul(ai, a), identities([2, 3, 4, 4], d), d, `${d} inv(A) A`);
    }
  });

  it('inv: exact small case, integers as float64, a transposed view, singular and empty', () => {
    const ai = gp.linalg.inv(gp.array([[2, 1], [7, 4]], 'int64'));
    expect(ai.dtype.name).to.equal('float64');
    expectClose(values(ai), [4, -1, -7, 2], 1e-14, 1e-14);
    const t = gp.linalg.inv(gp.array([[2, 1], [7, 4]], 'float64').T);
    expectClose(values(t), [4, -7, -1, 2], 1e-14, 1e-14);
    expect(() => gp.linalg.inv(gp.array([[1, 2], [2, 4]], 'float64'))).to.throw(gp.LinAlgError, 'Singular matrix');
    // One singular matrix in a batch fails the call.
    expect(() => gp.linalg.inv(gp.array([[[1, 0], [0, 1]], [[0, 0], [0, 0]]], 'float32'))).to.throw(gp.LinAlgError, 'Singular matrix');
    expect(gp.linalg.inv(gp.zeros([3, 0, 0])).shape).to.deep.equal([3, 0, 0]);
  });

  it('inv of single matrices needing row interchanges (cuSOLVER and cuBLAS on cuda): permutations exactly, random matrices by identity', () => {
    // A permutation matrix's inverse is its transpose, and every LU step on it is exact: the
    // pivots' permutation must come out right, whichever order the interchanges chain in.
    const n = 70;
    const perm = Array.from({ length: n }, (_, i) => (i * 37 + 11) % n);
    const p = Array.from({ length: n * n }, (_, e) => (perm[Math.floor(e / n)] === e % n ? 1 : 0));
    const pi = gp.linalg.inv(gp.array(p, 'float64').reshape([n, n]));
    expect(values(pi)).to.deep.equal(Array.from({ length: n * n }, (_, e) => p[(e % n) * n + Math.floor(e / n)]));
    // Well conditioned (a dominant diagonal) with its rows shuffled: every column pivots.
    const rows = gp.array(Array.from({ length: 48 }, (_, i) => (i * 29 + 5) % 48), 'int64');
    for (const d of SOLVER_DTYPES) {
      const a = gp.take(randomMatrix(d, [48, 48], 31, 4), rows, { axis: 0 });
      const ai = gp.linalg.inv(a);
      expect(ai.dtype.name).to.equal(d);
      expectNear(gp.matmul(a, ai), identities([48, 48], d), d, `${d} A inv(A), 48x48`);
    }
  });

  it('solve with row interchanges (applied apart from getrs): permutations exactly, shuffled rows, many right-hand sides, batched', () => {
    // P x = b has x = P^T b exactly, whichever order the interchanges chain in.
    const n = 70;
    const perm = Array.from({ length: n }, (_, i) => (i * 37 + 11) % n);
    const p = gp.array(Array.from({ length: n * n }, (_, e) => (perm[Math.floor(e / n)] === e % n ? 1 : 0)), 'float64').reshape([n, n]);
    const b = Array.from({ length: n }, (_, i) => i * 3 - 50);
    const want = Array.from({ length: n }, (_, j) => b[perm.indexOf(j)]);
    expect(values(gp.linalg.solve(p, gp.array(b, 'float64')))).to.deep.equal(want);
    // Shuffled well-conditioned rows: every column pivots; 200 right-hand sides span several blocks on the GPU.
    const rows = gp.array(Array.from({ length: 48 }, (_, i) => (i * 29 + 5) % 48), 'int64');
    for (const d of SOLVER_DTYPES) {
      const a = gp.take(randomMatrix(d, [3, 48, 48], 41, 4), rows, { axis: 1 });
      const bm = randomMatrix(d, [3, 48, 200], 42);
      const x = gp.linalg.solve(a, bm);
      expect(x.dtype.name).to.equal(d);
      expectNear(gp.matmul(a, x), bm, d, `${d} A x, 3 x 48x48 by 48x200`);
      const bv = randomMatrix(d, [1, 48], 43).reshape([48]);
      expectNear(gp.matmul(a.slice(1), gp.linalg.solve(a.slice(1), bv)), bv, d, `${d} A x, one vector`);
    }
  });

  it('solve with a vector and a matrix right-hand side: A x == b, every dtype', () => {
    for (const d of SOLVER_DTYPES) {
      const a = randomMatrix(d, [5, 5], 21, 3);
      const b = randomMatrix(d, [1, 5], 22).reshape([5]);
      const x = gp.linalg.solve(a, b);
      expect(x.shape).to.deep.equal([5]);
      expect(x.dtype.name).to.equal(d);
      expectNear(gp.matmul(a, x), b, d, `${d} vector`);
      const bm = randomMatrix(d, [5, 3], 23);
      const xm = gp.linalg.solve(a, bm);
      expect(xm.shape).to.deep.equal([5, 3]);
      expectNear(gp.matmul(a, xm), bm, d, `${d} matrix`);
    }
  });

  it("solve: batch dims broadcast; NumPy 2 takes a 2-D b as a matrix, not a stack of vectors", () => {
    const a = randomMatrix('float64', [2, 3, 3], 31, 2);
    const b = randomMatrix('float64', [3, 2], 32);
    const x = gp.linalg.solve(a, b);
    expect(x.shape).to.deep.equal([2, 3, 2]);
    expectNear(gp.matmul(a, x), b.broadcastTo([2, 3, 2]), 'float64', 'broadcast b');
    const bb = randomMatrix('float64', [4, 1, 3, 2], 33);
    expect(gp.linalg.solve(a, bb).shape).to.deep.equal([4, 2, 3, 2]);
    const v = gp.linalg.solve(a, gp.array([1, 2, 3], 'int32'));
    expect(v.shape).to.deep.equal([2, 3]);
    expectNear(gp.matmul(a, v.expandDims(-1)).squeeze(-1), gp.array([[1, 2, 3], [1, 2, 3]], 'float64'), 'float64', '1-D b');
    // (2, 3, 3) with b (2, 3): b is one 2 x 3 matrix, whose 2 rows do not match 3.
    expect(() => gp.linalg.solve(a, gp.zeros([2, 3]))).to.throw(RangeError, 'mismatch in its core dimension 0');
    // getrf's info is read after getrs is queued: the error leaves nothing allocated behind.
    const sa = gp.array([[1, 2], [2, 4]]);
    const sb = gp.array([1, 1]);
    const inUse = gp.getMemoryPool().usedBytes();
    expect(() => gp.linalg.solve(sa, sb)).to.throw(gp.LinAlgError, 'Singular matrix');
    expect(() => gp.linalg.inv(sa)).to.throw(gp.LinAlgError, 'Singular matrix');
    expect(gp.getMemoryPool().usedBytes()).to.equal(inUse);
    expect(() => gp.linalg.solve(gp.zeros([2, 3]), gp.zeros([2]))).to.throw(gp.LinAlgError, 'square');
    expect(gp.linalg.solve(gp.zeros([0, 0]), gp.zeros([0])).shape).to.deep.equal([0]);
  });

  it('matrixPower: integer powers exact, 0 gives identities, negative powers invert', () => {
    const a = gp.array([[1, 2], [3, 4]], 'int64');
    const p3 = gp.linalg.matrixPower(a, 3);
    expect(p3.dtype.name).to.equal('int64');
    expect(values(p3)).to.deep.equal([37n, 54n, 81n, 118n]);
    expect(values(gp.linalg.matrixPower(a, 0))).to.deep.equal([1n, 0n, 0n, 1n]);
    expect(values(gp.linalg.matrixPower(a, 1))).to.deep.equal([1n, 2n, 3n, 4n]);
    const m2 = gp.linalg.matrixPower(gp.array([[1, 2], [3, 4]], 'float64'), -2);
    // inv(A)^2 = [[5.5, -2.5], [-3.75, 1.75]]
    expectClose(values(m2), [5.5, -2.5, -3.75, 1.75], 1e-13, 1e-13);
    expect(() => gp.linalg.matrixPower(a, 1.5)).to.throw(TypeError, 'exponent must be an integer');
    // A bigint exponent is an integer (Python's int): matrix_power(a, 3).
    expect(values(gp.linalg.matrixPower(a, 3n))).to.deep.equal([37n, 54n, 81n, 118n]);
  });
});
