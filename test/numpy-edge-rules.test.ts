// NumPy 2.4's answers at the edges a differential sweep found: histogram's edges that a float type
// cannot make distinct ("Too many bins"), 2-D bins, an estimator's NaN count; trapezoid with an x
// of more dimensions than y (broadcast); diff's axis=None; pad's width checked before broadcasting.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => ([r.toArray()] as unknown[]).flat(Infinity as 1).map(Number);

describeEachDevice('NumPy edge rules', () => {
  it('histogram refuses edges its float type cannot make distinct, and 2-D bins', () => {
    const tooMany = /Too many bins for data range. Cannot create 3 finite-sized bins/;
    expect(() => gp.histogram(gp.array([1e308, -1e308], 'float64'), 3)).to.throw(RangeError, tooMany);
    expect(() => gp.histogram(gp.array([5e-324, 0], 'float64'), 3)).to.throw(RangeError, tooMany);
    expect(() => gp.histogram(gp.array([0, 1], 'float32'), 3, { range: [0, 1e-45] })).to.throw(RangeError, tooMany);
    expect(() => gp.histogram(gp.array([5e-324, 0], 'float64'), 3, { weights: gp.ones([2]) })).to.throw(RangeError, tooMany);
    expect(() => gp.histogramBinEdges(gp.array([1e308, -1e308], 'float64'), 3)).to.throw(RangeError, tooMany);
    expect(() => gp.histogram(gp.array([1e308, -1e308], 'float64'), 'auto')).to.throw(RangeError, /cannot convert float NaN to integer/);
    expect(() => gp.histogram(gp.array([1, 2], 'float64'), gp.array([[0, 1]], 'float64'))).to.throw(RangeError, /must be 1d/);
    expect(() => gp.histogram(gp.array([1, 2], 'float64'), [[0, 1]] as unknown as number[])).to.throw(RangeError, /must be 1d/);
    // Narrow but representable: fine.
    const [h, e] = gp.histogram(gp.array([0, 1e-300], 'float64'), 2);
    expect(values(h)).to.deep.equal([1, 1]);
    expect(values(e)).to.deep.equal([0, 5e-301, 1e-300]);
  });

  it('trapezoid broadcasts an x of more dimensions than y (NumPy sums along axis of the product)', () => {
    expect(values(gp.trapezoid(gp.array([1, 2], 'float64'), gp.array([[0, 1], [1, 3]], 'float64')))).to.deep.equal([1.5, 3]);
    const r = gp.trapezoid(gp.arange(12, 'float64').reshape(3, 4), gp.arange(8, 'float64').reshape(2, 1, 4).multiply(2));
    expect(r.shape).to.deep.equal([2, 3]);
    expect(values(r)).to.deep.equal([9, 33, 57, 9, 33, 57]);
    expect(() => gp.trapezoid(gp.arange(12, 'float64').reshape(3, 4), gp.arange(6, 'float64').reshape(3, 2), { axis: 0 })).to.throw(RangeError, /broadcast/);
    // An array dx broadcasts against the differences (NumPy: 8.0 and [4, 20]).
    expect(values(gp.trapezoid(gp.array([1, 2, 3], 'float64'), { dx: gp.array(2, 'float64') }))).to.deep.equal([8]);
    expect(values(gp.trapezoid(gp.array([[1, 2, 3], [4, 5, 6]], 'float64'), { dx: [[1], [2]] }))).to.deep.equal([4, 20]);
  });

  it("diff refuses axis null; pad checks pad_width before broadcasting it (a 0-d array too)", () => {
    expect(() => gp.diff(gp.array([1, 2, 4], 'float64'), { axis: null as unknown as number })).to.throw(TypeError, /NoneType/);
    expect(() => gp.pad(gp.array(5, 'float64'), -1)).to.throw(RangeError, /negative/);
    expect(() => gp.pad(gp.array(5, 'float64'), 1.5)).to.throw(TypeError, /integral/);
    expect(values(gp.pad(gp.array(5, 'float64'), 1))).to.deep.equal([5]);
  });

  it("a where mask must be bool (NumPy's safe cast); the clip method's bounds may be left out; tobytes('K') is C order", () => {
    const a = gp.arange(4, { dtype: 'float64' });
    const w8 = gp.array([1, 0, 1, 1], 'int8');
    for (const f of [() => a.sum({ where: w8 }), () => gp.mean(a, { where: w8 }), () => gp.max(a, { where: w8, initial: 0 }), () => gp.add.reduce(a, { where: w8 })]) {
      expect(f).to.throw(TypeError, /Cannot cast array data from dtype\('int8'\) to dtype\('bool'\) according to the rule 'safe'/);
    }
    expect(values(a.sum({ where: gp.array([true, false, true, true]) }))).to.deep.equal([5]);
    const b = gp.arange(5, { dtype: 'int32' });
    expect([b.clip(2), b.clip(null, 2), b.clip({ min: 1 }), b.clip()].map(values)).to.deep.equal([[2, 2, 2, 3, 4], [0, 1, 2, 2, 2], [1, 1, 2, 3, 4], [0, 1, 2, 3, 4]]);
    const t = gp.arange(6, { dtype: 'int8' }).reshape([2, 3]).T;
    expect([Array.from(t.tobytes('K')), Array.from(t.tobytes('A'))]).to.deep.equal([[0, 3, 1, 4, 2, 5], [0, 1, 2, 3, 4, 5]]);
  });

  it("reshape's copy (NumPy 2.1): true always copies, false gives a view or refuses", () => {
    const a = gp.arange(6, { dtype: 'float64' });
    a.slice('::2').reshape([3], { copy: false }).fill(-1);
    expect(values(a)).to.deep.equal([-1, 1, -1, 3, -1, 5]);
    expect(() => a.reshape([2, 3]).T.reshape([6], { copy: false })).to.throw(RangeError, /Unable to avoid creating a copy while reshaping/);
    expect(() => gp.reshape(a.reshape([2, 3]).T, [6], { copy: false })).to.throw(RangeError, /Unable to avoid creating a copy/);
    a.reshape([2, 3], { copy: true }).fill(9);
    expect(values(a)).to.deep.equal([-1, 1, -1, 3, -1, 5]);
    expect(values(gp.reshape(a, [3, 2], { order: 'F', copy: true }))).to.deep.equal([-1, 3, 1, -1, -1, 5]);
    // squeeze of a 0-d array: an integer axis 0 or -1 (NumPy's special case), not a list of them.
    expect(gp.squeeze(gp.array(5), 0).shape).to.deep.equal([]);
    expect(() => gp.squeeze(gp.array(5), [0])).to.throw(RangeError, /axis 0 is out of bounds for array of dimension 0/);
  });

  it("nanprod takes prod's out, initial and where; ptp takes out; isin's 'table' kind only for integers; partition of an empty array ignores kth", () => {
    // Expected values: NumPy 2.4.
    const a = gp.array([1, NaN, 3, 4], 'float64');
    expect(values(gp.nanprod(a, { where: gp.array([true, false, true, true]) }))).to.deep.equal([12]);
    expect(values(gp.nanprod(a, { initial: 2 }))).to.deep.equal([24]);
    const out = gp.zeros([]);
    expect(gp.nanprod(a, { out })).to.equal(out);
    expect(values(out)).to.deep.equal([12]);
    const o2 = gp.zeros([]);
    expect(gp.ptp(gp.array([3, 9, 4], 'float64'), { out: o2 })).to.equal(o2);
    expect(values(o2)).to.deep.equal([6]);
    expect(() => gp.isin(gp.array([1.5, 2]), [2], { kind: 'table' })).to.throw(RangeError, /only supported for boolean or integer arrays/);
    expect(values(gp.isin(gp.array([1, 2], 'int32'), [2], { kind: 'table' }))).to.deep.equal([0, 1]);
    expect(gp.partition(gp.zeros([0, 2]), 2).shape).to.deep.equal([0, 2]);
    expect(() => gp.partition(gp.zeros([1, 2]), 2)).to.throw(RangeError, /kth\(=2\) out of bounds \(2\)/);
  });

  it("order letters in either case; roll of no shifts; any negative reshape length as the unknown one; copyto's exact castings and host where", () => {
    const x = gp.arange(6, 'float64').reshape([2, 3]);
    expect(values(gp.ravel(x, 'f' as 'F'))).to.deep.equal([0, 3, 1, 4, 2, 5]);
    expect(x.copy('f' as 'F').layoutFlags.fContiguous).to.equal(true);
    expect(values(gp.reshape(x, [3, 2], { order: 'f' as 'F' }))).to.deep.equal([0, 4, 3, 2, 1, 5]);
    expect(gp.unravelIndex(1, [2, 2], 'f' as 'F')).to.deep.equal([1, 0]);
    expect(values(gp.roll(x, []))).to.deep.equal([0, 1, 2, 3, 4, 5]);
    expect(values(gp.roll(x, 1, []))).to.deep.equal([0, 1, 2, 3, 4, 5]);
    expect(gp.arange(6).reshape(-2, 2).shape).to.deep.equal([3, 2]);
    expect(() => gp.indices([2.5, 3])).to.throw(TypeError);
    expect(() => gp.copyto(gp.zeros([2]), 7, { casting: 'equiv' })).to.throw(TypeError, /'equiv'/);
    expect(() => gp.copyto(gp.zeros([2], 'int32'), true, { casting: 'no' })).to.throw(TypeError, /'no'/);
    const d = gp.zeros([3]);
    gp.copyto(d, 1, { where: [1, 0, 1] as unknown as gp.GpuArray });
    expect(values(d)).to.deep.equal([1, 0, 1]);
    expect(() => gp.copyto(gp.zeros([3]), 1, { where: gp.array([1, 0, 1]) })).to.throw(TypeError, /bool/);
  });

  it('a JS NaN, infinity or out-of-range number is never stored into an integer array (array, put, putmask, flat)', () => {
    expect(() => gp.array(NaN, 'int64')).to.throw(RangeError, /cannot convert NaN to integer dtype int64/);
    expect(() => gp.asarray(Infinity, 'int8')).to.throw(RangeError, /Infinity/);
    expect(values(gp.array(1.7, 'int8'))).to.deep.equal([1]); // truncated, as NumPy's array(1.7, int8)
    const a = gp.arange(3);
    expect(() => gp.put(a, [0], NaN)).to.throw(RangeError, /NaN/);
    expect(() => a.put([0], NaN)).to.throw(RangeError, /NaN/);
    expect(() => gp.put(gp.zeros(2, 'int8'), [0], 1.5e10 + 0.5)).to.throw(RangeError, /out of bounds for int8/);
    expect(() => gp.put(gp.zeros(2, 'uint8'), [0], -1.5)).to.throw(RangeError, /-1 out of bounds for uint8/);
    expect(() => gp.putmask(a, [true, false, false], NaN)).to.throw(RangeError, /NaN/);
    expect(() => a.flat.set(0, -Infinity)).to.throw(RangeError, /Infinity/);
    expect(values(a)).to.deep.equal([0, 1, 2]);
    expect(values(gp.full(2, NaN, 'int64').equal(gp.iinfo('int64').min))).to.deep.equal([1, 1]); // full casts unsafely, as NumPy's
  });

  it('read-only outputs are refused by matmul, dot, take, ElementwiseKernel and Generator fills before anything runs', () => {
    const ro = (x: gp.GpuArray) => {
      x.setflags(false);
      return x;
    };
    const m = gp.arange(4, 'float64').reshape(2, 2);
    const o = ro(gp.zeros([2, 2]));
    expect(() => gp.matmul(m, m, o)).to.throw(RangeError, /read-only/);
    expect(() => gp.dot(m, m, o)).to.throw(RangeError, /read-only/);
    const o1 = ro(gp.zeros([2]));
    expect(() => gp.take(gp.arange(4, 'float64'), [2, 3], { out: o1 })).to.throw(RangeError, /read-only/);
    expect(() => gp.compress([true, true], gp.ones(2), { out: o1 })).to.throw(RangeError, /read-only/);
    expect(() => gp.ElementwiseKernel('float64 x', 'float64 y', 'y = 5', 'edge_ro_out')(gp.zeros(2), o1)).to.throw(RangeError, /read-only/);
    expect(() => gp.random.defaultRng(1).random({ out: o1 })).to.throw(RangeError, /writable/);
    expect(values(o)).to.deep.equal([0, 0, 0, 0]);
    expect(values(o1)).to.deep.equal([0, 0]);
  });

  it('matvec, vecmat and vecdot take NumPy\'s out (and matvec/vecmat dtype)', () => {
    const m = gp.arange(4, 'float64').reshape(2, 2);
    const o = gp.zeros(2);
    expect(gp.matvec(m, gp.ones(2), { out: o })).to.equal(o);
    expect(values(o)).to.deep.equal([1, 5]);
    expect(values(gp.vecmat(gp.ones(2), m, { out: o }))).to.deep.equal([2, 4]);
    expect(values(gp.vecdot(m, m, { out: o }))).to.deep.equal([1, 13]);
    expect(gp.matvec(m.astype('int32'), gp.ones(2, 'int32'), { dtype: 'float32' }).dtype.name).to.equal('float32');
    expect(() => gp.matvec(m, gp.ones(2), { out: gp.zeros(3) })).to.throw(RangeError, /shape/);
  });

  it('shapes as NumPy checks them: lengths besides a 0 count, at most 64 dimensions; linspace takes no null num', () => {
    expect(() => gp.zeros([0, 2 ** 62])).to.throw(RangeError, /too large/);
    expect(() => gp.empty([2 ** 62, 0], 'int8')).to.throw(RangeError, /too large/);
    expect(gp.zeros([0, 2 ** 40]).shape).to.deep.equal([0, 2 ** 40]);
    expect(() => gp.ones(new Array(65).fill(1))).to.throw(RangeError, /maximum supported dimension for an ndarray is currently 64, found 65/);
    expect(gp.zeros(new Array(64).fill(1)).ndim).to.equal(64);
    expect(() => gp.linspace(0, 1, null as unknown as number)).to.throw(TypeError, /number of samples null/);
    expect(gp.linspace(0, 1).size).to.equal(50);
  });

  it('reductions take where= as a host list (made bool, as NumPy); legacy seeds past 2**32 - 1 are refused as bigints too; a NaN histogram range is not finite', () => {
    const a = gp.arange(3);
    expect(values(gp.sum(a, { where: [true, false, true] }))).to.deep.equal([2]);
    expect(values(gp.sum(a, { where: [1, 0, 1] }))).to.deep.equal([2]);
    expect(values(gp.mean(a, { where: [true, false, true] }))).to.deep.equal([1]);
    expect(values(gp.max(a, { where: [false, true, false], initial: -1 }))).to.deep.equal([1]);
    const o = gp.full([3], -5);
    expect(values(gp.add(a, 1, { where: [1, 0, 1], out: o }))).to.deep.equal([1, -5, 3]); // ufuncs make it bool too
    expect(() => gp.sum(a, { where: gp.array([1, 0, 1]) })).to.throw(TypeError, /to dtype\('bool'\)/);
    expect(() => gp.random.seed(2n ** 130n)).to.throw(RangeError, /Seed must be between 0 and 2\*\*32 - 1/);
    gp.random.seed(2n ** 32n - 1n);
    expect(() => gp.histogram(gp.arange(3, 'float64'), 3, { range: [NaN, 1] })).to.throw(RangeError, /supplied range of \[NaN, 1\] is not finite/);
    expect(() => gp.histogram(gp.arange(3, 'float64'), 3, { range: [1, 0] })).to.throw(RangeError, /max must be larger than min/);
  });
});
