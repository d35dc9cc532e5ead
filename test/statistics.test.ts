// quantile/percentile/median (+ nan variants, every method), bincount, histogram and digitize
// against host references with NumPy's rules, on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { flat, refArgsort } from './sort-reference.js';

type Method = Extract<gp.QuantileMethod, 'linear' | 'lower' | 'higher' | 'nearest' | 'midpoint'>;

/** NumPy's quantile of one slice (q in [0, 1]), written from its method table. */
function refQuantile(x: readonly number[], q: number, method: Method, skipNan: boolean): number {
  let v = refArgsort(x).map((i) => x[i]);
  if (skipNan) v = v.filter((t) => !Number.isNaN(t));
  else if (v.some(Number.isNaN)) return NaN;
  const n = v.length;
  if (n === 0) return NaN;
  const idx = q * (n - 1);
  const lo = Math.floor(idx);
  const hi = Math.min(lo + 1, n - 1);
  const lerp = (t: number) => (t >= 0.5 ? v[hi] - (v[hi] - v[lo]) * (1 - t) : v[lo] + (v[hi] - v[lo]) * t);
  switch (method) {
    case 'lower':
      return v[lo];
    case 'higher':
      return v[Math.ceil(idx)];
    case 'nearest': {
      const r = Math.round(idx);
      return v[Math.abs(idx - Math.trunc(idx)) === 0.5 ? (Math.trunc(idx) % 2 === 0 ? Math.trunc(idx) : Math.trunc(idx) + 1) : r];
    }
    case 'midpoint':
      return lerp(idx === lo ? 0 : 0.5);
    case 'linear':
      return lerp(idx - lo);
  }
}

