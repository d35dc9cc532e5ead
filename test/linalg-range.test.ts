// Entries far from 1 in the SVD and eigh: sums of their squares would overflow (1e200) or
// underflow (1e-200), and LAPACK scales A first (dlascl), so NumPy gets every singular value and
// eigenvalue. One matrix (a vendor solver on cuda) and a batch (our Jacobi kernels) alike.
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
});
