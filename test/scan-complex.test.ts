// cumsum / cumprod / nancumsum / nancumprod and add/multiply.accumulate of complex arrays (NumPy's
// values; the serial row walk and, for one row past a tile, the tiled passes) on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** The interleaved (re, im) storage of a complex result. */
const parts = (a: gp.GpuArray) => Array.from(a.toTypedArray() as Float64Array | Float32Array);
const cx = (xs: [number, number][], d: 'complex64' | 'complex128') => gp.array(xs.map(([re, im]) => ({ re, im })), d);

describeEachDevice('complex scans', () => {
  it('cumsum, cumprod, nancumsum, nancumprod keep the complex dtype (NumPy 2.4 values)', () => {
    const z = cx([[1, 2], [NaN, 0], [-0.5, 1]], 'complex128');
    const s = gp.cumsum(z);
    expect([s.dtype.name, parts(s)]).to.deep.equal(['complex128', [1, 2, NaN, 2, NaN, 3]]);
    expect(parts(gp.nancumsum(z))).to.deep.equal([1, 2, 1, 2, 0.5, 3]);
    expect(parts(gp.nancumprod(z))).to.deep.equal([1, 2, 1, 2, -2.5, 0]);
    const p = gp.cumprod(cx([[0, 1], [0, 1], [2, 0]], 'complex64').reshape([1, 3]), { axis: 1 });
    expect([p.dtype.name, parts(p)]).to.deep.equal(['complex64', [0, 1, -1, 0, -2, 0]]);
    expect(gp.add.accumulate(z).dtype.name).to.equal('complex128');
    // maximum.accumulate of complex: NumPy's lexicographic order (ufunc-fold.ts), NaN propagating.
    expect(parts(gp.maximum.accumulate(z))).to.deep.equal([1, 2, NaN, 0, NaN, 0]);
  });

  it('the first element is kept as is: no multiply by 1 + 0j (NaN from -inf * 0), no +0 added to -0 - 0j', () => {
    // np.cumprod([-inf+1j, 1j]) [-inf+1j, nan-infj]; np.cumsum([-0.-0.j]) [-0.-0.j].
    expect(parts(gp.cumprod(cx([[-Infinity, 1], [0, 1]], 'complex128')))).to.deep.equal([-Infinity, 1, NaN, -Infinity]);
    const s = parts(gp.cumsum(cx([[-0, -0]], 'complex64')));
    expect(s.map((v) => Object.is(v, -0))).to.deep.equal([true, true]);
  });

  it('into a real dtype the real part is scanned; nan variants replace NaN (either part) first', () => {
    // np.cumsum([1+2j, 3-1j], dtype='float64') [1. 4.]; np.nancumsum([inf+nanj, 1], dtype='float32') [0. 1.]
    const r = gp.cumsum(cx([[1, 2], [3, -1]], 'complex128'), { dtype: 'float64' });
    expect([r.dtype.name, parts(r)]).to.deep.equal(['float64', [1, 4]]);
    expect(parts(gp.nancumsum(cx([[Infinity, NaN], [1, 0]], 'complex128'), { dtype: 'float32' }))).to.deep.equal([0, 1]);
  });

  it('one long row (several tiles) and many rows match a host running sum', () => {
    const n = 5000;
    const host: [number, number][] = Array.from({ length: n }, (_, i) => [(i % 7) - 3, (i % 5) - 2]);
    const check = (got: number[], rows: number, len: number) => {
      let bad = 0;
      for (let r = 0; r < rows; r++) {
        let re = 0;
        let im = 0;
        for (let j = 0; j < len; j++) {
          const k = r * len + j;
          re += host[k][0];
          im += host[k][1];
          if (got[2 * k] !== re || got[2 * k + 1] !== im) bad++;
        }
      }
      expect(bad).to.equal(0);
    };
    check(parts(gp.cumsum(cx(host, 'complex64'))), 1, n);
    check(parts(gp.cumsum(cx(host, 'complex128').reshape([2, 2500]), { axis: 1 })), 2, 2500);
  });
});
