// Differences found by a differential sweep of interp, the window functions, the legacy poly*
// functions, text/binary I/O and printing against NumPy 2.4. Every expected value below is what
// NumPy 2.4 printed for the same call.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const vals = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

describeEachDevice('poly / io / printing sweep against NumPy 2.4', () => {
  it('interp: a NaN period makes every value NaN (NumPy: x % nan), real and complex fp', () => {
    // np.interp([1., 2, 3], [0., 1, 2, 3], [1, 2, 3, 4], period=np.nan) -> [nan nan nan]
    const r = gp.interp(gp.array([1, 2, 3]), [0, 1, 2, 3], [1, 2, 3, 4], { period: NaN });
    expect([r.dtype.name, r.shape]).to.deep.equal(['float64', [3]]);
    expect(vals(r).every(Number.isNaN)).to.equal(true);
    // np.interp([0.5], [0., 1], [1, 2j], period=np.nan) -> [nan+0.j]
    const z = gp.interp(gp.array([0.5]), [0, 1], [{ re: 1, im: 0 }, { re: 0, im: 2 }], { period: NaN });
    expect(z.dtype.name).to.equal('complex128');
    expect(Number.isNaN((z.toArray() as { re: number }[])[0].re)).to.equal(true);
  });

  it("interp: NumPy's compiled checks in its order (empty xp even for an empty x, lengths, then left/right)", () => {
    // np.interp([], [], []) and with period=2: ValueError 'array of sample points is empty'
    expect(() => gp.interp(gp.array([]), [], [])).to.throw(RangeError, 'array of sample points is empty');
    expect(() => gp.interp(gp.array([]), [], [], { period: 2 })).to.throw(RangeError, 'array of sample points is empty');
    // np.interp([1.], [], [], left=1+2j): the empty check comes before reading left
    expect(() => gp.interp(gp.array([1]), [], [], { left: { re: 1, im: 2 } })).to.throw(RangeError, 'array of sample points is empty');
    // np.interp([1.], [0., 1, 2], [1., 2], right=1j): ValueError 'fp and xp are not of the same length.'
    expect(() => gp.interp(gp.array([1]), [0, 1, 2], [1, 2], { right: { re: 0, im: 1 } })).to.throw(RangeError, 'fp and xp are not of the same length');
    // np.interp([1.], [0., 1], [1., 2], left=1j): TypeError 'must be real number, not complex'
    expect(() => gp.interp(gp.array([1]), [0, 1], [1, 2], { left: { re: 0, im: 1 } })).to.throw(TypeError);
  });

  it('polydiv: an empty dividend or divisor is NumPy IndexError (u[0] + v[0])', () => {
    // np.polydiv(np.array([]), np.array([1., 2])): IndexError index 0 is out of bounds for axis 0 with size 0
    expect(() => gp.polydiv(gp.array([]), [1, 2])).to.throw(gp.IndexError, 'index 0 is out of bounds for axis 0 with size 0');
    expect(() => gp.polydiv([1, 2], gp.array([], 'float32'))).to.throw(gp.IndexError, 'index 0 is out of bounds for axis 0 with size 0');
  });
});
