// numpy.histogram_bin_edges (gp.histogramBinEdges): the edges histogram uses for the same
// arguments (compared with histogram's own on random data, every kind of `bins`), NumPy 2.4's
// values and dtypes on small cases, and its errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
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
});
