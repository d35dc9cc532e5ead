// Result dtypes and bin counts of the statistics routines where NumPy 2.4 has a rule of its own
// (average's accumulation dtype, histogram's bin estimators on bool data, digitize's monotonicity
// test), values from NumPy 2.4.6.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const host = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number>, Number);

describeEachDevice('statistics: NumPy 2.4 dtype and bin rules', () => {
  it("average: bool/int data average in result_type(a, w, 'f8'), complex data keep their dtype (sum of weights too)", () => {
    const [avg, scl] = gp.average(gp.array([1, 2], 'int8'), { weights: gp.array([1, 3], 'float32'), returned: true }) as gp.GpuArray[];
    expect([avg.dtype.name, scl.dtype.name, host(avg), host(scl)]).to.deep.equal(['float64', 'float64', [1.75], [4]]);
    const h = gp.average(gp.array([1, 2], 'float16'), { weights: gp.array([1, 3], 'int64') }) as gp.GpuArray;
    expect(h.dtype.name).to.equal('float64');
    const z = gp.array([{ re: 1, im: 1 }, { re: 2, im: 0 }], 'complex64');
    const [za, zs] = gp.average(z, { weights: gp.array([1, 3], 'float32'), returned: true }) as gp.GpuArray[];
    expect([za.dtype.name, zs.dtype.name, za.shape, zs.shape]).to.deep.equal(['complex64', 'complex64', [], []]);
    expect([host(za), host(zs)]).to.deep.equal([[1.75, 0.25], [4, 0]]);
  });

  it('average: complex weights are zero only when both parts are (1j + 1 is not)', () => {
    const r = gp.average(gp.array([1, 2], 'float64'), { weights: gp.array([{ re: 0, im: 1 }, { re: 1, im: 0 }], 'complex128') }) as gp.GpuArray;
    expect(r.dtype.name).to.equal('complex128');
    const [re, im] = host(r);
    expect(re).to.be.closeTo(1.5, 1e-15);
    expect(im).to.be.closeTo(-0.5, 1e-15);
    expect(() => gp.average(gp.array([1, 2], 'float64'), { weights: gp.array([{ re: 0, im: 1 }, { re: 0, im: -1 }], 'complex128') })).to.throw(RangeError, /sum to zero/);
  });

  it("percentile of float32 with a list q: float64, but b - a in float32 as NumPy's _lerp", () => {
    // np.percentile(np.array([0.1, 0.7, 0.3, 0.95, 0.55], 'float32'), [10, 90]) (the float64 data give 0.18000000566244126).
    const p = gp.percentile(gp.array([0.1, 0.7, 0.3, 0.95, 0.55], 'float32'), [10, 90]);
    expect(p.dtype.name).to.equal('float64');
    // cuda may fuse the a + diff * t into one rounding (an FMA): within 2 ulp of NumPy's, and far from the float64 difference's 0.18000000566244126.
    const got = p.toArray() as number[];
    [0.18000000864267351, 0.8499999880790711].forEach((want, i) => expect(Math.abs(got[i] - want)).to.be.at.most(2 * Number.EPSILON * want));
  });

  it('histogram: bool data takes the estimators as uint8 (bins at least 1 wide), not one bin', () => {
    const b = gp.array(Array.from({ length: 20 }, (_, i) => [true, false, true, true, false][i % 5]), 'bool');
    const [c, e] = gp.histogram(b, { bins: 'sqrt', range: [-1, 2] });
    expect([host(c), host(e)]).to.deep.equal([[0, 8, 12], [-1, 0, 1, 2]]);
    const [c2, e2] = gp.histogram(gp.array([true, false, true], 'bool'), { bins: 'auto', range: [0, 3] });
    expect([host(c2), host(e2)]).to.deep.equal([[1, 2, 0], [0, 1, 2, 3]]);
  });

  it("digitize: bins checked with NumPy's monotonicity test, so NaN-last bins are accepted", () => {
    // np.digitize([nan, 1, 3], [0, 2, nan]) [3 1 2]; right=True [2 1 2]; [nan, 0, 2] is refused;
    // np.digitize([1, nan], [nan, 2, 0]) [2 0] (read as decreasing).
    const x = gp.array([NaN, 1, 3], 'float64');
    expect(host(gp.digitize(x, [0, 2, NaN]))).to.deep.equal([3, 1, 2]);
    expect(host(gp.digitize(x, [0, 2, NaN], true))).to.deep.equal([2, 1, 2]);
    expect(host(gp.digitize(gp.array([1, NaN], 'float64'), [NaN, 2, 0]))).to.deep.equal([2, 0]);
    expect(() => gp.digitize(x, [NaN, 0, 2])).to.throw(RangeError, /monotonically/);
    expect(() => gp.digitize(x, [1, 3, 2])).to.throw(RangeError, /monotonically/);
  });
});
