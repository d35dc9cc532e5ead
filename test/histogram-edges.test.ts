// numpy.histogram_bin_edges (gp.histogramBinEdges): the edges histogram uses for the same
// arguments (compared with histogram's own on random data, every kind of `bins`), NumPy 2.4's
// values and dtypes on small cases, and its errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { histogramPaths } from '../lib/ops/histogram-even.js';
import { describeEachDevice, rng } from './helpers.js';

const vals = (a: GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

describeEachDevice('histogramBinEdges', () => {
  it("equals histogram's edges: counts, rule names, ranges and explicit edges, on random data of several dtypes", () => {
    const r = rng(77);
    for (const dt of ['float32', 'float64', 'int16', 'float16'] as const) {
      const host = Array.from({ length: 1000 }, () => Math.round((r() * 200 - 50) * 8) / 8);
      const a = gp.array(host, dt);
      const cases: [string, Parameters<typeof gp.histogram>[1]][] = [
        ['default', {}],
        ['7 bins', 7],
        ['range', { bins: 5, range: [-10, 10] }],
        ['auto', 'auto'],
        ['fd in a range', { bins: 'fd', range: [0, 100] }],
        ['sturges', 'sturges'],
        ['edges', [-50, 0, 3.5, 150]],
      ];
      for (const [what, bins] of cases) {
        const [counts, want] = gp.histogram(a, bins);
        const got = gp.histogramBinEdges(a, bins as never);
        expect(got.dtype.name, `${dt} ${what}`).to.equal(want.dtype.name);
        expect(vals(got), `${dt} ${what}`).to.deep.equal(vals(want));
        for (const x of [counts, want, got]) x.dispose();
      }
      a.dispose();
    }
  });

  it("NumPy 2.4's values and dtypes", () => {
    const f = gp.array([1, 2, 3, 10], 'float32');
    const e = gp.histogramBinEdges(f, 3);
    expect(e.dtype.name).to.equal('float32');
    expect(vals(e)).to.deep.equal([1, 4, 7, 10]);
    expect(gp.histogramBinEdges(f).size).to.equal(11);
    const ints = gp.histogramBinEdges(gp.array([1, 2]), [1, 2, 3]);
    expect([ints.dtype.name, vals(ints)]).to.deep.equal(['int64', [1, 2, 3]]);
    expect(vals(gp.histogramBinEdges(gp.array([1, 2, 3], 'int32'), 'auto'))).to.deep.equal([1, 2, 3]);
    expect(vals(gp.histogramBinEdges(gp.array([1, 2, 3, 4, 100], 'float32'), 'auto', { range: [0, 10] }))).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const empty = gp.histogramBinEdges(gp.zeros([0], 'float32'), 2);
    expect([empty.dtype.name, vals(empty)]).to.deep.equal(['float32', [0, 0.5, 1]]);
    const same = gp.histogramBinEdges(gp.array([5, 5], 'int8'), 2);
    expect([same.dtype.name, vals(same)]).to.deep.equal(['float64', [4.5, 5, 5.5]]);
    // Weights are checked, not used; one edge and none are NumPy's too (no bins to count).
    expect(vals(gp.histogramBinEdges(f, 3, { weights: f }))).to.deep.equal([1, 4, 7, 10]);
    expect(vals(gp.histogramBinEdges(f, { bins: [3] }))).to.deep.equal([3]);
    expect(gp.histogramBinEdges(f, []).size).to.equal(0);
    expect(vals(gp.histogramBinEdges([1, 2, 3, 4], 2))).to.deep.equal([1, 2.5, 4]);
  });

  it("edges from float32 and float16 data are NumPy's linspace in that dtype's arithmetic (the even kernel and the general one)", () => {
    // Expected values: NumPy 2.4 (its linspace over the data's min and max as float32/float16 scalars).
    const x32 = gp.array([0.1, 3.3, 1.4714285, 1.9285713, 1.9285715, 0.55714285], 'float32');
    const e32 = [0.10000000149011612, 0.5571428537368774, 1.014285683631897, 1.471428632736206, 1.9285714626312256, 2.385714292526245, 2.8428571224212646, 3.299999952316284];
    const x16 = gp.array([-2.654296875, 0.693359375, -1.0, 0.0999755859375, 0.25, -0.5], 'float16');
    const e16 = [-2.654296875, -2.349609375, -2.044921875, -1.7412109375, -1.4365234375, -1.1318359375, -0.828125, -0.5234375, -0.21875, 0.0859375, 0.390625, 0.693359375];
    for (const even of [true, false]) {
      histogramPaths.even = even;
      try {
        const [c32, ed32] = gp.histogram(x32, 7);
        expect([vals(c32), vals(ed32)]).to.deep.equal([[1, 1, 1, 1, 1, 0, 1], e32]);
        const [c16, ed16] = gp.histogram(x16, 11);
        expect([ed16.dtype.name, vals(c16), vals(ed16)]).to.deep.equal(['float16', [1, 0, 0, 0, 0, 1, 0, 1, 0, 2, 1], e16]);
        // Equal data: the ends widen by 0.5 in float32.
        expect(vals(gp.histogram(gp.array([1.1, 1.1], 'float32'), 3)[1])).to.deep.equal([0.6000000238418579, 0.9333333969116211, 1.2666666507720947, 1.600000023841858]);
      } finally {
        histogramPaths.even = true;
      }
    }
    expect(vals(gp.histogramBinEdges(x32, 7))).to.deep.equal(e32);
    // A given range stays float64 arithmetic, rounded once to float32 (NumPy's linspace of Python floats).
    expect(vals(gp.histogram(x32, 3, { range: [0, 1] })[1])).to.deep.equal([0, 1 / 3, 2 / 3, 1].map(Math.fround));
    const s = gp.array([[0.1, 3.3], [1.4714285, 1.9285713], [1.9285715, 0.55714285], [0.3, 2.2]], 'float32');
    const [h, es] = gp.histogramdd(s, [7, 3]);
    expect(vals(h)).to.deep.equal([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0]);
    expect(vals(es[1])).to.deep.equal([0.5571428537368774, 1.4714285135269165, 2.385714054107666, 3.299999952316284]);
  });

  it("NumPy's errors", () => {
    const a = gp.array([1, 2], 'float64');
    expect(() => gp.histogramBinEdges(a, 'auto', { weights: a })).to.throw(TypeError, /weighted data/);
    expect(() => gp.histogramBinEdges(a, 3, { weights: gp.array([1, 2, 3]) })).to.throw(RangeError, /same shape/);
    expect(() => gp.histogramBinEdges(a, [[1, 2], [3, 4]] as never)).to.throw(RangeError, /1d/);
    expect(() => gp.histogramBinEdges(a, [3, 1])).to.throw(RangeError, /monotonically/);
    expect(() => gp.histogramBinEdges(a, 0)).to.throw(RangeError, /positive/);
    expect(() => gp.histogramBinEdges(a, 2.5)).to.throw(TypeError, /integer/);
    expect(() => gp.histogramBinEdges(a, 'nope')).to.throw(RangeError, /estimator/);
    expect(() => gp.histogramBinEdges(a, 2, { range: [2, 1] })).to.throw(RangeError, /larger than min/);
    expect(() => gp.histogramBinEdges(a, { density: true } as never)).to.throw(TypeError);
    expect(() => gp.histogramBinEdges(gp.array([1, Infinity]), 2)).to.throw(RangeError, /not finite/);
  });

  it('histogram and histogramdd with one edge or none: no bins, empty counts of their dtype (NumPy 2.4)', () => {
    const a = gp.array([1, 2, 3, 4]);
    // np.histogram(a, [1]) -> (array([], dtype=int64), array([1])); np.histogram(a, []) -> (int64 [], float64 [])
    const [c1, e1] = gp.histogram(a, [1]);
    expect([c1.dtype.name, c1.shape, e1.dtype.name, vals(e1)]).to.deep.equal(['int64', [0], 'int64', [1]]);
    const [c0, e0] = gp.histogram(a, []);
    expect([c0.dtype.name, c0.shape, e0.dtype.name, e0.shape]).to.deep.equal(['int64', [0], 'float64', [0]]);
    // weights keep their dtype (int8), a density is float64; bool weights are refused only when there is data
    const [cw] = gp.histogram(a, [1], { weights: gp.array([1, 1, 1, 1], 'int8') });
    expect([cw.dtype.name, cw.shape]).to.deep.equal(['int8', [0]]);
    const [cd] = gp.histogram(a, [1], { density: true });
    expect([cd.dtype.name, cd.shape]).to.deep.equal(['float64', [0]]);
    const [cb] = gp.histogram(gp.array([], 'float64'), [1, 2], { weights: gp.array([], 'bool') });
    expect([cb.dtype.name, vals(cb)]).to.deep.equal(['bool', [0]]);
    expect(() => gp.histogram(a, [1, 2], { weights: gp.array([true, true, true, true]) })).to.throw(TypeError, /Cannot cast/);
    // np.histogramdd(np.array([[1, 1], [2, 2.]]), [[1], [1, 2]]) -> float64 of shape (0, 1)
    const [h, edges] = gp.histogramdd(gp.array([[1, 1], [2, 2]]), [[1], [1, 2]]);
    expect([h.dtype.name, h.shape, edges.map(vals)]).to.deep.equal(['float64', [0, 1], [[1], [1, 2]]]);
    expect(() => gp.histogramdd(gp.array([[1], [2]]), [[]])).to.throw();
  });

  it("NumPy's errors for a range that is not a pair and a histogramdd bin count that is not an integer", () => {
    const a = gp.array([1, 2, 3]);
    // np.histogram(a, 2, range=(1, 2, 3)): ValueError (too many values to unpack)
    expect(() => gp.histogram(a, 2, { range: [1, 2, 3] as never })).to.throw(RangeError, /pair/);
    expect(() => gp.histogramBinEdges(a, 2, { range: [1] as never })).to.throw(RangeError, /pair/);
    expect(() => gp.histogramdd(gp.array([[1, 2], [3, 4]]), 2, { range: [[0, 4, 5], [0, 4]] as never })).to.throw(RangeError, /pair/);
    // np.histogramdd(x, 2.5): TypeError "`bins[0]` must be an integer, when a scalar"
    expect(() => gp.histogramdd(gp.array([[1, 2], [3, 4]]), 2.5)).to.throw(TypeError, /must be an integer, when a scalar/);
    expect(() => gp.histogram2d(gp.array([1, 2]), gp.array([3, 4]), 1.5)).to.throw(TypeError, /must be an integer/);
  });
  it("range ends as 0-d arrays ([x.min(), x.max()]) or bigints: numbers, the arrays' dtype promoted as NumPy's result_type", () => {
    const x = gp.array([1, 2, 3.5, 0.7, 2.2], 'float64');
    // np.histogram(x, 3, range=(x.min(), x.max()))
    const [h, e] = gp.histogram(x, 3, { range: [x.min(), x.max()] });
    expect([vals(h), vals(e), e.dtype.name]).to.deep.equal([[2, 2, 1], [0.7, 1.6333333333333333, 2.5666666666666664, 3.5], 'float64']);
    // int8 data and float32 ends: float32 edges (linspace in float32), the data cast to them.
    const xi = gp.array([1, 2, 3, 0, 2, 1], 'int8');
    const f32 = [gp.array(0.1, 'float32'), gp.array(3, 'float32')] as const;
    const [hi, ei] = gp.histogram(xi, 3, { range: f32 });
    expect([vals(hi), vals(ei), ei.dtype.name]).to.deep.equal([[2, 2, 1], [0.10000000149011612, 1.0666667222976685, 2.0333333015441895, 3], 'float32']);
    // A rule counts the int8 data as integers (3 bins), the edges in float32.
    const ea = gp.histogramBinEdges(xi, 'auto', { range: f32 });
    expect([vals(ea), ea.dtype.name]).to.deep.equal([[0.10000000149011612, 1.0666667222976685, 2.0333333015441895, 3], 'float32']);
    // A float16 end and a number: linspace in float16, 3.3 held as 3.30078125 (float64 edges for float64 data).
    const [h16, e16] = gp.histogram(x, 3, { range: [gp.array(0, 'float16'), 3.3] });
    expect([vals(h16), vals(e16), e16.dtype.name]).to.deep.equal([[2, 2, 0], [0, 1.1005859375, 2.201171875, 3.30078125], 'float64']);
    // np.histogram(x, 2, range=(0, np.int64(4)))
    const [hb, eb] = gp.histogram(x, 2, { range: [0, 4n] });
    expect([vals(hb), vals(eb), eb.dtype.name]).to.deep.equal([[2, 3], [0, 2, 4], 'float64']);
    // histogramdd: float32 ends give float32 edges.
    const s = gp.array([[0.1], [0.5], [0.9]], 'float32');
    const col = s.slice(':', 0);
    const [H, edd] = gp.histogramdd(s, { bins: 2, range: [[col.min(), col.max()]] });
    expect([vals(H), vals(edd[0]), edd[0].dtype.name]).to.deep.equal([[1, 2], [0.10000000149011612, 0.4999999701976776, 0.8999999761581421], 'float32']);
    expect(() => gp.histogram(x, 3, { range: [gp.array([1]), 3] })).to.throw(TypeError, /0-d/);
    // Explicit edges ignore the range: the int16 data compared as they are, not in float16 ([1, 1]).
    const [he] = gp.histogram(gp.array([3000, 3001], 'int16'), gp.array([2999.5, 3000.5, 3001.5]), { range: [gp.array(0, 'float16'), gp.array(4000, 'float16')] });
    expect(vals(he)).to.deep.equal([1, 1]);
  });
});
