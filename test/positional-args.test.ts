// NumPy's positional parameters stay positional (the conventions in docs/): a function takes its
// optional parameters by position in NumPy's order, and one options object in place of any of
// them; a parameter given both ways or more positions than NumPy has is a TypeError. Expected
// values are NumPy 2.4's for the same positional calls.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const M = () => gp.arange(12, 'float64').reshape(3, 4);
const V = () => gp.array([3, 1, 2, 5], 'float64');
const I = () => gp.arange(6).reshape(2, 3);
const num = (a: gp.GpuArray) => JSON.parse(JSON.stringify(a.toArray(), (_, v) => (typeof v === 'bigint' ? Number(v) : v)));

describeEachDevice("NumPy's positional parameters", () => {
  it('reductions: sum(a, axis, dtype, out, keepdims), std(..., ddof), max(a, axis, out, keepdims), argmax(a, axis, out)', () => {
    expect(gp.sum(M(), 0, 'float32', null, true).shape).to.deep.equal([1, 4]);
    expect(gp.sum(M(), 0, 'float32', null, true).dtype.name).to.equal('float32');
    expect(num(gp.std(M(), 0, null, null, 1))).to.deep.equal([4, 4, 4, 4]);
    expect(num(gp.max(I(), 0, null, true))).to.deep.equal([[3, 4, 5]]);
    expect(num(M().mean(1, 'float32', null, true))).to.deep.equal([[1.5], [5.5], [9.5]]);
    expect(num(gp.argmax(I(), 0, null, { keepdims: true }))).to.deep.equal([[1, 1, 1]]);
    expect(() => gp.sum(M(), 0, 'float32', { dtype: 'int8' })).to.throw(TypeError, /multiple values/);
    expect(() => gp.argmax(I(), 0, null, true)).to.throw(TypeError, /positional/); // keepdims is keyword-only
    expect(num(gp.nanmean(M(), 0, 'float32', null, true))).to.deep.equal([[4, 5, 6, 7]]);
    expect(num(gp.nanvar(M(), 0, null, null, 1))).to.deep.equal([16, 16, 16, 16]);
    expect(gp.nanstd(M(), 1, null, null, 0, true).shape).to.deep.equal([3, 1]);
    expect(num(gp.nanargmax(M(), 0, null, { keepdims: true }))).to.deep.equal([[2, 2, 2, 2]]);
    const np1 = gp.nanprod(I(), 1, 'float32');
    expect([np1.dtype.name, num(np1)]).to.deep.equal(['float32', [0, 60]]);
  });

  it('creation and spacing: tri(N, M, k, dtype), linspace(start, stop, num, endpoint, retstep), logspace(..., base)', () => {
    const t = gp.tri(3, 2, -1, { dtype: 'float32' });
    expect([t.dtype.name, num(t)]).to.deep.equal(['float32', [[0, 0], [1, 0], [1, 1]]]);
    const [, step] = gp.linspace(0, 1, 5, false, true) as [gp.GpuArray, number];
    expect(step).to.equal(0.2);
    expect(num(gp.logspace(0, 2, 3, true, 2.0))).to.deep.equal([1, 2, 4]);
    expect(gp.geomspace(1, 8, 4, true, 'float32').dtype.name).to.equal('float32');
    expect(gp.zerosLike(I(), 'int8', 'F').flags.fContiguous).to.equal(true);
  });

  it('statistics: quantile(a, q, axis, out, overwriteInput, method), median(..., keepdims), histogram(a, bins, range, density), average(a, axis, weights, returned), ptp(a, axis, out, keepdims)', () => {
    expect(num(gp.quantile(M(), 0.5, 1, null, false, 'higher'))).to.deep.equal([2, 6, 10]);
    expect(gp.median(M(), 0, null, false, true).shape).to.deep.equal([1, 4]);
    expect(num(gp.histogram(V(), 2, [0, 6], true)[0])).to.deep.equal([0.16666666666666666, 0.16666666666666666]);
    expect(num(gp.histogramBinEdges(V(), 2, [0, 8]))).to.deep.equal([0, 4, 8]);
    expect(num(gp.histogram2d(V(), V(), 2, [[0, 6], [0, 6]], true)[0])).to.deep.equal([[0.05555555555555555, 0], [0, 0.05555555555555555]]);
    const [avg, sw] = gp.average(M(), 0, [1, 2, 3], true) as gp.GpuArray[];
    expect([num(avg), num(sw)]).to.deep.equal([[5.333333333333333, 6.333333333333333, 7.333333333333333, 8.333333333333334], [6, 6, 6, 6]]);
    expect(num(gp.ptp(I(), 0, null, true))).to.deep.equal([[3, 3, 3]]);
    expect(gp.cov(M(), null, false, true).shape).to.deep.equal([4, 4]);
    expect(gp.corrcoef(M(), null, false).shape).to.deep.equal([4, 4]);
    expect(() => gp.average(M(), 1, null, false, true as never)).to.throw(TypeError, /positional/);
  });

  it('interp(x, xp, fp, left, right), searchsorted(a, v, side, sorter), sort(a, axis, kind), unique(ar, flags...), diff(a, n, axis, prepend)', () => {
    expect(num(gp.interp([2.5], [0, 1], [1, 3], null, 5))).to.deep.equal([5]);
    expect(num(gp.interp([-1], [0, 1], [1, 3], 7))).to.deep.equal([7]);
    expect(num(gp.searchsorted([3, 1, 2], 2, 'left', [1, 2, 0]))).to.equal(1);
    expect(num(gp.sort(I(), 0, 'stable'))).to.deep.equal([[0, 1, 2], [3, 4, 5]]);
    expect(() => gp.sort(I(), 0, 'stable', ['f'] as never)).to.throw(RangeError, /no fields/);
    expect((gp.unique([3, 1, 3], true, true, true) as gp.GpuArray[]).map(num)).to.deep.equal([[1, 3], [1, 0], [1, 0, 1], [1, 2]]);
    expect(num(gp.diff(V(), 1, 0, 0))).to.deep.equal([3, -2, 1, 3]);
    expect(num(gp.cumsum(M(), 0, 'float32').slice(-1))).to.deep.equal([12, 15, 18, 21]);
  });

  it('isclose(a, b, rtol, atol, equalNan), allclose, arrayEqual(a, b, equalNan), nanToNum(x, copy, nan, posinf, neginf)', () => {
    expect(num(gp.isclose(V(), gp.add(V(), 1e-9), 1e-10, 1e-10))).to.deep.equal([false, false, false, false]);
    expect(gp.allclose(V(), gp.add(V(), 1e-3), 1e-2)).to.equal(true);
    expect(gp.arrayEqual([NaN], [NaN], true)).to.equal(true);
    expect(num(gp.nanToNum(gp.array([NaN, Infinity]), true, 1.0, 2.0, -2.0))).to.deep.equal([1, 2]);
  });

  it('trace(a, offset, axis1, axis2, dtype), diagonal(a, offset, axis1, axis2), cross(a, b, axisa, axisb, axisc), trapezoid(y, x, dx), set routines', () => {
    expect(gp.trace(M(), 1, 0, 1, 'float32').dtype.name).to.equal('float32');
    expect(num(gp.diagonal(M(), 1, 0, 1))).to.deep.equal([1, 6, 11]);
    expect(num(gp.diagonal(M(), 0, { axis1: 1, axis2: 0 }))).to.deep.equal([0, 5, 10]);
    expect(num(gp.cross([[1, 2, 3]], [[4, 5, 6]], -1, -1, -1))).to.deep.equal([[-3, 6, -3]]);
    expect(num(gp.trapezoid(V(), null, 2.0, 0))).to.equal(14);
    expect(num(gp.isin(V(), [1, 2], false, true))).to.deep.equal([true, false, false, true]);
    expect(num(gp.setdiff1d(V(), [1], true))).to.deep.equal([3, 2, 5]);
    expect(gp.intersect1d(V(), V(), true, true).map(num)).to.deep.equal([[1, 2, 3, 5], [1, 2, 0, 3], [1, 2, 0, 3]]);
  });

  it('ufuncs: outputs by position (add(x1, x2, out), divmod(x1, x2, q)); reduce(a, axis, dtype, out, keepdims), reduceat(a, idx, axis, dtype); outer of host data', () => {
    const o = gp.zeros([3, 4]);
    expect(gp.add(M(), M(), o)).to.equal(o);
    expect(num(o.slice(1))).to.deep.equal([8, 10, 12, 14]);
    const q = gp.zeros([3, 4]);
    gp.divmod(M(), 5, q);
    expect(num(q.slice(2))).to.deep.equal([1, 1, 2, 2]);
    expect(() => gp.add(M(), M(), o, { out: o })).to.throw(TypeError, /both a positional and keyword/);
    const r = gp.add.reduce(M(), 0, 'float32');
    expect([r.dtype.name, num(r)]).to.deep.equal(['float32', [12, 15, 18, 21]]);
    expect(gp.add.reduce(M(), 0, null, null, true).shape).to.deep.equal([1, 4]);
    expect(num(gp.add.reduceat(gp.arange(8), [0, 4], 0, 'float32'))).to.deep.equal([6, 22]);
    expect(num(gp.multiply.outer([1, 2], [3, 4]))).to.deep.equal([[3, 4], [6, 8]]);
  });

  it("methods: a.astype(dtype, order, casting, subok, copy), a.trace(offset, axis1, axis2, dtype), a.diagonal(offset, axis1, axis2)", () => {
    expect(M().astype('int32', 'C', 'unsafe').dtype.name).to.equal('int32');
    expect(M().astype('float32', 'K', 'same_kind', true, true).dtype.name).to.equal('float32');
    expect(() => M().astype('int32', 'K', 'safe')).to.throw(TypeError, /Cannot cast/);
    expect(M().astype('int32', 'F').flags.fContiguous).to.equal(true);
    expect(M().astype('int32', 'F', { copy: false }).flags.fContiguous).to.equal(true);
    expect(() => M().astype('int32', 'K', { order: 'C' })).to.throw(TypeError, /multiple values/);
    expect(M().trace(1, 0, 1, 'float32').dtype.name).to.equal('float32');
    expect(num(M().diagonal(1, 0, 1))).to.deep.equal([1, 6, 11]);
  });
});