const close = (a: number, b: number) => (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

describeEachDevice('statistics', () => {
  it('quantile / percentile: every method, q lists, axis, keepdims; ints interpolate in float64, lower/higher/nearest keep the dtype', () => {
    const r = rng(3);
    const host = Array.from({ length: 4 * 37 }, () => Math.floor(r() * 50) - 25);
    const a = gp.array(host, 'int32').reshape([4, 37]);
    const qs = [0, 0.1, 0.25, 0.5, 0.73, 1];
    for (const method of ['linear', 'lower', 'higher', 'nearest', 'midpoint'] as const) {
      const got = gp.quantile(a, qs, { axis: 1, method });
      expect(got.shape).to.deep.equal([6, 4]);
      // NumPy: the element-picking methods keep the input's dtype (int32 here).
      expect(got.dtype.name).to.equal(['lower', 'higher', 'nearest'].includes(method) ? 'int32' : 'float64');
      const g = flat(got);
      qs.forEach((q, qi) => {
        for (let row = 0; row < 4; row++) {
          const ref = refQuantile(host.slice(row * 37, row * 37 + 37), q, method, false);
          expect(close(g[qi * 4 + row], ref), `${method} q=${q} row ${row}: ${g[qi * 4 + row]} vs ${ref}`).to.equal(true);
        }
      });
      const flatQ = flat(gp.percentile(a, 30, { method }));
      expect(close(flatQ[0], refQuantile(host, 0.3, method, false))).to.equal(true);
    }
    expect(gp.quantile(a, 0.5, { axis: 0, keepdims: true }).shape).to.deep.equal([1, 37]);
    expect(gp.median(a, { keepdims: true }).shape).to.deep.equal([1, 1]);
    expect(() => gp.quantile(a, 1.5)).to.throw(RangeError, /\[0, 1\]/);
    expect(() => gp.percentile(a, -1)).to.throw(RangeError, /\[0, 100\]/);
  });

  it('median, percentile, quantile, nanmedian take host data as NumPy array_like', () => {
    // NumPy 2.4: np.median([3, 1, 2]) 2.0; np.percentile([1, 2, 3, 4], 50) 2.5; np.quantile([[1, 2], [3, 4]], 0.5, axis=0) [2. 3.].
    expect(flat(gp.median([3, 1, 2]))).to.deep.equal([2]);
    expect(flat(gp.percentile([1, 2, 3, 4], 50))).to.deep.equal([2.5]);
    expect(flat(gp.quantile([[1, 2], [3, 4]], 0.5, { axis: 0 }))).to.deep.equal([2, 3]);
    expect(flat(gp.nanmedian(new Float64Array([1, NaN, 3])))).to.deep.equal([2]);
    expect(() => gp.median(null as never)).to.throw(TypeError, /expected a GpuArray/);
  });

  it('out= for median, percentile, quantile and the nan variants (values from NumPy 2.4)', () => {
    // a = np.arange(12.).reshape(3, 4) ** 1.5
    const a = gp.arange(12, 'float64').reshape([3, 4]).power(1.5);
    const close = (got: number[], want: number[]) => got.forEach((g, i) => expect(g).to.be.closeTo(want[i], 1e-12));
    const o = gp.empty([4]);
    // np.percentile(a, 30, axis=0, out=o) is o
    expect(gp.percentile(a, 30, { axis: 0, out: o })).to.equal(o);
    close(flat(o), [4.8, 7.10820393249937, 9.94953392391792, 13.1906164755539]);
    // By position (axis, out), a q list: np.quantile(a, [0.2, 0.9], 0, o2)
    const o2 = gp.empty([2, 4]);
    expect(gp.quantile(a, [0.2, 0.9], 0, o2)).to.equal(o2);
    close(flat(o2), [3.2, 5.07213595499958, 7.57583165752734, 10.5257951246048, 19.7019335983756, 23.8360679774998, 28.2376089726869, 32.890349990618]);
    // The median casts unsafely into an int32 out ([1 12 29]); keepdims needs out's kept shape.
    const oi = gp.empty([3], 'int32');
    expect(flat(gp.median(a, { axis: 1, out: oi }))).to.deep.equal([1, 12, 29]);
    const ok = gp.empty([3, 1]);
    close(flat(gp.nanmedian(a, { axis: 1, out: ok, keepdims: true })), [1.91421356237310, 12.9386391720990, 29.3113883008419]);
    // The other methods cast same_kind: a float result cannot go into an int64 out.
    expect(() => gp.quantile(a, 0.5, { axis: 0, out: gp.empty([4], 'int64') })).to.throw(TypeError, /same_kind/);
    expect(() => gp.nanpercentile(a, 50, { axis: 0, out: gp.empty([3]) })).to.throw(RangeError, /shape/);
    expect(() => gp.quantile(a, 0.5, { out: [1] as never })).to.throw(TypeError, /out must be a GpuArray/);
    // Picked elements (take(out=)) and the nan variants (assignment) cast unsafely: [1 5 9] both.
    expect(flat(gp.quantile(gp.arange(12, 'float64').reshape([3, 4]), 0.5, 1, gp.empty([3], 'int32'), { method: 'lower' }))).to.deep.equal([1, 5, 9]);
    expect(flat(gp.nanquantile(gp.arange(12, 'float64').reshape([3, 4]), 0.5, 1, gp.empty([3], 'int32')))).to.deep.equal([1, 5, 9]);
  });


  it("out= shapes, precision and errors as NumPy 2.4's quantile, median and nan variants", () => {
    const a = gp.asarray([1, 2, 3, 4], 'float64');
    // Interpolation is a ufunc with out= and the nan variants assign: the result broadcasts into
    // out (np.quantile(a, 0.5, out=np.zeros(3)) is [2.5 2.5 2.5]); median (mean(out=)) and picked
    // elements (take(out=)) need out's exact shape.
    expect(flat(gp.quantile(a, 0.5, { out: gp.zeros([3]) }))).to.deep.equal([2.5, 2.5, 2.5]);
    expect(gp.percentile(a, 50, { out: gp.zeros([1, 1]) }).shape).to.deep.equal([1, 1]);
    expect(flat(gp.nanquantile(a, 0.5, { out: gp.zeros([3]), method: 'lower' }))).to.deep.equal([2, 2, 2]);
    expect(flat(gp.nanmedian(a, { out: gp.zeros([1]) }))).to.deep.equal([2.5]);
    expect(flat(gp.quantile(a, [0.2, 0.5], { out: gp.zeros([3, 2]) }))).to.deep.equal([1.6, 2.5, 1.6, 2.5, 1.6, 2.5]);
    expect(() => gp.median(a, { out: gp.zeros([1]) })).to.throw(RangeError, /shape/);
    expect(() => gp.quantile(a, 0.5, { out: gp.zeros([3]), method: 'lower' })).to.throw(RangeError, /shape/);
    expect(() => gp.quantile(a, [0.2, 0.5], { out: gp.zeros([3]) })).to.throw(RangeError);
    // A float32 input with a float64 out: np.quantile(x, q, out=o) takes b - (b - a) * (1 - t) in
    // float64 for t >= 0.5 (its _lerp subtracts with out's dtype), a + (b - a) * t in float32
    // below; median's mean(out=) adds in float64.
    const x = gp.asarray([0.1, 0.7, 0.3, 0.45], 'float32');
    const want: [number, number][] = [[0.1, 0.1600000113248825], [0.3, 0.28000001050531864], [0.9, 0.6249999850988388]];
    for (const [q, v] of want) expect(gp.quantile(x, q, { out: gp.zeros([], 'float64') }).item()).to.equal(v);
    expect(gp.percentile(x, 30, { out: gp.zeros([], 'complex128') }).item()).to.deep.include({ re: 0.28000001050531864, im: 0 });
    expect(gp.median(gp.asarray([0.1, 0.7], 'float32'), { out: gp.zeros([], 'float64') }).item()).to.equal(0.3999999947845936);
    // float16 data, a scalar q, a wider float out: _lerp's product and a + d * t in float16, its
    // last subtraction in out's type (np.quantile(h, 0.7, out=np.zeros((), 'float32')) is
    // 3.800048828125, not float16's 3.80078125; the nan variants assign their float16 result).
    const h = gp.asarray([1, 1, 3, 4, 5], 'float16');
    for (const od of ['float32', 'float64'] as const) {
      expect([0.3, 0.7, 0.9].map((q) => gp.quantile(h, q, { out: gp.zeros([], od) }).item()), od).to.deep.equal([1.400390625, 3.800048828125, 4.60009765625]);
    }
    expect(gp.quantile(h, 0.7, { out: gp.zeros([], 'complex64') }).item()).to.deep.include({ re: 3.800048828125, im: 0 });
    expect(gp.nanquantile(h, 0.7, { out: gp.zeros([], 'float32') }).item()).to.equal(3.80078125);
    expect(gp.quantile(h, 0.7, { out: gp.zeros([], 'float16') }).item()).to.equal(3.80078125);
    // The nan variants assign their float32 result: 0.2800000011920929.
    expect(gp.nanquantile(x, 0.3, { out: gp.zeros([], 'float64') }).item()).to.equal(0.2800000011920929);
    // median fills NaN results in by copyto(same_kind): an integer out refuses them (not others).
    expect(() => gp.median(gp.asarray([1, NaN, 3]), { out: gp.zeros([], 'int64') })).to.throw(TypeError, /Cannot cast scalar from dtype\('float64'\) to dtype\('int64'\)/);
    expect(Number(gp.median(gp.asarray([1, 2.5, 3, 4]), { out: gp.zeros([], 'int64') }).item())).to.equal(2);
    // An empty axis fails NumPy's index before a bool interpolation fails its subtract.
    for (const method of ['linear', 'lower', 'midpoint', 'inverted_cdf'] as const) expect(() => gp.quantile(gp.asarray([], 'bool'), 0.5, { method })).to.throw(gp.IndexError);
    expect(() => gp.quantile(gp.zeros([3, 0], 'bool'), 0.5, { axis: 1 })).to.throw(gp.IndexError);
    expect(() => gp.quantile(gp.zeros([0, 3], 'bool'), 0.5, { axis: 1 })).to.throw(TypeError, /boolean subtract/);
  });

  it('an empty q: 1-D gives an empty result, any other shape fails as NumPy 2.4 (q.min() of nothing)', () => {
    const a = gp.array([1, 2], 'float64');
    // np.quantile(a, np.zeros(0)).shape -> (0,); np.quantile(a, np.zeros((2, 0))) and np.nanpercentile -> ValueError
    expect(gp.quantile(a, gp.zeros([0])).shape).to.deep.equal([0]);
    expect(() => gp.quantile(a, gp.zeros([2, 0]))).to.throw(RangeError, /zero-size array/);
    expect(() => gp.nanpercentile(a, gp.zeros([0, 1]))).to.throw(RangeError, /zero-size array/);
  });

  it("picked elements go into out by NumPy's take(out=): out's dtype must cast safely to the data's", () => {
    const d = gp.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]], 'int8');
    // np.quantile(d, 0.3, axis=1, method='lower', out=np.zeros(2)) and int64, float32 outs: TypeError
    // (Cannot cast array data from dtype('float64') to dtype('int8') according to the rule 'safe')
    for (const od of ['float64', 'int64', 'float32'] as const) {
      expect(() => gp.quantile(d, 0.3, { axis: 1, method: 'lower', out: gp.zeros([2], od) }), od).to.throw(TypeError, /rule 'safe'/);
    }
    expect(() => gp.percentile(gp.asarray([1, 2, 3], 'float32'), 30, { method: 'nearest', out: gp.zeros([], 'float64') })).to.throw(TypeError, /rule 'safe'/);
    // An integer q's linear method picks too: np.quantile(int64 data, [0, 1], out=np.zeros(2)) raises.
    expect(() => gp.quantile(gp.asarray([1, 5, 2]), [0, 1], { out: gp.zeros([2]) })).to.throw(TypeError, /rule 'safe'/);
    // int8, bool outs cast safely to int8 data: [1 3]; [True True]; int64 data into int8 too (higher): [3 5].
    expect(flat(gp.quantile(d, 0.3, { axis: 1, method: 'lower', out: gp.zeros([2], 'int8') }))).to.deep.equal([1, 3]);
    expect(gp.quantile(d, 0.3, { axis: 1, method: 'inverted_cdf', out: gp.zeros([2], 'bool') }).toArray()).to.deep.equal([true, true]);
    expect(flat(gp.quantile(d.astype('int64'), 0.3, { axis: 1, method: 'higher', out: gp.zeros([2], 'int8') }))).to.deep.equal([3, 5]);
    // The nan variants assign and the weighted method does not take(out=): [1. 3.] both.
    expect(flat(gp.nanquantile(d, 0.3, { axis: 1, method: 'lower', out: gp.zeros([2]) }))).to.deep.equal([1, 3]);
    expect(flat(gp.quantile(d, 0.3, { axis: 1, method: 'inverted_cdf', weights: gp.ones([2, 5]), out: gp.zeros([2]) }))).to.deep.equal([1, 3]);
  });
  it('median and the nan variants: NaN propagates, nan* skip it (all-NaN gives NaN); float32 stays float32', () => {
    const host = [[1, NaN, 3, 2], [NaN, NaN, NaN, NaN], [4, 1, 7, 0.5]];
    const a = gp.array(host, 'float32');
    const m = gp.median(a, { axis: 1 });
    expect(m.dtype.name).to.equal('float32');
    const got = flat(m);
    expect(Number.isNaN(got[0]) && Number.isNaN(got[1])).to.equal(true);
    expect(got[2]).to.equal(2.5);
    const nm = flat(gp.nanmedian(a, { axis: 1 }));
    expect(nm[0]).to.equal(2);
    expect(Number.isNaN(nm[1])).to.equal(true);
    expect(nm[2]).to.equal(2.5);
    expect(flat(gp.nanpercentile(a, [0, 100], { axis: 1 })).filter((v) => !Number.isNaN(v))).to.deep.equal([1, 0.5, 3, 7]);
    expect(flat(gp.nanquantile(gp.array([NaN, 1, 2]), 0.5))).to.deep.equal([1.5]);
    expect(gp.median(gp.array([5, 1, 3], 'float16')).dtype.name).to.equal('float16');
  });

  it("edge cases answered as NumPy's: empty bincount, bool weights, n = 0 diff, 1-D unique along its axis, bool ptp and gradient", () => {
    // bincount: an empty x is int64 zeros whatever the weights; depth is checked before dtype.
    const e = gp.bincount(gp.array([], 'int32'), gp.array([], 'complex128'), 2);
    expect([e.dtype.name, flat(e)]).to.deep.equal(['int64', [0, 0]]);
    expect(() => gp.bincount(gp.zeros([2, 2]))).to.throw(RangeError, /too deep/);
    expect(() => gp.bincount(gp.array([0, 1], 'int32'), gp.ones([1, 2]))).to.throw(RangeError, /too deep/);
    // histogram: bool weights make bool counts (a bin is true when any weight in it is), and the density divides those.
    const w = gp.array([true, true, true]);
    expect(flat(gp.histogram(gp.array([1, 1, 3]), 2, [0, 4], true, w)[0])).to.deep.equal([0.25, 0.25]);
    expect(() => gp.histogram(gp.array([1, 1, 3]), [0, 2, 4], null, false, w)).to.throw(TypeError, /same_kind/);
    // Complex weights: the parts binned apart into counts of their dtype (values from NumPy 2.4).
    const cw = gp.array([{ re: 1, im: 2 }, { re: -1, im: 0.5 }, { re: 3, im: 1 }, { re: 0.25, im: -2 }, { re: 2, im: 2 }], 'complex64');
    const [ch] = gp.histogram(gp.array([0.5, 1.5, 1.7, 3.2, 2.2]), [0, 1, 2.5, 4], null, false, cw);
    expect([ch.dtype.name, Array.from(ch.toTypedArray() as Float32Array)]).to.deep.equal(['complex64', [1, 2, 4, 3.5, 0.25, -2]]);
    const [cd] = gp.histogram(gp.array([0.5, 1.5, 1.7, 3.2, 2.2]), 3, null, true, cw);
    expect(cd.dtype.name).to.equal('complex128');
    Array.from(cd.toTypedArray() as Float64Array).forEach((v, i) => expect(v).to.be.closeTo([0.341880341880342, 0.195360195360195, 0.927960927960928, 0.122100122100122, -0.158730158730159, -0.317460317460317][i], 1e-12));
    // diff with n = 0 returns the input whatever the axis.
    expect(flat(gp.diff(gp.array([[1, 2], [3, 4]]), 0, 5))).to.deep.equal([1, 2, 3, 4]);
    // unique of a 1-D array along its axis is the flattened case: NaNs merge.
    expect(flat(gp.unique(gp.array([NaN, 1, NaN]), { axis: 0 }) as gp.GpuArray)).to.deep.equal([1, NaN]);
    expect(() => gp.unique(gp.array([1, 2]), { axis: 1 })).to.throw(RangeError);
    // bool ptp and gradient: the reductions' and the size checks' errors come first.
    expect(() => gp.ptp(gp.array([], 'bool'))).to.throw(RangeError, /zero-size/);
    expect(() => gp.ptp(gp.array([true, false]))).to.throw(TypeError, /boolean subtract/);
    expect(() => gp.gradient(gp.array([true]))).to.throw(RangeError, /too small/);
    expect(gp.gradient(gp.array(true))).to.deep.equal([]);
    // gradient subtracts its differences and multiplies its second-order edge coefficients, as
    // NumPy (values from NumPy 2.4): a complex infinity gives NaN only where NumPy's does.
    const z = gp.array([{ re: 1, im: -Infinity }, { re: 0.5, im: -1 }, { re: 2, im: 3 }], 'complex128');
    const parts = (a: gp.GpuArray | gp.GpuArray[]) => Array.from((a as gp.GpuArray).toTypedArray() as Float64Array);
    expect(parts(gp.gradient(z))).to.deep.equal([NaN, Infinity, NaN, Infinity, 1.5, 4]);
    expect(parts(gp.gradient(z, { edgeOrder: 2 }))).to.deep.equal([NaN, Infinity, NaN, Infinity, NaN, -Infinity]);
    expect(flat(gp.gradient(gp.array([1, 4, 9, 16.5]), 0.3, { edgeOrder: 2 }) as gp.GpuArray)).to.deep.equal([6.666666666666668, 13.333333333333334, 20.833333333333336, 29.166666666666664]);
  });

  it('bincount: counts, weights (float64), minlength; negative values are refused', () => {
    const r = rng(5);
    const host = Array.from({ length: 5000 }, () => Math.floor(r() * 40));
    const counts = new Array(40).fill(0);
    const sums = new Array(40).fill(0);
    const w = host.map((_, i) => (i % 7) * 0.25);
    host.forEach((v, i) => {
      counts[v]++;
      sums[v] += w[i];
    });
    const x = gp.array(host, 'int32');
    const c = gp.bincount(x);
    expect(c.dtype.name).to.equal('int64');
    expect(flat(c)).to.deep.equal(counts.slice(0, Math.max(...host) + 1));
    const s = flat(gp.bincount(x, { weights: gp.array(w), minlength: 50 }));
    expect(s.length).to.equal(50);
    s.slice(0, 40).forEach((v, i) => expect(v).to.be.closeTo(sums[i], 1e-9));
    expect(flat(gp.bincount(gp.zeros([0], 'int32'), { minlength: 3 }))).to.deep.equal([0, 0, 0]);
    // NumPy's positional weights and minlength (bincount(keys, vals, 4)) and host data (NumPy 2.4 values).
    expect(flat(gp.bincount(gp.array([0, 1, 1]), [0.5, 1, 2], 4))).to.deep.equal([0.5, 3, 0, 0]);
    expect(flat(gp.bincount(gp.array([0, 1, 1]), gp.array([0.5, 1, 2])))).to.deep.equal([0.5, 3]);
    expect(flat(gp.bincount([0, 1, 1, 3]))).to.deep.equal([1, 2, 0, 1]);
    expect(flat(gp.bincount([2], null, { minlength: 4 }))).to.deep.equal([0, 0, 1, 0]);
    // np.bincount([1, 2], minlength=None): TypeError "use 0 instead of None for minlength"
    expect(() => gp.bincount(gp.array([1, 2], 'int64'), { minlength: null as never })).to.throw(TypeError, /use 0 instead of None/);
    expect(() => gp.bincount([0, 1], [1])).to.throw(RangeError, /same length/);
    expect(() => gp.bincount([0, 1], { weights: [1, 2] }, 3)).to.throw(TypeError, /once/);
    expect(() => gp.bincount(gp.array([1, -1], 'int32'))).to.throw(RangeError, /negative/);
    expect(() => gp.bincount(gp.array([1.5]))).to.throw(TypeError);
  });

  it('histogram: bin counts or edges, range, weights, density; the last bin is closed', () => {
    const r = rng(6);
    const host = Array.from({ length: 3000 }, () => r() * 10 - 2);
    host.push(NaN, 8, -2.5);
    const a = gp.array(host, 'float32');
    const back = flat(a);
    const [h, e] = gp.histogram(a, 7, { range: [-2, 8] });
    const edges = flat(e);
    expect(edges.length).to.equal(8);
    expect(e.dtype.name).to.equal('float32'); // NumPy: the edges take the data's float dtype
    const step = 10 / 7;
    expect(edges).to.deep.equal(Array.from({ length: 8 }, (_, i) => Math.fround(i === 7 ? 8 : -2 + i * step)));
    const ref = new Array(7).fill(0);
    for (const v of back) {
      if (!(v >= -2 && v <= 8)) continue;
      let b = edges.findIndex((_, i) => i < 7 && v >= edges[i] && v < edges[i + 1]);
      if (b < 0) b = 6;
      ref[b]++;
    }
    expect(flat(h)).to.deep.equal(ref);
    const [h2, e2] = gp.histogram(gp.array([1, 2, 1], 'float32'), [0, 1, 2, 3]);
    expect(flat(h2)).to.deep.equal([0, 2, 1]);
    expect(e2.dtype.name).to.equal('int64'); // NumPy: explicit edges come back as asarray(bins)
    const [hw] = gp.histogram(gp.array([1, 2, 1]), [0, 1, 2, 3], { weights: gp.array([1, 2, 3], 'float32') });
    expect([hw.dtype.name, flat(hw)]).to.deep.equal(['float32', [0, 4, 2]]); // NumPy: the weights' dtype
    const [h3] = gp.histogram(gp.array([1, 2, 1]), [0, 1, 2, 3], { weights: gp.array([0.5, 2, 0.25]) });
    expect(flat(h3)).to.deep.equal([0, 0.75, 2]);
    const [d, de] = gp.histogram(gp.array([0, 1, 2, 3, 4, 5, 6, 7]), 4, { density: true });
    expect(flat(de)).to.deep.equal([0, 1.75, 3.5, 5.25, 7]);
    flat(d).forEach((v) => expect(v).to.be.closeTo(1 / 7, 1e-12));
    expect(() => gp.histogram(a, [3, 1])).to.throw(RangeError, /monotonically/);
    // NumPy's string rules: the bin counts NumPy 2.4 picks.
    const rules = ['auto', 'fd', 'doane', 'rice', 'scott', 'sqrt', 'sturges'];
    const xs = gp.array([1, 2, 2, 3, 3, 3, 10]);
    const fs = gp.sin(gp.multiply(gp.arange(1000, 'float64'), 0.37)) as gp.GpuArray;
    expect(rules.map((r) => gp.histogram(xs, r)[0].size)).to.deep.equal([6, 9, 6, 4, 2, 3, 4]);
    expect(rules.map((r) => gp.histogram(fs, r)[0].size)).to.deep.equal([11, 8, 12, 20, 9, 32, 11]);
    expect(flat(gp.histogram(xs, 'auto')[0])).to.deep.equal([3, 3, 0, 0, 0, 1]);
    expect(gp.histogram(fs, 'auto', { range: [-0.5, 0.5] })[0].size).to.equal(10);
    // 'stone': the count of least estimated squared error, from a histogram per candidate count.
    const stone = (x: gp.GpuArray, o = {}) => gp.histogram(x, 'stone', o)[0].size;
    expect([stone(xs), stone(fs), stone(fs, { range: [-0.5, 0.5] }), stone(fs.astype('float32'))]).to.deep.equal([9, 99, 2, 98]);
    expect(() => gp.histogram(xs, 'bogus')).to.throw(RangeError, /estimator/);
    expect(() => gp.histogram(xs, 'auto', { weights: xs })).to.throw(TypeError, /weighted/);
    // Many bins: counted with global atomics instead of shared memory; ints get float64 edges.
    const ints = Array.from({ length: 4000 }, (_, i) => (i * 37) % 3001);
    const [hm, em] = gp.histogram(gp.array(ints, 'int32'), 3000);
    expect(em.dtype.name).to.equal('float64');
    const edgesM = flat(em);
    const refM = new Array(3000).fill(0);
    for (const v of ints) {
      let b = 0;
      while (b < 2999 && v >= edgesM[b + 1]) b++;
      refM[b]++;
    }
    expect(flat(hm)).to.deep.equal(refM);
  });

  it('digitize: increasing and decreasing bins, right', () => {
    const x = gp.array([0.2, 6.4, 3.0, 1.6, 10.0, -1]);
    expect(flat(gp.digitize(x, gp.array([0.0, 1.0, 2.5, 4.0, 10.0])))).to.deep.equal([1, 4, 3, 2, 5, 0]);
    expect(flat(gp.digitize(x, gp.array([0.0, 1.0, 2.5, 4.0, 10.0]), true))).to.deep.equal([1, 4, 3, 2, 4, 0]);
    expect(flat(gp.digitize(x, gp.array([10, 4, 2.5, 1, 0])))).to.deep.equal([4, 1, 2, 3, 0, 5]);
    expect(() => gp.digitize(x, gp.array([1, 3, 2]))).to.throw(RangeError, /monotonically/);
    // NumPy 2.4: complex bins cannot be read as float64 (a TypeError, even when sorted).
    expect(() => gp.digitize(x, gp.array([{ re: 1, im: 0 }, { re: 3, im: 0 }], 'complex64'))).to.throw(TypeError, /complex64.*safe/);
  });

  it('nanmean / nanvar / nanstd skip NaN (ints as mean/var); ptp; average with weights and returned', () => {
    const host = [[1, NaN, 3, 8], [4, 5, NaN, NaN], [NaN, NaN, NaN, NaN]];
    const a = gp.array(host, 'float64');
    const rows = host.map((r) => r.filter((v) => !Number.isNaN(v)));
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    const varOf = (v: number[], ddof: number) => v.reduce((s, x) => s + (x - mean(v)) ** 2, 0) / (v.length - ddof);
    const m = flat(gp.nanmean(a, { axis: 1 }));
    expect(m.slice(0, 2)).to.deep.equal([mean(rows[0]), mean(rows[1])]);
    expect(Number.isNaN(m[2])).to.equal(true);
    const v = flat(gp.nanvar(a, { axis: 1, ddof: 1 }));
    expect(v[0]).to.be.closeTo(varOf(rows[0], 1), 1e-12);
    expect(v[1]).to.be.closeTo(varOf(rows[1], 1), 1e-12);
    expect(flat(gp.nanstd(a))[0]).to.be.closeTo(Math.sqrt(varOf(rows.flat(), 0)), 1e-12);
    expect(gp.nanmean(gp.array([1, NaN], 'float32')).dtype.name).to.equal('float32');
    expect(flat(gp.nanmean(gp.array([1, 2, 4], 'int32')))).to.deep.equal([7 / 3]);
    expect(gp.nanmean(a, { axis: 0, keepdims: true }).shape).to.deep.equal([1, 4]);

    const p = gp.ptp(gp.array([[4, 9, 2], [1, 7, 3]], 'int32'), { axis: 1 });
    expect(p.dtype.name).to.equal('int32');
    expect(flat(p)).to.deep.equal([7, 6]);
    expect(flat(gp.ptp(gp.array([100, -100], 'int8')))).to.deep.equal([-56]); // wraps as NumPy
    // With out, NumPy casts the maximum into out first and subtracts in out's dtype (NumPy 2.4 values).
    const pOut = gp.zeros([], 'float64');
    expect(flat(gp.ptp(gp.array([100, -100], 'int8'), { out: pOut }))).to.deep.equal([200]);
    expect(flat(gp.ptp(gp.array([1.1, -0.3], 'float32'), { out: pOut }))).to.deep.equal([1.1000000238418579 + 0.30000001192092896]);
    expect(flat(gp.ptp(gp.array([true, false]), { out: pOut }))).to.deep.equal([1]);
    expect(() => gp.ptp(gp.array([5, 1], 'uint64'), { out: gp.zeros([], 'int64') })).to.throw(TypeError, /cast/);

    const b = gp.array([[0, 1], [2, 3], [4, 5]], 'float64');
    expect(flat(gp.average(b, { axis: 1, weights: gp.array([0.25, 0.75]) }) as gp.GpuArray)).to.deep.equal([0.75, 2.75, 4.75]);
    expect(flat(gp.average(gp.array([1, 2, 3, 4], 'int32'), { weights: gp.array([4, 3, 2, 1], 'int32') }) as gp.GpuArray)).to.deep.equal([2]);
    const [avg, sw] = gp.average(b, { axis: 0, weights: gp.array([1, 2, 3]), returned: true }) as gp.GpuArray[];
    expect(flat(avg)).to.deep.equal([16 / 6, 22 / 6]);
    expect(flat(sw)).to.deep.equal([6, 6]);
    expect(flat(gp.average(b) as gp.GpuArray)).to.deep.equal([2.5]);
    // Host weights as NumPy's array_like (NumPy 2.4 values).
    expect(flat(gp.average(b, { axis: 1, weights: [0.25, 0.75] }) as gp.GpuArray)).to.deep.equal([0.75, 2.75, 4.75]);
    expect(flat(gp.average(gp.array([[1, 2], [3, 4]], 'float64'), { weights: [[1, 0], [0, 1]] }) as gp.GpuArray)).to.deep.equal([2.5]);
    expect(() => gp.average(b, { weights: gp.array([1, 2]) })).to.throw(TypeError, /Axis must be specified/);
    expect(() => gp.average(b, { axis: 1, weights: gp.array([1, -1]) })).to.throw(RangeError, /sum to zero/);
    // Axis lists (NumPy 2.4): weights of the reduced axes' lengths in the order given; returned
    // without weights is the count a.size / avg.size.
    const t = gp.arange(24, 'float64').reshape([2, 3, 4]);
    const tw = gp.arange(1, 13, 1, 'float64').reshape([3, 4]);
    const near2 = (r: gp.GpuArray, want: number[]) => flat(r).forEach((v, i) => expect(v).to.be.closeTo(want[i], 1e-12));
    near2(gp.average(t, { axis: [1, 2], weights: tw }) as gp.GpuArray, [7.333333333333333, 19.333333333333332]);
    near2(gp.average(t, { axis: [2, 1], weights: gp.arange(1, 13, 1, 'float64').reshape([4, 3]) }) as gp.GpuArray, [6.487179487179487, 18.487179487179485]);
    // An empty result: NumPy's count a.size / avg.size divides by zero (ZeroDivisionError).
    expect(() => gp.average(gp.zeros([0, 3]), { axis: -1 })).to.throw(RangeError, /division by zero/);
    expect(flat(gp.average(gp.zeros([0, 3]), { axis: 0 }) as gp.GpuArray).every(Number.isNaN)).to.equal(true);
    const [ta, tn] = gp.average(t, { axis: [0, 2], returned: true }) as gp.GpuArray[];
    expect([flat(ta), flat(tn)]).to.deep.equal([[7.5, 11.5, 15.5], [8, 8, 8]]);
    const [, kn] = gp.average(t, [0, 2], gp.ones([2, 4]), true, { keepdims: true }) as gp.GpuArray[];
    expect([kn.shape, flat(kn)]).to.deep.equal([[1, 3, 1], [8, 8, 8]]);
    expect(() => gp.average(t, { axis: [1, 2], weights: gp.ones([4, 3]) })).to.throw(RangeError, /consistent with shape of a/);
    expect(() => gp.average(t, { axis: 1, weights: gp.ones([2, 3]) })).to.throw(RangeError, /consistent with shape of a/);
  });

  it('convolve / correlate in every mode (swapped operands too) against a direct host sum; cov, corrcoef', () => {
    const r = rng(12);
    const aHost = Array.from({ length: 300 }, () => Math.floor(r() * 9) - 4);
    const vHost = Array.from({ length: 17 }, () => Math.floor(r() * 9) - 4);
    /** NumPy's full correlation: lags -(m-1) .. n-1, c[k] = sum_j a[j + k] * v[j]. */
    const fullCorr = (a: number[], v: number[]) =>
      Array.from({ length: a.length + v.length - 1 }, (_, i) => {
        const k = i - (v.length - 1);
        let s = 0;
        v.forEach((x, j) => {
          if (j + k >= 0 && j + k < a.length) s += a[j + k] * x;
        });
        return s;
      });
    const cut = (full: number[], n: number, m: number, mode: gp.ConvolveMode) => {
      const big = Math.max(n, m);
      const small = Math.min(n, m);
      if (mode === 'full') return full;
      const start = mode === 'same' ? small - 1 - Math.floor(small / 2) : small - 1;
      const len = mode === 'same' ? big : big - small + 1;
      return full.slice(start, start + len);
    };
    const a = gp.array(aHost, 'int32');
    const v = gp.array(vHost, 'int32');
    for (const mode of ['full', 'same', 'valid'] as const) {
      expect(flat(gp.correlate(a, v, mode)), mode).to.deep.equal(cut(fullCorr(aHost, vHost), 300, 17, mode));
      expect(flat(gp.convolve(a, v, mode)), mode).to.deep.equal(cut(fullCorr(aHost, [...vHost].reverse()), 300, 17, mode));
      expect(flat(gp.convolve(v, a, mode)), mode).to.deep.equal(cut(fullCorr(aHost, [...vHost].reverse()), 300, 17, mode));
    }
    expect(flat(gp.correlate(gp.array([0, 1]), gp.array([1, 2, 3]), 'full'))).to.deep.equal([0, 3, 2, 1]);
    expect(gp.convolve(a, v).dtype.name).to.equal('int32');
    expect(() => gp.convolve(a, gp.zeros([0]))).to.throw(RangeError, /empty/);
    // Host operands as NumPy's array_like (NumPy 2.4: a list is an int64/float64 array, promoted strongly).
    const cf = gp.convolve(gp.array([3, 5, 2, 8], 'float32'), [1, -1]);
    expect([cf.dtype.name, flat(cf)]).to.deep.equal(['float64', [3, 2, -3, 6, -8]]);
    expect(flat(gp.correlate([1, 2, 3], gp.array([0, 1, 0.5]), 'same'))).to.deep.equal([2, 3.5, 3]);
    expect(() => gp.convolve(null as never, [1])).to.throw(TypeError);

    const x = gp.array([[0, 1, 2, 5], [2, 1, 0, 3], [1, 1, 4, 2]], 'float32');
    const rowsHost = [[0, 1, 2, 5], [2, 1, 0, 3], [1, 1, 4, 2]];
    const mean = (u: number[]) => u.reduce((s, t) => s + t, 0) / u.length;
    const covRef = rowsHost.map((p) => rowsHost.map((q) => p.reduce((s, t, k) => s + (t - mean(p)) * (q[k] - mean(q)), 0) / 3));
    const c = gp.cov(x);
    expect(c.dtype.name).to.equal('float64');
    flat(c).forEach((val, k) => expect(val).to.be.closeTo(covRef[Math.floor(k / 3)][k % 3], 1e-12));
    flat(gp.cov(x.T, { rowvar: false, bias: true })).forEach((val, k) => expect(val).to.be.closeTo((covRef[Math.floor(k / 3)][k % 3] * 3) / 4, 1e-12));
    flat(gp.corrcoef(x)).forEach((val, k) => {
      const i = Math.floor(k / 3);
      const j = k % 3;
      expect(val).to.be.closeTo(covRef[i][j] / Math.sqrt(covRef[i][i] * covRef[j][j]), 1e-12);
    });
    expect(gp.cov(gp.array([1, 2, 3, 4])).shape).to.deep.equal([]);
  });

  it("cov and corrcoef with NumPy's keyword dtype (values from NumPy 2.4; computed in float64, rounded once)", () => {
    const m = gp.array([[1, 2, 4, 7], [2, 1, 0, 3], [5, 5, 6, 1]]);
    const c = gp.cov(m, { dtype: 'float32' });
    expect(c.dtype.name).to.equal('float32');
    expect(flat(c).slice(0, 3)).to.deep.equal([7, Math.fround(4 / 3), -4.5]);
    const r = gp.corrcoef(m, { dtype: 'float32' });
    expect(r.dtype.name).to.equal('float32');
    flat(r).slice(0, 3).forEach((v, i) => expect(v).to.be.closeTo([1, 0.3903600871562958, -0.7670578956604004][i], 2e-7));
    // Complex data with a real dtype: the real parts' covariance (NumPy casts the data first).
    const z = gp.add(m, gp.multiply(gp.flip(m, 0), { re: 0, im: 1 }));
    expect(flat(gp.cov(z, { dtype: 'float64' })).slice(0, 3)).to.deep.equal([7, 4 / 3, -4.5]);
    expect(gp.cov(z, { dtype: 'complex64' }).dtype.name).to.equal('complex64');
    // With weights NumPy centres X in the dtype, then the float64 weights make the result float64.
    const cw = gp.cov(gp.array([[1, 2, 3, 4.5], [2, 1, 0, 3]]), { aweights: [1, 2, 1, 1], dtype: 'float32' });
    expect(cw.dtype.name).to.equal('float64');
    flat(cw).forEach((v, i) => expect(v).to.be.closeTo([1.9444444444444446, 0.5555555638339784, 0.5555555638339784, 1.4444444576899216][i], 1e-15));
    const one = gp.cov(m.slice(0), { dtype: 'float16' });
    expect([one.dtype.name, one.ndim, flat(one)[0]]).to.deep.equal(['float16', 0, 7]);
    expect(() => gp.cov(m, { dtype: 'int32' })).to.throw(TypeError, /same_kind/);
    expect(() => gp.corrcoef(m, { dtype: 'bool' })).to.throw(TypeError, /same_kind/);
    // NumPy 2.4 has no bias or ddof for corrcoef.
    expect(() => gp.corrcoef(m, null, true, false as never)).to.throw(TypeError, /positional/);
    expect(() => gp.corrcoef(m, { bias: true } as never)).to.throw(TypeError, /bias/);
    // np.cov(m, ddof=1.5): ValueError "ddof must be integer"; ddof=2.0 is integral (np.cov(m, ddof=2)[0, 0] == 10.5)
    expect(() => gp.cov(m, { ddof: 1.5 })).to.throw(RangeError, /ddof must be integer/);
    expect(flat(gp.cov(m, { ddof: 2.0 }))[0]).to.equal(10.5);
  });

  it('nanprod, nanargmax, nanargmin (all-NaN slice refused); gradient and trapezoid (NumPy doc values)', () => {
    const a = gp.array([[1, NaN, 3], [NaN, NaN, 2]], 'float64');
    expect(flat(gp.nanprod(a))).to.deep.equal([6]);
    expect(flat(gp.nanprod(a, { axis: 1 }))).to.deep.equal([3, 2]);
    expect(flat(gp.nanprod(gp.array([2, 3], 'int16')))).to.deep.equal([6]);
    expect(flat(gp.nanargmax(a))).to.deep.equal([2]);
    expect(flat(gp.nanargmin(a, { axis: 1 }))).to.deep.equal([0, 2]);
    expect(flat(gp.nanargmax(gp.array([[1, NaN], [2, 0]]), { axis: 0 }))).to.deep.equal([1, 1]);
    expect(() => gp.nanargmax(a, { axis: 0 })).to.throw(RangeError, /All-NaN/); // column 1 is all NaN
    expect(() => gp.nanargmax(gp.array([NaN, NaN]))).to.throw(RangeError, /All-NaN/);
    // Complex: a NaN in either part is never chosen (NumPy replaces it by -inf/+inf); an empty input is argmax's error.
    const c = gp.array([{ re: 1, im: 2 }, { re: 1, im: -1 }, { re: NaN, im: 0 }, { re: -1, im: 0 }, { re: 0, im: NaN }]);
    expect([flat(gp.nanargmax(c)), flat(gp.nanargmin(c))]).to.deep.equal([[0], [3]]);
    expect(() => gp.nanargmax(gp.array([], 'float64'))).to.throw(RangeError, /empty sequence/);
    // out, by position or option, as argmax's (NumPy 2.4: out [[0 1]] is returned; a float64 out a TypeError; a NaN slice raises first).
    const o = gp.zeros([1, 2], 'int64');
    expect(gp.nanargmax(gp.array([[1, NaN], [NaN, 3]]), 0, o, { keepdims: true })).to.equal(o);
    expect(o.toArray()).to.deep.equal([[0n, 1n]]);
    const o0 = gp.zeros([], 'int64');
    gp.nanargmax(a, { out: o0 });
    expect(o0.toArray()).to.equal(2n);
    expect(() => gp.nanargmin(a, 1, gp.zeros([2], 'float64'))).to.throw(TypeError);

    expect(flat(gp.gradient(gp.array([1, 2, 4, 7, 11, 16], 'int32')) as gp.GpuArray)).to.deep.equal([1, 1.5, 2.5, 3.5, 4.5, 5]);
    expect(flat(gp.gradient(gp.array([1, 2, 4, 7, 11, 16]), { spacing: 2 }) as gp.GpuArray)).to.deep.equal([0.5, 0.75, 1.25, 1.75, 2.25, 2.5]);
    const g = gp.gradient(gp.array([[1, 2, 6], [3, 4, 5]], 'float64')) as gp.GpuArray[];
    expect(g.map((x) => x.toArray())).to.deep.equal([[[2, 2, -1], [2, 2, -1]], [[1, 2.5, 4], [1, 1, 1]]]);
    expect(() => gp.gradient(gp.array([1]))).to.throw(RangeError, /too small/);
    expect(flat(gp.trapezoid(gp.array([1, 2, 3])))).to.deep.equal([4]);
    expect(flat(gp.trapezoid(gp.array([1, 2, 3]), { x: gp.array([4, 6, 8]) }))).to.deep.equal([8]);
    expect(flat(gp.trapezoid(gp.array([[0, 1, 2], [3, 4, 5]]), { axis: 0 }))).to.deep.equal([1.5, 2.5, 3.5]);
    expect(flat(gp.trapezoid(gp.array([[0, 1, 2], [3, 4, 5]]), { axis: 1 }))).to.deep.equal([2, 8]);
    // NumPy 2.4: bool x steps by not_equal (4.0); wrapped uint64 products are halved before the sum
    // (9.223372036854776e+18); bool coordinates of gradient are refused ('numpy boolean negative').
    expect(flat(gp.trapezoid(gp.array([1, 4, 0, 3], 'int8'), gp.array([false, true, true, false], 'bool')))).to.deep.equal([4]);
    expect(flat(gp.trapezoid(gp.array([1, 4, 0, 3], 'uint8'), gp.array([2, 5, 1, 4], 'uint64')))).to.deep.equal([9223372036854775808]);
    expect(() => gp.gradient(gp.array([1, 4, 0, 3], 'int8'), gp.array([0, 1, 3, 6], 'bool'))).to.throw(TypeError, /boolean negative/);
  });

  it('histogram2d / histogramdd: equal-width or explicit edges, weights, density, outliers and NaN dropped', () => {
    const r = rng(17);
    const xs = Array.from({ length: 2000 }, () => Math.floor(r() * 40) / 4);
    const ys = Array.from({ length: 2000 }, () => Math.floor(r() * 40) / 4);
    xs.push(NaN, 20);
    ys.push(1, 1);
    const [H, ex, ey] = gp.histogram2d(gp.array(xs), gp.array(ys), [5, 4], { range: [[0, 10], [0, 9.75]] });
    expect(H.shape).to.deep.equal([5, 4]);
    expect(H.dtype.name).to.equal('float64');
    const exh = flat(ex);
    const eyh = flat(ey);
    const bin = (v: number, e: number[]) => {
      if (!(v >= e[0] && v <= e[e.length - 1])) return -1;
      let b = 0;
      while (b < e.length - 2 && v >= e[b + 1]) b++;
      return b;
    };
    const ref = Array.from({ length: 20 }, () => 0);
    xs.forEach((x, i) => {
      const bx = bin(x, exh);
      const by = bin(ys[i], eyh);
      if (bx >= 0 && by >= 0) ref[bx * 4 + by]++;
    });
    expect(flat(H)).to.deep.equal(ref);
    const [H2] = gp.histogram2d(gp.array([0, 1, 1, 2, 3, 3, 3]), gp.array([0, 0, 1, 1, 2, 3, 3]), [[0, 2, 4], [0, 1, 2, 3]], { weights: gp.array([1, 1, 1, 1, 1, 1, 0.5]) });
    expect(H2.toArray()).to.deep.equal([[2, 1, 0], [0, 1, 2.5]]);
    const [H3, edges3] = gp.histogramdd(gp.array([[0, 0], [1, 1], [2, 2]], 'float32'), 2, { density: true });
    expect(H3.toArray()).to.deep.equal([[1 / 3, 0], [0, 2 / 3]]);
    expect(edges3.map((e) => flat(e))).to.deep.equal([[0, 1, 2], [0, 1, 2]]);
    expect(() => gp.histogramdd([gp.array([1, 2]), gp.array([1])])).to.throw(RangeError);
  });
  it('NumPy positional forms (axis, y, x, spacing) are honoured and unknown options refused, never ignored', () => {
    const near = (got: gp.GpuArray, want: number[]) => flat(got).forEach((v, i) => expect(close(v, want[i]), `${v} vs ${want[i]}`).to.equal(true));
    const x = gp.array([[1.5, NaN, 3, 0], [4, 5, -6, 7], [0.5, 9, 1, 2]]);
    const fin = x.slice('1:');
    // Expected values: NumPy 2.4.
    expect(flat(gp.ptp(gp.array([[4, 9, 2], [1, 7, 3]], 'int32'), 1))).to.deep.equal([7, 6]);
    near(gp.nanmean(x, 1), [1.5, 2.5, 3.125]);
    const nv = gp.nanvar(x, 0, { keepdims: true });
    expect(nv.shape).to.deep.equal([1, 4]);
    near(nv, [2.1666666666666665, 4, 14.888888888888888, 8.666666666666666]);
    near(gp.nanstd(x, 1, { ddof: 1 }), [1.5, 5.802298395176403, 3.966001344763598]);
    near(gp.nanprod(x, 0), [3, 45, -18, 0]);
    const am = gp.nanargmax(x, 1, { keepdims: true });
    expect([am.shape, flat(am)]).to.deep.equal([[3, 1], [2, 3, 1]]);
    expect(flat(gp.nanargmin(x, 0))).to.deep.equal([2, 1, 1, 0]);
    near(gp.average(fin, 1) as gp.GpuArray, [2.5, 3.125]);
    near(gp.average(fin, 0, { weights: gp.array([1, 3]) }) as gp.GpuArray, [1.375, 8, -0.75, 3.25]);
    near(gp.median(fin, 0), [2.25, 7, -2.5, 4.5]);
    near(gp.nanmedian(x, 1), [1.5, 4.5, 1.5]);
    near(gp.quantile(fin, 0.25, 1), [1.5, 0.875]);
    const u = gp.array([1, 2, 4, 7]);
    const v = gp.array([2, 1, 0, 3]);
    near(gp.cov(u, v), [7, 1.3333333333333333, 1.3333333333333333, 1.6666666666666665]);
    near(gp.cov(u, { y: v }), [7, 1.3333333333333333, 1.3333333333333333, 1.6666666666666665]);
    near(gp.corrcoef(u, v), [0.9999999999999998, 0.3903600291794132, 0.3903600291794132, 1]);
    const cw = gp.cov(gp.array([[1.5, -2, 3, 0, 2], [4, 5, -6, 7, 1]]), { fweights: [1, 2, 1, 3, 1], aweights: gp.array([0.5, 1, 2, 1, 0.1]) });
    near(cw, [4.133762886597939, -9.557216494845363, -9.557216494845363, 34.24226804123712]);
    expect(() => gp.cov(u, { fweights: [1, 2, 1, 1.5] })).to.throw(TypeError, /integer/);
    const f = gp.array([1, 4, 9, 16, 25]);
    near(gp.gradient(f, 2) as gp.GpuArray, [1.5, 2, 3, 4, 4.5]);
    near(gp.gradient(f, { edgeOrder: 2 }) as gp.GpuArray, [2, 4, 6, 8, 10]);
    const [g0, g1] = gp.gradient(gp.array([[1, 2, 4], [2, 5, 11]]), 2, 0.5) as gp.GpuArray[];
    near(g0, [0.5, 1.5, 3.5, 0.5, 1.5, 3.5]);
    near(g1, [2, 3, 4, 6, 9, 12]);
    near(gp.trapezoid(gp.array([1, 2, 3]), gp.array([0, 1, 3])), [6.5]);
    near(gp.trapezoid(gp.array([[1, 2, 4], [2, 5, 11]]), gp.array([[0, 1, 3], [0, 2, 3]])), [7.5, 15]);
    expect(flat(gp.digitize(gp.array([1, 2, 3]), gp.array([1, 2]), { right: true }))).to.deep.equal([0, 1, 2]);
    expect(flat(gp.digitize(gp.array([1, 2, 3]), [1, 2], { right: false }))).to.deep.equal([1, 2, 2]); // bins as a list too
    for (const bad of [() => gp.nanmean(x, { bogus: 1 } as never), () => gp.median(x, { method: 'lower' } as never), () => gp.gradient(f, { bogus: 1 } as never), () => gp.trapezoid(f, { bogus: 1 } as never), () => gp.histogram(f, 'auto', { weights: f }), () => gp.histogram(f, 2.5), () => gp.histogram2d(f, f, 2, { bogus: 1 } as never)]) {
      expect(bad).to.throw(TypeError);
    }
    expect(() => gp.gradient(f, { edgeOrder: 3 as never })).to.throw(RangeError);
    // NumPy's dtype, out and where (values from NumPy 2.4).
    const xw = gp.array([[1.5, NaN, 3, 0], [4, 5, -6, NaN]], 'float32');
    const mw = gp.array([[true, false, true, true], [false, true, true, true]]);
    near(gp.nanmean(xw, 1, { where: mw }), [1.5, -0.5]);
    const vw = gp.nanvar(xw, 1, { where: mw, dtype: 'float64' });
    expect(vw.dtype.name).to.equal('float64');
    near(vw, [1.5, 30.25]);
    const ow = gp.zeros([2], 'float64');
    expect(gp.nanstd(xw, 1, { where: mw, out: ow })).to.equal(ow);
    expect(() => gp.nanmean(xw, { dtype: 'int32' })).to.throw(TypeError, /inexact/);
    // Complex: NaN in either part skips the element; the variance is real (|z - mean|^2).
    const xc = gp.zeros([2, 3], 'complex64').set(Float32Array.of(1, 2, NaN, 0, 3, -1, 0, NaN, 2, 2, -1, 1));
    expect(Array.from(gp.nanmean(xc, 1).toTypedArray() as Float32Array)).to.deep.equal([2, 0.5, 0.5, 1.5]);
    const vc = gp.nanvar(xc, 1);
    expect([vc.dtype.name, flat(vc)]).to.deep.equal(['float32', [3.25, 2.5]]);
    // nanvar: a slice with count - ddof <= 0 is NaN (NumPy), not inf.
    const nvd = flat(gp.nanvar(gp.array([[1, NaN], [2, NaN], [4, 5]]), 0, { ddof: 1 }));
    expect([close(nvd[0], 2.333333333333333), Number.isNaN(nvd[1])]).to.deep.equal([true, true]);
  });

  it('median is the mean of the middle elements (inf stays inf), empty slices give NaN; quantile dtypes and axis tuples as NumPy', () => {
    expect(flat(gp.median(gp.array([Infinity, Infinity, 1, 2])))).to.deep.equal([Infinity]);
    expect(flat(gp.nanmedian(gp.array([Infinity, NaN, Infinity])))).to.deep.equal([Infinity]);
    const e = gp.median(gp.zeros([0, 3]), 0);
    expect([e.shape, flat(e).every(Number.isNaN)]).to.deep.equal([[3], true]);
    expect(flat(gp.nanmedian(gp.array([], 'float32'))).every(Number.isNaN)).to.equal(true);
    expect(() => gp.quantile(gp.zeros([0, 3]), 0.5, 0)).to.throw(gp.IndexError);
    // NumPy's nan variants answer an empty array with nanmean: q's shape is dropped, int data gives float64.
    const nq = gp.nanquantile(gp.zeros([0, 3], 'int32'), [0.25, 0.5], { axis: 0, method: 'lower' });
    expect([nq.shape, nq.dtype.name, flat(nq).every(Number.isNaN)]).to.deep.equal([[3], 'float64', true]);
    expect(gp.nanpercentile(gp.zeros([2, 0, 3], 'float32'), [50, 70], { axis: 1, keepdims: true }).shape).to.deep.equal([2, 1, 3]);
    expect(gp.nanquantile(gp.zeros([0, 3]), [0.5], { axis: 1 }).shape).to.deep.equal([0]);
    expect(() => gp.nanquantile(gp.zeros([0, 3]), 1.5, 0)).to.throw(RangeError);
    // lower/higher/nearest pick elements: the input's dtype (exact for large int64).
    const big = gp.percentile(gp.array([2n ** 60n + 1n, 3n, 2n ** 60n], 'int64'), 100, { method: 'lower' });
    expect([big.dtype.name, big.toArray()]).to.deep.equal(['int64', 2n ** 60n + 1n]);
    const f32 = gp.array([1, 2, 3, 4], 'float32');
    expect(gp.quantile(f32, 0.5).dtype.name).to.equal('float32'); // a JS number is weak
    expect(gp.quantile(f32, [0.5]).dtype.name).to.equal('float64'); // a list is float64, as NumPy
    expect(gp.quantile(f32, gp.array([0.5], 'float32')).dtype.name).to.equal('float32');
    expect(() => gp.quantile(gp.array([true, false]), 0.5)).to.throw(TypeError);
    // An integer q makes the linear quantile pick elements (NumPy 2.4: quantile(int16, [0, 1]) is
    // int16, of float32 data with an int32 q float32); percentile divides q first (float64).
    const i16 = gp.arange(10, 'int16');
    const ends = gp.quantile(i16, [0, 1]);
    expect([ends.dtype.name, flat(ends)]).to.deep.equal(['int16', [0, 9]]);
    expect(gp.quantile(f32, gp.array([0, 1], 'int32')).dtype.name).to.equal('float32');
    expect(gp.nanquantile(i16, gp.int64(1)).dtype.name).to.equal('int16');
    expect(gp.percentile(i16, gp.array([0, 100], 'int32')).dtype.name).to.equal('float64');
    expect(gp.quantile(i16, [0, 0.5]).dtype.name).to.equal('float64');
    // ... a JS number too (NumPy's Python int), and the picked ends stay themselves next to an
    // infinity (NumPy takes them; interpolating would give -inf + 0 * inf, NaN).
    expect([gp.quantile(i16, 1).dtype.name, gp.quantile(i16, 1).toArray()]).to.deep.equal(['int16', 9]);
    const inf = gp.array([-Infinity, 1.5, Infinity, 2]);
    expect(flat(gp.quantile(inf, [0, 1]))).to.deep.equal([-Infinity, Infinity]);
    expect(gp.quantile(inf, 1).toArray()).to.equal(Infinity);
    expect(flat(gp.nanquantile(gp.array([NaN, -Infinity, 3, Infinity]), gp.array([0, 1], 'int64')))).to.deep.equal([-Infinity, Infinity]);
    // A list with a fraction is float64: its 0 interpolates, NaN as NumPy's [nan, 1.75].
    expect(flat(gp.quantile(inf, [0, 0.5]))).to.deep.equal([NaN, 1.75]);
    const bq = gp.quantile(gp.array([true, false, true]), [0, 1]);
    expect([bq.dtype.name, flat(bq)]).to.deep.equal(['bool', [0, 1]]);
    // The Hyndman-Fan methods (NumPy 2.4's values; the discrete ones keep int32).
    const hf = gp.array([3, 1, 4, 1, 5, 9, 2, 6], 'int32');
    const want: Record<string, number[]> = {
      inverted_cdf: [1, 2, 3, 9],
      averaged_inverted_cdf: [1, 2, 3.5, 9],
      closest_observation: [1, 1, 3, 6],
      interpolated_inverted_cdf: [1, 1.4, 3, 6.6000000000000005],
      hazen: [1, 1.9, 3.5, 8.100000000000001],
      weibull: [1, 1.6999999999999997, 3.5, 9],
      median_unbiased: [1, 1.833333333333333, 3.5, 8.500000000000002],
      normal_unbiased: [1, 1.85, 3.5, 8.399999999999999],
    };
    for (const [method, values] of Object.entries(want)) {
      const r = gp.quantile(hf, [0.1, 0.3, 0.5, 0.9], { method: method as gp.QuantileMethod });
      expect(r.dtype.name, method).to.equal(['inverted_cdf', 'closest_observation'].includes(method) ? 'int32' : 'float64');
      flat(r).forEach((v, i) => expect(close(v, values[i]), `${method}: ${v} vs ${values[i]}`).to.equal(true));
    }
    expect(() => gp.quantile(hf, 0.5, { method: 'bogus' as never })).to.throw(RangeError, /not a valid method/);
    // Axis tuples (values from NumPy).
    const t = gp.arange(24, 'float64').reshape([2, 3, 4]);
    const q = gp.percentile(t, [30, 70], { axis: [0, 2], keepdims: true });
    expect(q.shape).to.deep.equal([2, 1, 3, 1]);
    flat(q).forEach((v, i) => expect(close(v, [2.1, 6.1, 10.1, 12.9, 16.9, 20.9][i])).to.equal(true));
    expect(flat(gp.median(t.T, [0, -1]))).to.deep.equal([7.5, 11.5, 15.5]);
  });

  it("NumPy 2's mean= for var, std, nanvar and nanstd (values and dtypes from NumPy 2.4)", () => {
    // a = np.arange(12.).reshape(3, 4) ** 1.5
    const a = gp.arange(12, 'float64').reshape([3, 4]).power(1.5);
    const m = a.mean(1, { keepdims: true });
    const close = (got: number[], want: number[]) => got.forEach((g, i) => expect(g).to.be.closeTo(want[i], 1e-12 * Math.max(1, Math.abs(want[i]))));
    close(flat(gp.var(a, 1, { mean: m })), [3.909810249481014, 15.406128854204027, 26.682818819722968]);
    // Any mean, with ddof: np.std(a, axis=0, mean=np.zeros((1, 4)), ddof=1)
    close(flat(gp.std(a, 0, { mean: gp.zeros([1, 4]), ddof: 1 })), [16.970562748477143, 20.676073128135332, 24.73863375370596, 29.16333314283537]);
    close(flat(gp.var(a, { mean: 5 })), [238.70401386444527]);
    close(flat(gp.var(a, 1, { where: gp.greater(a, 3), mean: m })), [8.643644310816137, 15.406128854204027, 26.682818819722968]);
    // A float64 mean array widens a float32 variance; a float32 one or a number does not.
    const a32 = a.astype('float32');
    expect(gp.var(a32, 1, { mean: a32.mean(1, { keepdims: true, dtype: 'float64' }) }).dtype.name).to.equal('float64');
    expect(gp.var(a32, 1, { mean: a32.mean(1, { keepdims: true }) }).dtype.name).to.equal('float32');
    expect(gp.var(a32, 1, { mean: 3 }).dtype.name).to.equal('float32');
    // Integers: np.var(np.arange(12).reshape(3, 4), axis=1, mean=[[1], [2], [3]]) is [1.5, 13.5, 43.5].
    expect(flat(gp.var(gp.arange(12).reshape([3, 4]), 1, { mean: [[1], [2], [3]] }))).to.deep.equal([1.5, 13.5, 43.5]);
    // Complex: |x - mean|^2.
    const z = gp.add(a, gp.multiply(gp.flip(a, 0), { re: 0, im: 1 }));
    close(flat(gp.var(z, 1, { mean: z.mean(1, { keepdims: true }) })), [30.592629069203984, 30.812257708408055, 30.592629069203984]);
    // nanvar/nanstd: NaN skipped; a given mean subtracts in a's dtype.
    const an = a.copy();
    an.assign(NaN, 0, 1);
    close(flat(gp.nanvar(an, 1, { mean: gp.nanmean(an, 1, { keepdims: true }) })), [4.5117914540668735, 15.406128854204027, 26.682818819722968]);
    expect(gp.nanstd(an.astype('float32'), 1, { mean: gp.zeros([3, 1]) }).dtype.name).to.equal('float32');
    expect(() => gp.var(a, 1, { mean: gp.zeros([2, 1]) })).to.throw(RangeError, /broadcast/);
    // A float16 mean keeps a float16 variance; a complex dtype= gives a complex result (+0j), as NumPy.
    const h = gp.array([[1, 2, 4]], 'float16');
    expect(gp.var(h, 1, { mean: gp.mean(h, 1, { keepdims: true }) }).dtype.name).to.equal('float16');
    const zc = gp.array([[{ re: 1, im: 2 }, { re: 3, im: -1 }, { re: 0, im: 0 }]]);
    const vc = gp.var(zc, 1, { dtype: 'complex128' });
    expect(vc.dtype.name).to.equal('complex128');
    close(flat(gp.real(vc) as gp.GpuArray), [3.111111111111111]);
    expect(flat(gp.imag(vc) as gp.GpuArray)).to.deep.equal([0]);
    expect(gp.std(zc, 1, { dtype: 'complex64', where: gp.array([[true, true, false]]) }).dtype.name).to.equal('complex64');
    expect(gp.nanvar(gp.array([[1, 2, 4]]), 1, { dtype: 'complex128' }).dtype.name).to.equal('complex128');
    // NumPy's out rules of the nan moments: an inexact a needs an inexact out; nanstd's sqrt is same_kind.
    expect(() => gp.nanvar(a, 1, { out: gp.empty([3], 'int32') })).to.throw(TypeError, /out must be inexact/);
    expect(() => gp.nanstd(gp.arange(12).reshape([3, 4]), 1, { out: gp.empty([3], 'int32') })).to.throw(TypeError, /sqrt/);
    expect(flat(gp.nanvar(gp.arange(12).reshape([3, 4]), 1, { out: gp.empty([3], 'int32') }))).to.deep.equal([1, 1, 1]);
    // Without dtype=, NumPy's sum into out runs in out's dtype (float32 data, float64 out), and the
    // out must have the result's exact shape (NumPy 2.4 values).
    const f32 = gp.array([1e8, 1, -1e8, 1, NaN], 'float32');
    expect(gp.nanmean(f32, { out: gp.zeros([]) }).item()).to.equal(0.5);
    const g32 = gp.array([1e4, 1, -1e4 + 0.5, NaN, 3.3], 'float32');
    expect(gp.nanvar(g32, { out: gp.zeros([]) }).item()).to.be.closeTo(49997503.11249985, 1e-6);
    expect(gp.nanstd(g32, { out: gp.zeros([]) }).item()).to.be.closeTo(7070.89125305, 1e-6);
    expect(() => gp.nanmean(f32, { out: gp.zeros([1]) })).to.throw(RangeError, /shape/);
    expect(() => gp.nanvar(g32, { out: gp.zeros([1]) })).to.throw(RangeError, /shape/);
    expect(() => gp.sum(a, { mean: 1 } as never)).to.throw(TypeError, /unexpected keyword argument 'mean'/);
  });

  it("NumPy 2's correction (var, std, nanvar, nanstd); histogramdd/histogram2d bins as an option, edges in NumPy's dtypes; convolve/correlate {mode}", () => {
    expect(gp.var(gp.array([1, 2, 3, 4]), { correction: 1 }).item()).to.equal(1.6666666666666667);
    expect(flat(gp.std(gp.array([[1, 2], [3, 5]]), { axis: 0, correction: 1 }))).to.deep.equal([1.4142135623730951, 2.1213203435596424]);
    expect(gp.nanvar(gp.array([1, NaN, 4]), { correction: 1 }).item()).to.equal(4.5);
    expect(gp.nanstd(gp.array([1, NaN, 4]), { correction: 1 }).item()).to.equal(2.1213203435596424);
    expect(() => gp.var(gp.array([1, 2]), { correction: 1, ddof: 1 })).to.throw(RangeError, /simultaneously/);
    expect(() => gp.nanstd(gp.array([1, 2]), { correction: 1, ddof: 1 })).to.throw(RangeError, /simultaneously/);
    expect(() => gp.sum(gp.array([1, 2]), { correction: 1 } as gp.ReductionOptions)).to.throw(TypeError, /correction/);
    // float32 x and int32 y promote to float64 (x's edges); explicit int edges stay int64.
    const [H, ex, ey] = gp.histogram2d(gp.array([0.1, 0.7, 0.35, 0.9], 'float32'), gp.array([1, 2, 2, 3], 'int32'), { bins: [3, gp.array([1, 2, 4])], density: true });
    expect(H.toArray()).to.deep.equal([[0.937500029685908, 0.468750014842954], [0, 0], [0, 0.937500029685908]]);
    expect([ex.dtype.name, ey.dtype.name]).to.deep.equal(['float64', 'int64']);
    expect(flat(ex)).to.deep.equal([0.10000000149011612, 0.36666665971279144, 0.6333333179354668, 0.8999999761581421]);
    // float32 data: float32 edges from a float32 linspace.
    const [H2, e2] = gp.histogramdd(gp.array([[0.1, 1], [0.7, 2], [0.35, 2]], 'float32'), { bins: 3, weights: gp.array([1, 2, 3.5]) });
    expect(H2.toArray()).to.deep.equal([[1, 0, 0], [0, 0, 3.5], [0, 0, 2]]);
    expect(e2.map((e) => e.dtype.name)).to.deep.equal(['float32', 'float32']);
    expect(e2.map(flat)).to.deep.equal([[0.10000000149011612, 0.29999998211860657, 0.4999999701976776, 0.699999988079071], [1, 1.3333333730697632, 1.6666667461395264, 2]]);
    expect(() => gp.histogramdd(gp.array([[1, 0], [2, 1]]), { bins: [2, 2, 2] })).to.throw(RangeError, /dimension of bins/);
    expect(() => gp.histogramdd(gp.array([[1, 2]]), { bins: 2, range: [[0, 1]] })).to.throw(RangeError, /one entry per dimension/);
    expect(flat(gp.convolve(gp.array([1, 2, 3]), gp.array([0, 1, 0.5]), { mode: 'same' }))).to.deep.equal([1, 2.5, 4]);
    expect(flat(gp.correlate(gp.array([1, 2]), gp.array([0, 1, 0.5, 4]), { mode: 'full' }))).to.deep.equal([4, 8.5, 2, 2, 0]);
    expect(() => gp.convolve(gp.array([1]), gp.array([1]), { mod: 'same' } as never)).to.throw(TypeError);
    // overwrite_input is a hint: accepted, the input left as it was.
    const src = gp.array([3, 1, 2]);
    expect(gp.median(src, { overwriteInput: true }).item()).to.equal(2);
    expect(gp.percentile(src, 50, { overwriteInput: true }).item()).to.equal(2);
    expect(flat(src)).to.deep.equal([3, 1, 2]);
  });

  it('takes host data as NumPy array_like (values and dtypes from NumPy 2.4); gradient coordinates; iteration', () => {
    const v = (r: gp.GpuArray) => [r.dtype.name, flat(r)];
    expect(v(gp.diff([1, 4, 9, 16]))).to.deep.equal(['int64', [3, 5, 7]]);
    expect(v(gp.ediff1d([1, 4, 9], { toEnd: [7], toBegin: [0] }))).to.deep.equal(['int64', [0, 3, 5, 7]]);
    expect(v(gp.ediff1d(gp.array([1, 4, 9], 'int8'), { toBegin: [300] }))).to.deep.equal(['int8', [44, 3, 5]]);
    expect(() => gp.ediff1d([1, 4, 9], { toBegin: [1.5] })).to.throw(TypeError);
    expect(v(gp.nanmean([[1, NaN], [3, 4]], 0))).to.deep.equal(['float64', [2, 4]]);
    expect(v(gp.nanstd([1, NaN, 3, 7]))[1][0]).to.be.closeTo(2.494438257849294, 1e-12);
    expect(v(gp.nanargmin([[1, NaN], [0, 5]], 1))).to.deep.equal(['int64', [0, 0]]);
    expect(v(gp.nanprod([2, NaN, 3]))).to.deep.equal(['float64', [6]]);
    expect(v(gp.ptp([[1, 5], [3, 0]], 0))).to.deep.equal(['int64', [2, 5]]);
    expect(v(gp.average([[1, 2], [3, 4]], 1, { weights: [1, 3] }) as gp.GpuArray)).to.deep.equal(['float64', [1.75, 3.75]]);
    const [h, e] = gp.histogram([1, 2, 2, 3], { bins: 3, weights: [1, 1, 1, 2] });
    expect([v(h), flat(e)]).to.deep.equal([['int64', [1, 2, 2]], [1, 1.6666666666666665, 2.333333333333333, 3]]);
    expect(v(gp.histogram([[1, 2], [2, 3]], new Float64Array([0, 1.5, 4]))[0])).to.deep.equal(['int64', [1, 3]]);
    expect(v(gp.histogram2d([1, 2, 3], [3, 2, 1], 2, { weights: [1, 2, 3] })[0])).to.deep.equal(['float64', [0, 1, 3, 2]]);
    expect(v(gp.histogramdd([[1, 2, 3], [3, 2, 1]], [2, 3], { weights: [1, 2, 4] })[0])).to.deep.equal(['float64', [0, 0, 1, 4, 2, 0]]);
    expect(v(gp.digitize([[0.5, 1], [1.5, 3]], [2, 1, 0], true))).to.deep.equal(['int64', [2, 2, 1, 0]]);
    expect(v(gp.cov([1, 2, 4], { fweights: new Int32Array([1, 2, 1]) }))[1][0]).to.be.closeTo(1.5833333333333333, 1e-12);
    expect(v(gp.corrcoef([1, 2, 3], [3, 2, 0]))[1][1]).to.be.closeTo(-0.9819805060619656, 1e-12);
    expect(v(gp.trapezoid([1, 2, 3], [0, 1]))).to.deep.equal(['float64', [4]]);
    expect(v(gp.quantile([1, 2, 3], [[0.1, 0.5]]))).to.deep.equal(['float64', [1.2, 2]]);
    // numpy.gradient with coordinates (non-uniform, float32 coordinates, uniform ones, per axis).
    expect(v(gp.gradient([1, 4, 9, 16, 25, 36], [0, 1, 3, 4, 7, 8], { edgeOrder: 2 }) as gp.GpuArray)).to.deep.equal(['float64', [3.166666666666667, 2.8333333333333335, 5.499999999999999, 5.999999999999999, 9.000000000000004, 13.000000000000004]]);
    expect(v(gp.gradient(gp.array([1, 2, 4, 7], 'int32'), new Float32Array([0, 1, 3, 4]), { edgeOrder: 2 }) as gp.GpuArray)).to.deep.equal(['float64', [0.9999999403953552, 1, 2.3333334624767303, 3.666666954755783]]);
    expect(v(gp.gradient(gp.array([1, 2, 4, 7], 'float32'), [0, 1, 3, 4]) as gp.GpuArray)).to.deep.equal(['float32', [1, 1, 2.3333332538604736, 3]]);
    const [g0, g1] = gp.gradient([[1, 2, 6], [3, 4, 5], [7, 1, 0]], 2, [0, 0.5, 2]) as gp.GpuArray[];
    expect([flat(g0), flat(g1)]).to.deep.equal([[1, 1, -0.5, 1.5, -0.25, -1.5, 2, -1.5, -2.5], [2, 2.1666666666666665, 2.6666666666666665, 2, 1.6666666666666663, 0.6666666666666666, -12, -9.166666666666666, -0.6666666666666666]]);
    expect(() => gp.gradient([1, 4, 9], [0, 1])).to.throw(RangeError, /distances must match/);
    expect(() => gp.gradient([[1, 4], [9, 3]], [0, 1])).to.throw(TypeError, /invalid number/);
    // Iteration: first-axis views (0-d for 1-D input), a 0-d array refused as NumPy.
    const [x, y] = gp.indices([2, 3]);
    expect([flat(x), flat(y)]).to.deep.equal([[0, 0, 0, 1, 1, 1], [0, 1, 2, 0, 1, 2]]);
    expect([...gp.asarray([1.5, 2])].map((t) => [t.ndim, t.item()])).to.deep.equal([[0, 1.5], [0, 2]]);
    expect(flat(gp.concatenate(gp.arange(6).reshape(2, 3).T))).to.deep.equal([0, 3, 1, 4, 2, 5]);
    expect(() => [...gp.asarray(3)]).to.throw(TypeError, /0-d/);
  });
  it("convolve/correlate take NumPy's integer modes 0, 1, 2 (valid, same, full); other modes refused as NumPy 2.4", () => {
    const a = gp.array([1, 2, 3]);
    const b = gp.array([1, 2]);
    // np.correlate(a, b, 0), (a, b, 1), np.convolve(a, b, 2), np.correlate(a, b, mode=1)
    expect(flat(gp.correlate(a, b, 0))).to.deep.equal([5, 8]);
    expect(flat(gp.correlate(a, b, 1))).to.deep.equal([2, 5, 8]);
    expect(flat(gp.convolve(a, b, 2))).to.deep.equal([1, 4, 7, 6]);
    expect(flat(gp.correlate(a, b, { mode: 1 }))).to.deep.equal([2, 5, 8]);
    expect(() => gp.correlate(a, b, 3 as never)).to.throw(RangeError, /0, 1, or 2/);
    expect(() => gp.convolve(a, b, -1 as never)).to.throw(RangeError, /0, 1, or 2/);
    expect(() => gp.correlate(a, b, 'fool' as never)).to.throw(RangeError);
    expect(() => gp.correlate(a, b, 1.5 as never)).to.throw(TypeError, /not understood/);
    expect(() => gp.convolve(a, b, null as never)).to.throw(TypeError, /not understood/);
  });
});
