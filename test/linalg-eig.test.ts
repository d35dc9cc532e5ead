// gp.linalg.eig and eigvals (the general eigenproblem) and their users roots and poly, on every
// backend: A V == V diag(w) with each v unit-norm and its largest component real (true whatever the
// solver's order and phases); eigenvalues against NumPy 2.4's, sorted (the order is the solver's,
// as CuPy's); NumPy's result dtypes (real when a real input's eigenvalues all are), exact
// conjugate pairs, batches, empty stacks and LinAlgError.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { expectClose } from './reduction-reference.js';
import { SOLVER_DTYPES, randomMatrix, values } from './linalg-solve-support.js';

type C = { re: number; im: number };
const asC = (v: unknown): C => (typeof v === 'object' && v !== null ? { re: (v as C).re, im: (v as C).im } : { re: Number(v), im: 0 });
const cvalues = (x: gp.GpuArray): C[] => (values(x) as unknown[]).map(asC);
const byReIm = (x: C, y: C) => x.re - y.re || x.im - y.im;
const flatC = (w: C[]) => w.flatMap((z) => [z.re, z.im]);
const eps = (d: string) => (d === 'float32' || d === 'complex64' ? 1.2e-7 : 2.2e-16);

/** Checks A v_j = w_j v_j, |v_j| = 1 and v_j's largest component real, for each matrix of a stack. */
function checkEig(a: gp.GpuArray, w: gp.GpuArray, v: gp.GpuArray, what: string): void {
  const n = a.shape[a.ndim - 1];
  const batch = a.size / (n * n);
  const A = cvalues(a), W = cvalues(w), V = cvalues(v);
  const d = a.dtype.name;
  let scale = 0;
  for (const z of A) scale = Math.max(scale, Math.hypot(z.re, z.im));
  const tolerance = 50 * n * eps(d) * Math.max(scale, 1);
  for (let b = 0; b < batch; b++) {
    for (let j = 0; j < n; j++) {
      const wj = W[b * n + j];
      let nn = 0;
      for (let i = 0; i < n; i++) {
        let re = 0, im = 0;
        for (let k = 0; k < n; k++) {
          const x = A[b * n * n + i * n + k], y = V[b * n * n + k * n + j];
          re += x.re * y.re - x.im * y.im;
          im += x.re * y.im + x.im * y.re;
        }
        const y = V[b * n * n + i * n + j];
        re -= wj.re * y.re - wj.im * y.im;
        im -= wj.re * y.im + wj.im * y.re;
        expect(Math.hypot(re, im), `${what}: (A v - w v)[${b}, ${i}] of eigenvector ${j}`).to.be.at.most(tolerance);
        nn += y.re * y.re + y.im * y.im;
      }
      expect(Math.abs(Math.sqrt(nn) - 1), `${what}: |v_${j}|`).to.be.at.most(20 * n * eps(d));
      // The largest component (of those tied within rounding) is exactly real.
      const mags = Array.from({ length: n }, (_, i) => Math.hypot(V[b * n * n + i * n + j].re, V[b * n * n + i * n + j].im));
      const top = Math.max(...mags);
      const realTop = mags.some((m, i) => m >= top * (1 - 100 * eps(d)) && V[b * n * n + i * n + j].im === 0);
      expect(realTop, `${what}: v_${j}'s largest component is real`).to.equal(true);
    }
  }
}

