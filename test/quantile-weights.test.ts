// NumPy 2's weighted quantiles (method 'inverted_cdf'): quantile, percentile and the nan variants
// with `weights`, against NumPy 2.4.6's values and errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const host = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number>, Number);

describeEachDevice('weighted quantiles', () => {
  it('the first element whose cumulative weight reaches q; zero weights skipped at q = 0; dtype kept', () => {
    // np.quantile(float32 [1, 3, 2, 5], [0, .25, .3, .5, 1], weights=[0, 1, 0, 2], method='inverted_cdf') [3 3 3 5 5]
    const r = gp.quantile(gp.array([1, 3, 2, 5], 'float32'), [0, 0.25, 0.3, 0.5, 1], { weights: gp.array([0, 1, 0, 2], 'float32'), method: 'inverted_cdf' });
    expect([r.dtype.name, host(r)]).to.deep.equal(['float32', [3, 3, 3, 5, 5]]);
    const i = gp.quantile(gp.array([1, 3, 2], 'int8'), 0, { weights: [0, 1, 1], method: 'inverted_cdf' });
    expect([i.dtype.name, host(i)]).to.deep.equal(['int8', [2]]);
    expect(host(gp.percentile(gp.array([1, 2, 3, 4], 'float64'), 50, { weights: [1, 1, 1, 5], method: 'inverted_cdf' }))).to.deep.equal([4]);
  });

  it('1-D weights along an axis, full-shape weights, keepdims; NaN propagates or (nan variants) is dropped', () => {
    const a = gp.array([[1, 3, 2], [4, 0, 1]], 'float64');
    const r = gp.quantile(a, [0.2, 0.5], { axis: 1, weights: [1, 2, 3], method: 'inverted_cdf' });
    expect([r.shape, host(r)]).to.deep.equal([[2, 2], [2, 0, 2, 1]]);
    const k = gp.quantile(a, 0.5, { axis: 0, weights: [1, 2], method: 'inverted_cdf', keepdims: true });
    expect([k.shape, host(k)]).to.deep.equal([[1, 3], [4, 0, 1]]);
    expect(host(gp.quantile(a, 0.5, { weights: [[1, 2, 3], [0, 1, 1]], method: 'inverted_cdf' }))).to.deep.equal([2]);
    const x = gp.array([1, NaN, 2], 'float64');
    expect(Number.isNaN(host(gp.quantile(x, 0.5, { weights: [1, 1, 1], method: 'inverted_cdf' }))[0])).to.equal(true);
    expect(host(gp.nanquantile(x, 0.5, { weights: [1, 1, 1], method: 'inverted_cdf' }))).to.deep.equal([1]);
    const n = gp.nanpercentile(gp.array([[NaN, 3, 2, 5], [1, NaN, NaN, NaN]], 'float64'), [10, 60], { axis: 1, weights: gp.array([[1, 2, 3, 4], [1, 2, 3, 4]]), method: 'inverted_cdf' });
    expect(host(n)).to.deep.equal([2, 1, 5, 1]);
  });

  it("NumPy's errors: another method, negative or all-zero weights, shapes that differ without one axis", () => {
    const a = gp.array([1, 3, 2], 'float64');
    expect(() => gp.quantile(a, 0.5, { weights: [1, 1, 1] })).to.throw(RangeError, /Only method 'inverted_cdf' supports weights/);
    expect(() => gp.quantile(a, 0.5, { weights: [1, -1, 1], method: 'inverted_cdf' })).to.throw(RangeError, /non-negative/);
    expect(() => gp.quantile(a, 0.5, { weights: [0, 0, 0], method: 'inverted_cdf' })).to.throw(RangeError, /all zero/);
    const m = gp.array([[1, 3, 2], [4, 0, 1]], 'float64');
    expect(() => gp.quantile(m, 0.5, { weights: [1, 2, 3], method: 'inverted_cdf' })).to.throw(TypeError, /Axis must be specified/);
    expect(() => gp.quantile(m, 0.5, { axis: 0, weights: [1, 2, 3], method: 'inverted_cdf' })).to.throw(RangeError, /consistent with shape/);
  });

  it("NumPy 2.4's weights along several axes: their lengths in the order the axes are given", () => {
    const a = gp.arange(24).reshape([2, 3, 4]);
    // np.quantile(np.arange(24).reshape(2, 3, 4), [0.3, 0.6], axis=(2, 0), weights=[[1, 2], [3, 1], [1, 1], [5, 1]], method='inverted_cdf')
    const r = gp.quantile(a, [0.3, 0.6], { axis: [2, 0], weights: [[1, 2], [3, 1], [1, 1], [5, 1]], method: 'inverted_cdf' });
    expect([r.dtype.name, r.shape, host(r)]).to.deep.equal(['int64', [2, 3], [2, 6, 10, 3, 7, 11]]);
    // np.percentile([[1, 2, 3]], 50, axis=(1,), weights=[1, 2, 3], method='inverted_cdf') -> array([2])
    expect(host(gp.percentile(gp.array([[1, 2, 3]]), 50, { axis: [1], weights: [1, 2, 3], method: 'inverted_cdf' }))).to.deep.equal([2]);
    expect(() => gp.quantile(a, 0.5, { axis: [0, 2], weights: gp.ones([4, 2]), method: 'inverted_cdf' })).to.throw(RangeError, /consistent with shape/);
  });
  it('nan variants: a row of NaN alone is NaN whatever its weights; the weights of dropped NaNs do not count', () => {
    const a = gp.array([[1, NaN, 3], [NaN, NaN, NaN]], 'float64');
    // np.nanquantile(a, [0.3, 0.5], axis=1, method='inverted_cdf', weights=[[1, 0, 1], [0, 0, 0]]) -> [[1, nan], [1, nan]]
    const r = gp.nanquantile(a, [0.3, 0.5], { axis: 1, method: 'inverted_cdf', weights: gp.array([[1, 0, 1], [0, 0, 0]], 'float64') });
    expect(host(r).map(String)).to.deep.equal(['1', 'NaN', '1', 'NaN']);
    // weights=[[1, inf, 2], [nan, 1, 1]] -> [3, nan] (inf and nan sit on NaN elements)
    const r2 = gp.nanquantile(a, 0.5, { axis: 1, method: 'inverted_cdf', weights: gp.array([[1, Infinity, 2], [NaN, 1, 1]], 'float64') });
    expect(host(r2).map(String)).to.deep.equal(['3', 'NaN']);
    // Zero weights on a row's non-NaN elements stay NumPy's ValueError.
    expect(() => gp.nanquantile(a, 0.5, { axis: 1, method: 'inverted_cdf', weights: gp.array([[0, 5, 0], [1, 1, 1]], 'float64') })).to.throw(RangeError, /all zero/);
  });
});
