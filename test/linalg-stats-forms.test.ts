// NumPy 2.4's forms and edge rules in linalg and the statistics: cond's p and tensorinv's ind and
// tensorsolve's axes by position or option, matrix_power's n and fftfreq's 0-d d, per-matrix tol/rtol arrays in matrix_rank and pinv,
// pinv's rcond beside rtol, dot's exact out, multi_dot of two N-D arrays, quantile's typed scalar
// q and its result dtype with integer data, partition of an empty axis and a boolean kth, isin
// between int64 and uint64 past 2^53.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => ([r.toArray()] as unknown[]).flat(Infinity as 1).map(Number);

describeEachDevice('linalg and statistics forms', () => {
  const d = () => gp.array([[1, 0], [0, 0.1]], 'float64');

  it('cond(x, {p}), tensorinv(a, ind), tensorsolve(a, b, axes), matrixPower(a, {n}), fftfreq with a 0-d d', () => {
    expect(values(gp.linalg.cond(d(), { p: 'fro' }))[0]).to.be.closeTo(10.1, 1e-12);
    expect(values(gp.linalg.cond(d(), { p: 2 }))[0]).to.be.closeTo(10, 1e-12);
    expect(gp.linalg.tensorinv(gp.eye(4).reshape(4, 2, 2), 1).shape).to.deep.equal([2, 2, 4]);
    expect(gp.linalg.tensorinv(gp.eye(4).reshape(4, 2, 2), { ind: 1 }).shape).to.deep.equal([2, 2, 4]);
    const a = gp.multiply(gp.eye(6), 4).reshape([6, 2, 3]);
    expect(values(gp.linalg.matrixPower(gp.array([[1, 1], [0, 1]], 'float64'), { n: 3 }))).to.deep.equal([1, 3, 0, 1]);
    expect(values(gp.fft.fftfreq(4, gp.array(0.5, 'float32')))).to.deep.equal([0, 0.5, -1, -0.5]);
    expect(values(gp.fft.rfftfreq(4, { d: gp.float64(0.5) }))).to.deep.equal([0, 0.5, 1]);
    const x = gp.linalg.tensorsolve(a, gp.ones([2, 3]), [0]);
    expect(x.shape).to.deep.equal([6]);
    expect(values(x)).to.deep.equal([0.25, 0.25, 0.25, 0.25, 0.25, 0.25]);
  });

  it('matrixRank and pinv take a cutoff a matrix', () => {
    const st = gp.stack([d(), d()]);
    const per = gp.array([0.05, 0.5], 'float64');
    expect(values(gp.linalg.matrixRank(st, { tol: per }))).to.deep.equal([2, 1]);
    expect(values(gp.linalg.matrixRank(st, per))).to.deep.equal([2, 1]);
    expect(values(gp.linalg.matrixRank(st, [0.05, 0.5]))).to.deep.equal([2, 1]);
    expect(values(gp.linalg.matrixRank(st, { rtol: per }))).to.deep.equal([2, 1]);
    expect(values(gp.linalg.matrixRank(st))).to.deep.equal([2, 2]);
    const p = values(gp.linalg.pinv(st, { rtol: per }));
    [1, 0, 0, 10, 1, 0, 0, 0].forEach((v, i) => expect(p[i]).to.be.closeTo(v, 1e-12));
    expect(() => gp.linalg.pinv(gp.eye(2), 1e-3, { rtol: 1e-3 })).to.throw(RangeError, /can't be both set/);
    expect(values(gp.linalg.pinv(gp.eye(2), null, true))).to.deep.equal([1, 0, 0, 1]);
  });

  it("dot's out must have the result's dtype; multiDot of two arrays is dot", () => {
    expect(() => gp.dot(gp.eye(2), gp.eye(2), gp.zeros([2, 2], 'float32'))).to.throw(RangeError, /not acceptable/);
    const out = gp.zeros([2, 2]);
    expect(gp.dot(gp.eye(2), gp.eye(2), out)).to.equal(out);
    expect(values(out)).to.deep.equal([1, 0, 0, 1]);
    const r = gp.linalg.multiDot([gp.eye(2), gp.arange(8, 'float64').reshape(2, 2, 2)]);
    expect(r.shape).to.deep.equal([2, 2, 2]);
    expect(values(r)).to.deep.equal([0, 1, 4, 5, 2, 3, 6, 7]);
  });

  it("quantile's typed scalar q and its dtype with integer data", () => {
    const q1 = gp.quantile(gp.array([1, 2, 3], 'float64'), gp.float32(0.25));
    expect([q1.dtype.name, values(q1)]).to.deep.equal(['float64', [1.5]]);
    const q2 = gp.quantile(gp.array([1, 2, 3], 'int8'), gp.array([0.25], 'float32'));
    expect([q2.dtype.name, values(q2)]).to.deep.equal(['float32', [1.5]]);
    expect(gp.quantile(gp.array([1, 2, 3], 'uint8'), gp.array([0.25], 'float16')).dtype.name).to.equal('float16');
    expect(gp.quantile(gp.array([1, 2, 3], 'int32'), gp.array([0.25], 'float32')).dtype.name).to.equal('float64');
    expect(gp.quantile(gp.array([1, 2, 3], 'int8'), 0.25).dtype.name).to.equal('float64');
    expect(values(gp.percentile(gp.array([1, 2, 3], 'float64'), gp.float64(25)))).to.deep.equal([1.5]);
  });

  it('partition of an empty axis; a boolean kth; isin of int64 and uint64', () => {
    expect(gp.partition(gp.array([], 'float64'), 0).shape).to.deep.equal([0]);
    expect(gp.argpartition(gp.zeros([2, 0]), [0, 1], { axis: 1 }).shape).to.deep.equal([2, 0]);
    expect(() => gp.partition(gp.array([3, 1, 2]), true as never)).to.throw(RangeError, /Booleans/);
    expect(() => gp.partition(gp.array([3, 1, 2]), 3)).to.throw(RangeError, /out of bounds/);
    const big = 2n ** 63n;
    const e = gp.array([big - 1n, big - 2n, -1n], 'int64');
    const t = gp.array([big - 1n, 2n ** 64n - 1n], 'uint64');
    expect(gp.isin(e, t).toArray()).to.deep.equal([true, false, false]);
    expect(gp.isin(e, t, { invert: true }).toArray()).to.deep.equal([false, true, true]);
    expect(gp.isin(gp.array([big - 1n, 2n ** 64n - 1n, 5n], 'uint64'), gp.array([[big - 1n, -1n], [5n, 7n]], 'int64')).toArray()).to.deep.equal([true, false, true]);
  });
});