/** A real 5 x 5 with two complex pairs and one real eigenvalue, well conditioned. */
const A5 = Array.from({ length: 5 }, (_, i) => Array.from({ length: 5 }, (_, j) => ((i * i * 3 + j * 5 + 2 * i * j + 1) % 13) - 6));
// NumPy 2.4: np.sort_complex(np.linalg.eigvals(A5)).
const A5_EIGVALS: C[] = [
  { re: -4.080202807505188, im: -5.846972195080661 },
  { re: -4.080202807505188, im: 5.846972195080661 },
  { re: 3.522530633563914, im: -6.015251928156894 },
  { re: 3.522530633563914, im: 6.015251928156894 },
  { re: 7.115344347882547, im: 0 },
];
/** A complex 4 x 4. */
const Z4 = Array.from({ length: 4 }, (_, i) => Array.from({ length: 4 }, (_, j) => ({ re: ((i * 5 + j * 2) % 7) - 3, im: ((i + 3 * j) % 5) - 2 })));
const Z4_EIGVALS: C[] = [
  { re: -5.069289608083595, im: -0.38574819628497276 },
  { re: -3.1743280077089793, im: 5.3573797824201534 },
  { re: -2.841539121716553, im: -3.849694769061737 },
  { re: -0.9148432624908724, im: -0.12193681707344257 },
];

