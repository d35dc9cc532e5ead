// gp.emath against NumPy 2.4's numpy.emath: complex answers (and complex64 for float32 and small
// integers) only when some real element is outside the real domain, the plain ufunc otherwise.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** [re, im] pairs of a complex result, or the values of a real one. */
const flat = (r: gp.GpuArray) => Array.from(r.toTypedArray() as Float32Array | Float64Array);
const close = (got: number[], want: number[], tol = 1e-12) => want.forEach((w, i) => expect(got[i], `element ${i}`).to.be.closeTo(w, tol));

describeEachDevice('gp.emath', () => {
  it('sqrt, log, log2, log10 turn the whole input complex for any negative real', () => {
    const r = gp.emath.sqrt(-1);
    expect([r.dtype.name, r.ndim]).to.deep.equal(['complex128', 0]);
    close(flat(r), [0, 1]);
    const p = gp.emath.sqrt([1, 4]);
    expect(p.dtype.name).to.equal('float64');
    close(flat(p), [1, 2]);
    const f = gp.emath.sqrt(gp.array([-4, 4], 'float32'));
    expect(f.dtype.name).to.equal('complex64');
    close(flat(f), [0, 2, 2, 0], 1e-6);
    close(flat(gp.emath.log(-Math.E)), [1, Math.PI]);
    const l2 = gp.emath.log2(gp.array([-8], 'int16'));
    expect(l2.dtype.name).to.equal('complex64');
    close(flat(l2), [3, Math.PI / Math.LN2], 1e-5);
    close(flat(gp.emath.log10(gp.array([-100], 'int64'))), [2, Math.PI / Math.LN10]);
    close(flat(gp.emath.logn(2, [4, -8])), [2, 0, 3, Math.PI / Math.LN2]);
  });

  it('power makes x complex for a negative real and an integer p float for a negative one; the arc functions past |x| = 1', () => {
    close(flat(gp.emath.power([2, -4], 2)), [4, 0, 16, 0]);
    const q = gp.emath.power(2, gp.array([-1, 2], 'int64'));
    expect(q.dtype.name).to.equal('float64');
    close(flat(q), [0.5, 4]);
    close(flat(gp.emath.arcsin([2])), [Math.PI / 2, Math.log(2 + Math.sqrt(3))]);
    const a = gp.emath.arccos([0.5]);
    expect(a.dtype.name).to.equal('float64');
    close(flat(a), [Math.PI / 3]);
    close(flat(gp.emath.arctanh([2])), [Math.atanh(0.5) /* 0.5 log 3 */, Math.PI / 2]);
  });
});
