// Entries far from 1 in the SVD and eigh: sums of their squares would overflow (1e200) or
// underflow (1e-200), and LAPACK scales A first (dlascl), so NumPy gets every singular value and
// eigenvalue. One matrix (a vendor solver on cuda) and a batch (our Jacobi kernels) alike, down to
// subnormal entries and up to the largest finite ones; eig (geev) scales the same way.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => ([r.toArray()] as unknown[]).flat(Infinity as 1).map(Number);
const PHI = (1 + Math.sqrt(5)) / 2;

describeEachDevice('linalg with entries near the ends of the float range', () => {
  const cases: [number, 'float64' | 'float32' | 'complex128'][] = [
    [1e200, 'float64'],
    [1e155, 'float64'],
    [1e-200, 'float64'],
    [1e30, 'float32'],
    [1e-30, 'float32'],
    [1e200, 'complex128'],
  ];
  for (const [v, dt] of cases) {
    it(`svd, norm 2 and eigvalsh of [[v, v], [v, 0]] with v = ${v} (${dt})`, () => {
      const a = gp.array([[v, v], [v, 0]], dt);
      const tol = dt === 'float32' ? 1e-6 : 1e-14;
      const close = (got: number[], want: number[]) => want.forEach((w, i) => expect(Math.abs(got[i] / w - 1), `${got[i]} vs ${w}`).to.be.below(tol));
      // Singular values phi v and v / phi; eigenvalues -v / phi and phi v.
      for (const m of [a, gp.stack([gp.eye(2, { dtype: dt }), a])]) {
        const s = values(gp.linalg.svdvals(m));
        close(s.slice(-2), [PHI * v, v / PHI]);
        const w = values(gp.linalg.eigvalsh(m));
        close(w.slice(-2), [-v / PHI, PHI * v]);
      }
      if (dt !== 'complex128') close(values(gp.linalg.norm(a, 2)), [PHI * v]);
      const [u, , vh] = gp.linalg.svd(gp.stack([a, a]));
      // Unit singular vectors whatever the scale.
      const uu = values(u.dtype.isComplex ? gp.abs(u) : u);
      expect(Math.hypot(uu[0], uu[2])).to.be.closeTo(1, 1e-6);
      expect(values(gp.abs(vh)).every((x) => x <= 1 + 1e-6)).to.equal(true);
    });
  }

  // Subnormal entries (2^-ex alone overflows) and entries whose scale-back factor 2^1024 would.
  const ends: [number, number, 'float64' | 'float32'][] = [
    [1e-320, 3e-320, 'float64'],
    [1e-40, 3e-40, 'float32'],
  ];
  for (const [lo, hi, dt] of ends) {
    it(`svd, eigvalsh, eig, matrixRank and cond of diag(${lo}, ${hi}) (${dt}, subnormal)`, () => {
      const a = gp.array([[lo, 0], [0, hi]], dt);
      const [flo, fhi] = dt === 'float32' ? [Math.fround(lo), Math.fround(hi)] : [lo, hi];
      for (const m of [a, gp.stack([a, a])]) {
        expect(values(gp.linalg.svdvals(m)).slice(-2)).to.deep.equal([fhi, flo]);
        expect(values(gp.linalg.eigvalsh(m)).slice(-2)).to.deep.equal([flo, fhi]);
        expect(values(gp.linalg.matrixRank(m)).slice(-1)).to.deep.equal([2]);
        expect(values(gp.linalg.cond(m)).slice(-1)[0]).to.be.closeTo(fhi / flo, 1e-6);
      }
      expect(values(gp.linalg.eigvals(a)).sort((x, y) => x - y)).to.deep.equal([flo, fhi]);
    });
  }

  for (const [v, dt] of [[1e308, 'float64'], [2e38, 'float32']] as const) {
    it(`svd, eigvalsh, eig and pinv of [[v, v], [v, -v]] with v = ${v} (${dt}): |w| = sqrt(2) v, finite`, () => {
      const a = gp.array([[v, v], [v, -v]], dt);
      const fv = dt === 'float32' ? Math.fround(v) : v;
      const tol = dt === 'float32' ? 1e-6 : 1e-14;
      const close = (got: number[], want: number[]) => want.forEach((w, i) => expect(Math.abs(got[i] / w - 1), `${got[i]} vs ${w}`).to.be.below(tol));
      for (const m of [a, gp.stack([a, a])]) {
        close(values(gp.linalg.svdvals(m)).slice(-2), [Math.SQRT2 * fv, Math.SQRT2 * fv]);
        close(values(gp.linalg.eigvalsh(m)).slice(-2), [-Math.SQRT2 * fv, Math.SQRT2 * fv]);
      }
      // A stack scales matrix by matrix: a tiny one beside a huge one keeps its values.
      const tiny = dt === 'float32' ? 1e-30 : 1e-300;
      const mixed = values(gp.linalg.svdvals(gp.stack([a, gp.array([[tiny, 0], [0, 2 * tiny]], dt)])));
      close(mixed, [Math.SQRT2 * fv, Math.SQRT2 * fv, 2 * tiny, tiny]);
      const w = gp.linalg.eigvals(a);
      close(values(gp.real(w)).sort((x, y) => x - y), [-Math.SQRT2 * fv, Math.SQRT2 * fv]);
      close(values(gp.linalg.pinv(a)), [0.5 / fv, 0.5 / fv, 0.5 / fv, -0.5 / fv]);
    });
  }
});