describeEachDevice('linalg: eig, eigvals', () => {
  it("NumPy's eigenvalues of a real and a complex matrix (sorted), and eig's pairs A v = w v", () => {
    for (const d of ['float64', 'float32'] as const) {
      const a = gp.array(A5, d);
      const w = gp.linalg.eigvals(a);
      expect(w.dtype.name).to.equal(d === 'float32' ? 'complex64' : 'complex128');
      const tol = d === 'float32' ? 2e-5 : 1e-12;
      expectClose(flatC(cvalues(w).sort(byReIm)), flatC(A5_EIGVALS), tol, tol, d);
      const [w2, v] = gp.linalg.eig(a);
      checkEig(a, w2, v, `A5 ${d}`);
    }
    for (const d of ['complex128', 'complex64'] as const) {
      const z = gp.array(Z4, d);
      const tol = d === 'complex64' ? 2e-5 : 1e-12;
      expectClose(flatC(cvalues(gp.linalg.eigvals(z)).sort(byReIm)), flatC(Z4_EIGVALS), tol, tol, d);
      const [w, v] = gp.linalg.eig(z);
      expect([w.dtype.name, v.dtype.name]).to.deep.equal([d, d]);
      checkEig(z, w, v, `Z4 ${d}`);
    }
  });

  it('a real input: complex eigenvalues in exact conjugate pairs (positive imaginary part first), vectors conjugate too', () => {
    const [w, v] = gp.linalg.eig(gp.array(A5, 'float64'));
    const W = cvalues(w), V = cvalues(v);
    for (let j = 0; j < 5; j++) {
      if (W[j].im === 0) {
        for (let i = 0; i < 5; i++) expect(V[i * 5 + j].im).to.equal(0);
        continue;
      }
      expect(W[j].im, 'the first of a pair').to.be.above(0);
      expect(W[j + 1]).to.deep.equal({ re: W[j].re, im: -W[j].im });
      for (let i = 0; i < 5; i++) expect(V[i * 5 + j + 1]).to.deep.equal({ re: V[i * 5 + j].re, im: -V[i * 5 + j].im });
      j++;
    }
  });

  it("NumPy's dtypes: real results when every eigenvalue is real; integers and bool in float64", () => {
    const [w, v] = gp.linalg.eig(gp.array([[1, 2], [3, 4]], 'int32'));
    expect([w.dtype.name, v.dtype.name]).to.deep.equal(['float64', 'float64']);
    // NumPy: w [-0.37228132, 5.37228132], v [[-0.82456484, -0.41597356], [0.56576746, -0.90937671]] (up to sign).
    expectClose(values(w).map(Number).sort((x, y) => x - y), [-0.3722813232690143, 5.372281323269014], 1e-13, 1e-13);
    checkEig(gp.array([[1, 2], [3, 4]], 'float64'), w, v, 'int32');
    expect(gp.linalg.eigvals(gp.array([[2, 0], [0, 3]], 'float32')).dtype.name).to.equal('float32');
    expect(gp.linalg.eigvals(gp.array([[true, false], [false, true]])).dtype.name).to.equal('float64');
    const rot = gp.linalg.eigvals(gp.array([[0, -1], [1, 0]], 'float32'));
    expect(rot.dtype.name).to.equal('complex64');
    expect(cvalues(rot)).to.deep.equal([{ re: 0, im: 1 }, { re: 0, im: -1 }]);
    // A complex input stays complex, even with real eigenvalues.
    expect(gp.linalg.eigvals(gp.array([[{ re: 2, im: 0 }, 0], [0, 3]], 'complex128')).dtype.name).to.equal('complex128');
  });

  it('random matrices of every dtype and sizes 1..12, and batches (one launch on cuda for small ones)', () => {
    const r = rng(5);
    for (const d of SOLVER_DTYPES) {
      for (const n of [1, 2, 3, 4, 7, 12]) {
        const a = randomMatrix(d, [n, n], Math.floor(r() * 1e6));
        const [w, v] = gp.linalg.eig(a);
        checkEig(a, w, v, `${d} n=${n}`);
        expectClose(flatC(cvalues(gp.linalg.eigvals(a))), flatC(cvalues(w)), 0, 0, `${d} eigvals is eig's w`);
      }
      const stack = randomMatrix(d, [2, 3, 5, 5], 99);
      const [w, v] = gp.linalg.eig(stack);
      expect([w.shape, v.shape]).to.deep.equal([[2, 3, 5], [2, 3, 5, 5]]);
      checkEig(stack, w, v, `${d} stack`);
      // Each matrix of the stack alone gives the same eigenvalues (batched and single paths agree).
      const one = gp.linalg.eigvals(stack.slice(1, 2));
      const inStack = cvalues(w.slice(1, 2)).sort(byReIm);
      expectClose(flatC(cvalues(one).sort(byReIm)), flatC(inStack), 1e3 * eps(d), 1e3 * eps(d), `${d} stack vs single`);
    }
  });

  it('defective, nilpotent, diagonal and badly scaled matrices', () => {
    // A Jordan block: eigenvalue 1 twice, the vectors (nearly) parallel, as LAPACK's.
    const [wj, vj] = gp.linalg.eig(gp.array([[1, 1], [0, 1]], 'float64'));
    expect(values(wj)).to.deep.equal([1, 1]);
    checkEig(gp.array([[1, 1], [0, 1]], 'float64'), wj, vj, 'jordan');
    const nil = gp.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], 'float64');
    expect(values(gp.linalg.eigvals(nil))).to.deep.equal([0, 0, 0]);
    expect(values(gp.linalg.eigvals(gp.zeros([3, 3])))).to.deep.equal([0, 0, 0]);
    const diag = gp.array([[3, 0, 0], [0, -1, 0], [0, 0, 2]], 'float64');
    const [wd, vd] = gp.linalg.eig(diag);
    expect((values(wd) as number[]).slice().sort((x, y) => x - y)).to.deep.equal([-1, 2, 3]);
    checkEig(diag, wd, vd, 'diagonal');
    // Entries 1e10 apart: balancing keeps the small eigenvalues accurate (NumPy: 1 +- 1, 2).
    const scaled = gp.array([[1, 1e10, 0], [1e-10, 1, 0], [0, 0, 2]], 'float64');
    expectClose((values(gp.linalg.eigvals(scaled)) as number[]).slice().sort((x, y) => x - y), [0, 2, 2], 1e-12, 1e-12);
  });

  it('errors: not square or not 2-D (LinAlgError), infinities and NaNs; empty stacks', () => {
    expect(() => gp.linalg.eig(gp.zeros([2, 3]))).to.throw(gp.LinAlgError, 'square');
    expect(() => gp.linalg.eigvals(gp.zeros([3]))).to.throw(gp.LinAlgError, 'at least two-dimensional');
    expect(() => gp.linalg.eig(gp.array([[1, Infinity], [0, 1]]))).to.throw(gp.LinAlgError, 'infs or NaNs');
    expect(() => gp.linalg.eigvals(gp.array([[1, 0], [NaN, 1]], 'float32'))).to.throw(gp.LinAlgError, 'infs or NaNs');
    const [w0, v0] = gp.linalg.eig(gp.zeros([2, 0, 0]));
    expect([w0.shape, v0.shape, w0.dtype.name, v0.dtype.name]).to.deep.equal([[2, 0], [2, 0, 0], 'float64', 'float64']);
    expect(gp.linalg.eigvals(gp.zeros([0, 3, 3], 'complex64')).shape).to.deep.equal([0, 3]);
  });
});

