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

  it("quantile with a float32 or float16 q: NumPy's virtual index (and percentile's q / 100, the weighted cdf) in q's dtype", () => {
    // np.quantile(np.array([0.7, 0.1, 0.4, 0.15, 0.5], 'float16'), np.array([0.1, 0.6], 'float32'), method='inverted_cdf'):
    // 5 * 0.6 rounds to 3 in float32 (element 2), not in float64 (element 3).
    const h = gp.array([0.7, 0.1, 0.4, 0.15, 0.5], 'float16');
    const q32 = gp.quantile(h, gp.array([0.1, 0.6], 'float32'), { method: 'inverted_cdf' });
    expect([q32.dtype.name, host(q32)]).to.deep.equal(['float16', [0.0999755859375, 0.39990234375]]);
    expect(host(gp.quantile(h, [0.10000000149011612, 0.6000000238418579], { method: 'inverted_cdf' }))).to.deep.equal([0.0999755859375, 0.5]);
    expect(host(gp.quantile(h, gp.float32(0.6), { method: 'inverted_cdf' }))).to.deep.equal([0.39990234375]);
    // np.percentile(np.arange(5.), np.array([10, 60, 90], 'float16')) and method='hazen'
    const a5 = gp.arange(5, { dtype: 'float64' });
    const p16 = gp.percentile(a5, gp.array([10, 60, 90], 'float16'));
    expect([p16.dtype.name, host(p16)]).to.deep.equal(['float64', [0.39990234375, 2.400390625, 3.599609375]]);
    expect(host(gp.percentile(a5, gp.array([10, 60, 90], 'float16'), { method: 'hazen' }))).to.deep.equal([0, 2.5, 4]);
    // np.quantile(np.arange(3000), np.array([0.77], 'float16'), method=...): 2309 and p + 1 round to 2308 in float16.
    const a3000 = gp.arange(3000);
    expect(host(gp.quantile(a3000, gp.array([0.77], 'float16'), { method: 'averaged_inverted_cdf' }))).to.deep.equal([2308]);
    expect(host(gp.quantile(a3000, gp.array([0.77], 'float16'), { method: 'closest_observation' }))).to.deep.equal([2308]);
    // np.quantile(np.arange(5003), np.array([1], 'float16')): 5002 rounds to 5000, compared with n - 1 cast to float16 too.
    expect(host(gp.quantile(gp.arange(5003), gp.array([1], 'float16')))).to.deep.equal([5002]);
    expect(host(gp.quantile(gp.arange(1500), gp.array([0.3337], 'float16'), { method: 'midpoint' }))).to.deep.equal([500.5]);
    // np.quantile(np.arange(4), np.array([0.3], 'float16'), method='inverted_cdf', weights=[1, 2, 3, 4]): the cdf's 0.3 cast to float16 equals q.
    expect(host(gp.quantile(gp.arange(4), gp.array([0.3], 'float16'), { method: 'inverted_cdf', weights: gp.array([1, 2, 3, 4]) }))).to.deep.equal([1]);
    expect(host(gp.quantile(gp.arange(4), [0.300048828125], { method: 'inverted_cdf', weights: gp.array([1, 2, 3, 4]) }))).to.deep.equal([2]);
  });

  it("quantile with a bool q array: an integer q, as NumPy's (n - 1) * q (the linear method picks elements in the data's dtype)", () => {
    // np.quantile(np.array([0, 1, 2, 3], 'uint8'), np.array([False, True])) -> array([0, 3], dtype=uint8); method='hazen' -> float64 [0., 3.]
    const a = gp.array([0, 1, 2, 3], 'uint8');
    const q = gp.array([false, true]);
    const r = gp.quantile(a, q);
    expect([r.dtype.name, host(r)]).to.deep.equal(['uint8', [0, 3]]);
    const h = gp.quantile(a, q, { method: 'hazen' });
    expect([h.dtype.name, host(h)]).to.deep.equal(['float64', [0, 3]]);
  });

  it("quantile of float16 data: NumPy's _lerp takes b - a in float16, and a float16 result rounds each step", () => {
    const a = gp.array([0.1, 0.7, 2.3, 5.1, -3.3], 'float16');
    // np.quantile(a, [0.3, 0.8]).tolist() and np.quantile(a, np.array([0.3], 'float32')).tolist()
    // (cuda may fuse a + diff * t into one rounding: within an ulp or two, far from the float32
    // difference's 0.22001953124999996 and 0.22001954913139343)
    host(gp.quantile(a, [0.3, 0.8])).forEach((v, i) => expect(v).to.be.closeTo([0.21999511718749998, 2.8609375000000004][i], 1e-14));
    expect(host(gp.quantile(a, gp.array([0.3], 'float32')))[0]).to.be.closeTo(0.2199951410293579, 1e-7);
    // float(np.quantile(np.array([4.46484375, -5.37109375, 9.0546875], 'float16'), 0.41))
    const h = gp.quantile(gp.array([4.46484375, -5.37109375, 9.0546875], 'float16'), 0.41);
    expect([h.dtype.name, host(h)]).to.deep.equal(['float16', [2.693359375]]);
  });

  it("histogram density as NumPy's n / db / n.sum() (widths in the edges' dtype, a float32 sum of float32 counts)", () => {
    // np.histogram(np.array([1, 2, 1, 3, 4, 5, 5.]), 3, density=True)[0].tolist()
    expect(host(gp.histogram(gp.array([1, 2, 1, 3, 4, 5, 5]), 3, { density: true })[0])).to.deep.equal([0.3214285714285715, 0.10714285714285712, 0.32142857142857134]);
    // the same data in float32 (float32 edges), and float32 weights [0.1, 0.2, 0.3] on [1, 2, 3] (float32)
    expect(host(gp.histogram(gp.array([1, 2, 1, 3, 4, 5, 5], 'float32'), 3, { density: true })[0])).to.deep.equal([0.32142853311130437, 0.10714286352906946, 0.3214285905872084]);
    const w = gp.histogram(gp.array([1, 2, 3], 'float32'), 3, { weights: gp.array([0.1, 0.2, 0.3], 'float32'), density: true })[0];
    expect(host(w)).to.deep.equal([0.249999963988865, 0.49999992797773, 0.750000178813977]);
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