describeEachDevice('roots, poly (through eigvals)', () => {
  const sorted = (x: gp.GpuArray) => cvalues(x).sort(byReIm);

  it("roots: NumPy's roots, leading zeros dropped, one 0 per trailing zero, dtypes", () => {
    const r = gp.roots([0, 0, 1, -6, 11, -6, 0, 0]);
    expect(r.dtype.name).to.equal('float64');
    expectClose(flatC(sorted(r)), flatC([0, 0, 1, 2, 3].map((re) => ({ re, im: 0 }))), 1e-12, 1e-12);
    const c = gp.roots([1, 0, 1]);
    expect(c.dtype.name).to.equal('complex128');
    expectClose(flatC(sorted(c)), [0, -1, 0, 1], 1e-15, 1e-15);
    expect(gp.roots(gp.array([1, -3, 2], 'float32')).dtype.name).to.equal('float32');
    expectClose(flatC(sorted(gp.roots([{ re: 1, im: 0 }, { re: 0, im: -1 }]))), [0, 1], 1e-15, 1e-15);
    expect([gp.roots([0, 0]).shape, gp.roots([0, 0]).dtype.name]).to.deep.equal([[0], 'float64']);
    expect(values(gp.roots([5]))).to.deep.equal([]);
    expect(values(gp.roots([5, 0, 0]))).to.deep.equal([0, 0]);
    expect(() => gp.roots([[1, 2]])).to.throw(RangeError, 'rank-1');
    // x^12 - 1: the twelfth roots of unity.
    const unity = sorted(gp.roots([1, ...new Array(11).fill(0), -1]));
    const want = Array.from({ length: 12 }, (_, k) => ({ re: Math.cos((k * Math.PI) / 6), im: Math.sin((k * Math.PI) / 6) })).sort(byReIm);
    // Sorting near-equal real parts may pair differently: compare as sets by nearest.
    for (const z of want) expect(Math.min(...unity.map((u) => Math.hypot(u.re - z.re, u.im - z.im)))).to.be.at.most(1e-13);
  });

  it("poly: a matrix's characteristic polynomial, complex roots (real when they pair up), NumPy's dtypes", () => {
    const m = gp.poly([[1, 2], [3, 4]]) as gp.GpuArray;
    expect(m.dtype.name).to.equal('float64');
    expectClose(values(m), [1, -5, -2], 1e-13, 1e-13);
    expectClose(values(gp.poly([[0, -1], [1, 0]]) as gp.GpuArray), [1, 0, 1], 1e-15, 1e-15);
    const pairs = gp.poly([{ re: 1, im: 1 }, { re: 1, im: -1 }]) as gp.GpuArray;
    expect(pairs.dtype.name).to.equal('float64');
    expect(values(pairs)).to.deep.equal([1, -2, 2]);
    const unpaired = gp.poly([{ re: 1, im: 1 }, { re: 2, im: -1 }]) as gp.GpuArray;
    expect(unpaired.dtype.name).to.equal('complex128');
    expectClose(flatC(cvalues(unpaired)), [1, 0, -3, 0, 3, 1], 1e-15, 1e-15);
    expect((gp.poly(gp.array([1, 2], 'float32')) as gp.GpuArray).dtype.name).to.equal('float32');
    expect(gp.poly([])).to.equal(1);
    expect(() => gp.poly(gp.zeros([2, 3]))).to.throw(RangeError, 'square 2d');
    // roots and poly undo each other.
    expectClose(values(gp.poly(gp.roots([2, -3, -11, 6])) as gp.GpuArray), [1, -1.5, -5.5, 3], 1e-12, 1e-12);
  });
});
