// Realistic NumPy statistics programs (bootstrap of a median, k-means++ and Lloyd steps, histogram
// equalisation, ranks with ties, top-k per row, run lengths, rolling windows, lexsort tables, quantile
// normalisation, empirical CDFs, id set operations, weighted sampling, random walks, permutation tests,
// digitize binning) ported to gp line by line. Data are deterministic formulas; each expected value is
// what NumPy 2.4 gave for the same program on the same data. gp's Philox streams are not NumPy's, so the
// random parts are checked by their laws (shapes, dtypes, supports, multisets).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { check, flat } from './program-checks.js';



describeEachDevice('NumPy statistics programs ported to gp (sweep)', () => {
  it('bootstrap confidence interval of a median: resampled indices, median and percentile along an axis', () => {
    const n = 21;
    const x = gp.sin(gp.arange(n).multiply(1.7)).multiply(3).add(10);
    const idx = gp.arange(30 * n).multiply(7919).add(13).remainder(n).reshape(30, n);
    const meds = gp.median(x.take(idx), { axis: 1 });
    check(meds.slice(':6'), ['float64', [6], [10.0, 10.0, 10.0, 10.0, 10.0, 10.0]], 'medians');
    check(gp.percentile(meds, [2.5, 97.5]), ['float64', [2], [10.0, 10.0]], 'ci');
    check(gp.quantile(x.take(idx), [0.1, 0.9], { axis: -1 }).slice(':', ':4'), ['float64', [2, 4], [[7.22255595302, 7.22255595302, 7.22255595302, 7.22255595302], [12.637819185, 12.637819185, 12.637819185, 12.637819185]]], 'quantiles');
    check(gp.median(gp.abs(x.subtract(gp.median(x)))), ['float64', [], 2.09962406278], 'mad');
    // the generator's resampling: integers in [0, n) of the asked shape, a bootstrap of the same law
    const g = gp.random.defaultRng(3);
    const bi = g.integers(0, n, [200, n]);
    expect(bi.dtype.name).to.equal('int64');
    expect(bi.shape).to.deep.equal([200, n]);
    expect(Number(bi.min())).to.be.at.least(0);
    expect(Number(bi.max())).to.be.below(n);
    const bm = gp.median(x.take(bi), { axis: 1 });
    expect(Number(gp.percentile(bm, 2.5))).to.be.at.most(Number(gp.percentile(bm, 97.5)));
  });

  it('k-means++ seeding by searchsorted on the distance CDF, then Lloyd steps by argmin and weighted bincount', () => {
    const t = gp.arange(30);
    const X = gp.stack([gp.cos(t.multiply(2.3)), gp.sin(t.multiply(1.1))], { axis: 1 }).add(gp.repeat(gp.array([[0, 0], [5, 5], [0, 6]], 'float64'), 10, { axis: 0 }));
    const u = gp.array([0.3, 0.7, 0.2]);
    let C = X.slice('0:1');
    for (let k = 1; k < 3; k++) {
      const d2 = gp.min(X.slice(':', null, ':').subtract(C.slice(null)).pow(2).sum(-1), { axis: 1 });
      const cdf = gp.cumsum(d2).divide(d2.sum());
      const j = gp.searchsorted(cdf, u.item(k));
      C = gp.concatenate([C, X.take(gp.atleast1d(j), { axis: 0 })]);
    }
    check(C, ['float64', [3, 2], [[1.0, 0.0], [-0.874168636705, 6.16648000354], [5.98604483084, 4.55035253547]]], 'seeds');
    let lab = gp.zeros(0, 'int64');
    let cnt = lab;
    for (let it = 0; it < 3; it++) {
      lab = gp.argmin(X.slice(':', null).subtract(C.slice(null)).pow(2).sum(-1), { axis: 1 });
      cnt = gp.bincount(lab, { minlength: 3 });
      const sx = gp.bincount(lab, { weights: X.slice(':', 0), minlength: 3 });
      const sy = gp.bincount(lab, X.slice(':', 1), 3);
      C = gp.stack([sx.divide(cnt), sy.divide(cnt)], { axis: 1 });
    }
    check(lab, ['int64', [30], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]], 'labels');
    check(cnt, ['int64', [3], [10, 10, 10]], 'counts');
    check(C, ['float64', [3, 2], [[0.0577062838271, 0.131190656678], [-0.0940256650462, 5.86909571127], [5.0340813912, 5.03235285647]]], 'centres');
    check(gp.min(X.slice(':', null).subtract(C.slice(null)).pow(2).sum(-1), { axis: 1 }).sum(), ['float64', [], 29.0737345167], 'inertia');
  });

  it('histogram equalisation: histogram with range, cumsum, interp on the edges, searchsorted binning', () => {
    const img = gp.arange(42).multiply(29).add(5).remainder(64).astype('uint8').reshape(6, 7).floorDivide(gp.uint8(2));
    expect(img.dtype.name).to.equal('uint8');
    const [h, edges] = gp.histogram(img.ravel(), 8, { range: [0, 32] });
    check(h, ['int64', [8], [4, 6, 5, 5, 6, 4, 6, 6]], 'hist');
    check(edges, ['float64', [9], [0.0, 4.0, 8.0, 12.0, 16.0, 20.0, 24.0, 28.0, 32.0]], 'edges');
    const cdf = h.cumsum();
    const cdfn = cdf.subtract(cdf.min()).multiply(255).divide(cdf.max().subtract(cdf.min()));
    check(cdfn, ['float64', [8], [0.0, 40.2631578947, 73.8157894737, 107.368421053, 147.631578947, 174.473684211, 214.736842105, 255.0]], 'cdf');
    check(gp.interp(img.ravel(), edges.slice(':-1'), cdfn).reshape(img.shape).astype('uint8').slice(':2'), ['uint8', [2, 7], [[20, 154, 255, 127, 255, 98, 224], [73, 194, 48, 167, 20, 147, 255]]], 'equalised');
    check(gp.searchsorted(edges, img.ravel(), { side: 'right' }).subtract(1).slice(':12'), ['int64', [12], [0, 4, 7, 3, 7, 2, 6, 2, 5, 1, 4, 0]], 'bin index');
    check(gp.histogram(img, { bins: 'auto' })[1], ['float64', [8], [1.0, 5.28571428571, 9.57142857143, 13.8571428571, 18.1428571429, 22.4285714286, 26.7142857143, 31.0]], 'auto edges');
    check(gp.histogram(img, 4, { weights: img.astype('float32') })[0], ['float32', [4], [47.0, 107.0, 191.0, 330.0]], 'weighted', 1e-6);
    check(gp.histogram(img, 4, { density: true })[0], ['float64', [4], [0.0349206349206, 0.0285714285714, 0.031746031746, 0.0380952380952]], 'density');
  });

  it('ranking with ties: argsort of argsort, unique with inverse and counts for dense, average and min ranks', () => {
    const s = gp.arange(12).multiply(7).add(3).remainder(5);
    check(gp.argsort(gp.argsort(s, { kind: 'stable' }), { kind: 'stable' }), ['int64', [12], [7, 0, 5, 10, 3, 8, 1, 6, 11, 4, 9, 2]], 'ordinal');
    const [u, inv, cnt] = gp.unique(s, { returnInverse: true, returnCounts: true });
    check(u, ['int64', [5], [0, 1, 2, 3, 4]], 'values');
    check(inv, ['int64', [12], [3, 0, 2, 4, 1, 3, 0, 2, 4, 1, 3, 0]], 'inverse');
    check(cnt, ['int64', [5], [3, 2, 2, 3, 2]], 'counts');
    const cs = gp.concatenate([gp.array([0]), gp.cumsum(cnt)]);
    check(cs.slice(':-1').add(cs.slice('1:')).add(1).divide(2).take(inv), ['float64', [12], [9.0, 2.0, 6.5, 11.5, 4.5, 9.0, 2.0, 6.5, 11.5, 4.5, 9.0, 2.0]], 'average rank');
    check(cs.take(inv).add(1), ['int64', [12], [8, 1, 6, 11, 4, 8, 1, 6, 11, 4, 8, 1]], 'min rank');
    check((gp.unique(s, { returnIndex: true }) as gp.GpuArray[])[1], ['int64', [5], [1, 4, 2, 0, 3]], 'first index');
  });

  it('top-k per row: argpartition, takeAlongAxis, argsort of the k values; partition then sort', () => {
    const A = gp.sin(gp.arange(24).reshape(4, 6).multiply(0.9).add(0.3));
    const part = gp.argpartition(A.negative(), 2, { axis: 1 }).slice(':', ':3');
    const vals = gp.takeAlongAxis(A, part, 1);
    const topi = gp.takeAlongAxis(part, gp.argsort(vals.negative(), { axis: 1 }), 1);
    check(topi, ['int64', [4, 3], [[1, 2, 0], [2, 3, 1], [3, 4, 2], [4, 5, 3]]], 'top indices');
    check(gp.takeAlongAxis(A, topi, 1), ['float64', [4, 3], [[0.932039085967, 0.863209366649, 0.295520206661], [0.937999976775, 0.854598908088, 0.311541363513], [0.943695669444, 0.845746831143, 0.327474439138], [0.949124553648, 0.836655638536, 0.34331492882]]], 'top values');
    check(gp.sort(gp.partition(A, -3, { axis: -1 }).slice(':', '-3:'), { axis: -1 }), ['float64', [4, 3], [[0.295520206661, 0.863209366649, 0.932039085967], [0.311541363513, 0.854598908088, 0.937999976775], [0.327474439138, 0.845746831143, 0.943695669444], [0.34331492882, 0.836655638536, 0.949124553648]]], 'partition');
  });

  it('run-length encoding: diff, flatnonzero, concatenate, repeat; runs of a mask by diff with prepend/append', () => {
    const x = gp.array([1, 1, 2, 2, 2, 3, 1, 1, 0, 0, 0, 0, 5]);
    const starts = gp.concatenate([gp.array([0]), gp.flatnonzero(gp.diff(x)).add(1)]);
    const lens = gp.diff(gp.concatenate([starts, gp.array([x.size])]));
    check(starts, ['int64', [6], [0, 2, 5, 6, 8, 12]], 'starts');
    check(lens, ['int64', [6], [2, 3, 1, 2, 4, 1]], 'lengths');
    check(x.take(starts), ['int64', [6], [1, 2, 3, 1, 0, 5]], 'values');
    check(gp.repeat(x.take(starts), lens), ['int64', [13], [1, 1, 2, 2, 2, 3, 1, 1, 0, 0, 0, 0, 5]], 'decoded');
    const bd = gp.diff(gp.array([true, true, false, true, false, false, true]).astype('int8'), { prepend: 0, append: 0 });
    check(bd, ['int64', [8], [1, 0, -1, 1, -1, 0, 1, -1]], 'edges');
    check(gp.nonzero(bd.equal(1))[0], ['int64', [3], [0, 3, 6]], 'run starts');
    check(gp.nonzero(bd.equal(-1))[0], ['int64', [3], [2, 4, 7]], 'run ends');
  });

  it('rolling windows: slidingWindowView with median, max, nearest and keepdims percentiles; a cumsum moving average', () => {
    const x = gp.sin(gp.arange(12).multiply(1.3)).add(gp.arange(12).multiply(0.1));
    const w = gp.lib.strideTricks.slidingWindowView(x, 5);
    check(gp.median(w, { axis: -1 }), ['float64', [8], [0.0, 0.715119988088, 0.715119988088, 0.715119988088, 0.715119988088, 0.715119988088, 1.01909836235, 1.01909836235]], 'moving median');
    check(gp.max(w, { axis: 1 }), ['float64', [8], [1.06355818542, 1.06355818542, 1.59854334537, 1.59854334537, 1.59854334537, 1.59854334537, 1.59854334537, 2.08677196427]], 'moving max');
    check(gp.percentile(w, 25, { axis: 1, method: 'nearest' }), ['float64', [8], [-0.387766159184, -0.387766159184, -0.387766159184, -0.387766159184, -0.0278264690857, 0.138016416081, 0.138016416081, 0.138016416081]], 'nearest');
    check(gp.percentile(w, [25, 75], { axis: 1, keepdims: true }), ['float64', [2, 8, 1], [[[-0.387766159184], [-0.387766159184], [-0.387766159184], [-0.387766159184], [-0.0278264690857], [0.138016416081], [0.138016416081], [0.138016416081]], [[0.715501371821], [0.715501371821], [0.715501371821], [1.01909836235], [1.01909836235], [1.01909836235], [1.42016703683], [1.42016703683]]]], 'keepdims');
    const c = gp.concatenate([gp.zeros(1), x]).cumsum();
    check(c.slice('5:').subtract(c.slice(':-5')).divide(5), ['float64', [8], [0.181567748467, 0.324591746084, 0.431588778076, 0.492308176182, 0.564296114201, 0.688590328561, 0.829599738309, 0.927245462089]], 'moving average');
  });

  it('sorting a table by several columns: lexsort of a list and of a stacked array; unique rows with inverse and counts', () => {
    const a = gp.arange(12).multiply(5).add(1).remainder(3);
    const b = gp.arange(12).multiply(7).add(2).remainder(4);
    const c = gp.cos(gp.arange(12).multiply(0.7));
    check(gp.lexsort([c, b, a]), ['int64', [12], [10, 1, 4, 7, 6, 9, 0, 3, 2, 5, 8, 11]], 'lexsort');
    check(gp.lexsort(gp.stack([b, a])), ['int64', [12], [10, 1, 4, 7, 6, 9, 0, 3, 2, 5, 8, 11]], 'lexsort 2-D');
    const [ur, ri, rc] = gp.unique(gp.stack([a, b], { axis: 1 }), { axis: 0, returnInverse: true, returnCounts: true }) as gp.GpuArray[];
    check(ur, ['int64', [12, 2], [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 1], [2, 2], [2, 3]]], 'rows');
    check(ri, ['int64', [12], [6, 1, 8, 7, 2, 9, 4, 3, 10, 5, 0, 11]], 'row inverse');
    check(rc, ['int64', [12], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]], 'row counts');
  });

  it('quantile normalisation (sort along axis 0, row means, ranks) and an empirical CDF in float32', () => {
    const M = gp.arange(18).multiply(11).add(4).remainder(13).reshape(6, 3).astype('float64');
    const mean = gp.sort(M, { axis: 0 }).mean({ axis: 1 });
    const ranks = gp.argsort(gp.argsort(M, { axis: 0, kind: 'stable' }), { axis: 0, kind: 'stable' });
    check(mean.take(ranks), ['float64', [6, 3], [[2.66666666667, 0.666666666667, 0.666666666667], [9.66666666667, 7.33333333333, 7.33333333333], [3.66666666667, 2.66666666667, 2.66666666667], [10.6666666667, 9.66666666667, 9.66666666667], [7.33333333333, 3.66666666667, 3.66666666667], [0.666666666667, 10.6666666667, 10.6666666667]]], 'normalised');
    const x = gp.arange(15, 'float32').multiply(gp.float32(0.37)).remainder(gp.float32(2.5));
    const xs = gp.sort(x);
    check(xs.slice(':5'), ['float32', [5], [0.0, 0.0900001525879, 0.180000305176, 0.370000004768, 0.460000038147]], 'sorted', 1e-6);
    check(gp.searchsorted(xs, gp.linspace(0, 3, 7, { dtype: 'float32' }), { side: 'right' }).divide(x.size), ['float64', [7], [0.0666666666667, 0.333333333333, 0.466666666667, 0.666666666667, 0.866666666667, 1.0, 1.0]], 'ecdf');
    check(gp.max(gp.abs(gp.arange(1, x.size + 1).divide(x.size).subtract(gp.subtract(1, gp.exp(xs.negative()))))), ['float64', [], 0.137107698123], 'ks', 1e-6);
  });

  it('set operations on ids: intersect1d with indices, union1d, setdiff1d, setxor1d, isin; choice without replacement', () => {
    const a = gp.arange(10).multiply(7).add(3).remainder(23);
    const b = gp.arange(8).multiply(5).add(1).remainder(23);
    const [com, ia, ib] = gp.intersect1d(a, b, { returnIndices: true });
    check(com, ['int64', [5], [1, 3, 6, 8, 13]], 'common');
    check(ia, ['int64', [5], [3, 0, 7, 4, 8]], 'indices in a');
    check(ib, ['int64', [5], [0, 5, 1, 6, 7]], 'indices in b');
    check(gp.union1d(a, b), ['int64', [13], [1, 3, 6, 8, 10, 11, 13, 15, 16, 17, 20, 21, 22]], 'union');
    check(gp.setdiff1d(a, b), ['int64', [5], [10, 15, 17, 20, 22]], 'difference');
    check(gp.setxor1d(a, b), ['int64', [8], [10, 11, 15, 16, 17, 20, 21, 22]], 'xor');
    check(gp.isin(a, b), ['bool', [10], [true, false, false, true, true, false, false, true, true, false]], 'isin');
    const g = gp.random.defaultRng(5);
    const ids = g.choice(30, 12, { replace: false });
    expect(ids.dtype.name).to.equal('int64');
    expect((gp.unique(ids) as gp.GpuArray).size).to.equal(12);
    expect(flat(g.choice(5, 5, { replace: false, shuffle: false }).toArray()).sort()).to.deep.equal([0, 1, 2, 3, 4]);
  });

  it('weighted sampling with choice(p) and random walks: cumsum of steps, first passage by argmax, maximum.accumulate', () => {
    const steps = gp.where(gp.arange(40).multiply(13).add(7).remainder(11).remainder(2).equal(0), 1, -1).reshape(2, 20);
    const pos = gp.cumsum(steps, { axis: 1 });
    check(pos, ['int64', [2, 20], [[-1, -2, -1, 0, 1, 2, 3, 4, 3, 2, 1, 0, -1, 0, 1, 2, 3, 4, 5, 4], [-1, -2, -3, -4, -3, -2, -1, 0, 1, 2, 1, 0, -1, -2, -3, -2, -1, 0, 1, 2]]], 'positions');
    check(gp.argmax(gp.abs(pos).greaterEqual(3), { axis: 1 }), ['int64', [2], [6, 2]], 'first passage');
    check(gp.any(gp.abs(pos).greaterEqual(3), { axis: 1 }), ['bool', [2], [true, true]], 'hit');
    check(gp.maximum.accumulate(pos, { axis: 1 }), ['int64', [2, 20], [[-1, -1, -1, 0, 1, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5], [-1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]]], 'running max');
    const g = gp.random.defaultRng(9);
    const rs = g.choice(gp.array([-1, 1]), [3, 50]);
    expect(rs.dtype.name).to.equal('int64');
    expect(gp.all(gp.abs(rs).equal(1)).item()).to.equal(true);
    expect(gp.cumsum(rs, { axis: 1 }).shape).to.deep.equal([3, 50]);
    const s = g.choice(4, 4000, { p: gp.array([0.1, 0.2, 0.3, 0.4]) });
    const c = flat(gp.bincount(s, { minlength: 4 }).toArray());
    [400, 800, 1200, 1600].forEach((m, i) => expect(c[i]).to.be.closeTo(m, 150));
    check(g.choice(gp.array([10, 20, 30]), 4, { p: [0, 1, 0] }), ['int64', [4], [20, 20, 20, 20]], 'sure choice');
    const w = g.choice(10, 4, { replace: false, p: gp.arange(10).add(1).divide(55) });
    expect((gp.unique(w) as gp.GpuArray).size).to.equal(4);
  });

  it('permutation test: permuted along an axis keeps each row a permutation; permutation of rows; shuffle', () => {
    const a = gp.sin(gp.arange(6)), b = gp.cos(gp.arange(6)).add(0.5);
    const pooled = gp.concatenate([a, b]);
    const g = gp.random.defaultRng(1);
    const P = g.permuted(gp.tile(pooled, [40, 1]), { axis: 1 });
    expect(P.shape).to.deep.equal([40, 12]);
    expect(gp.allclose(gp.sort(P, { axis: 1 }), gp.tile(gp.sort(pooled), [40, 1]))).to.equal(true);
    const d = P.slice(':', ':6').mean({ axis: 1 }).subtract(P.slice(':', '6:').mean({ axis: 1 }));
    const p = Number(gp.mean(gp.abs(d).greaterEqual(gp.abs(a.mean().subtract(b.mean())))));
    expect(p).to.be.within(0, 1);
    const x = gp.arange(12).reshape(3, 4);
    const c0 = g.permuted(x, { axis: 0 });
    check(gp.sort(c0, { axis: 0 }), ['int64', [3, 4], [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]], 'columns permuted');
    const rows = g.permutation(x);
    check(gp.sort(rows.slice(':', 0)), ['int64', [3], [0, 4, 8]], 'rows permuted');
    check(rows.subtract(rows.slice(':', ':1')), ['int64', [3, 4], [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]], 'rows intact');
  });

  it('digitize-based binning with bincount statistics; histogram2d', () => {
    const x = gp.arange(20).multiply(3.7).remainder(10);
    const y = gp.cos(gp.arange(20).multiply(0.45));
    const bins = gp.array([0, 2.5, 5, 7.5, 10]);
    const k = gp.digitize(x, bins);
    check(k, ['int64', [20], [1, 2, 3, 1, 2, 4, 1, 3, 4, 2, 3, 1, 2, 4, 1, 3, 4, 2, 3, 1]], 'digitize');
    check(gp.digitize(x, bins, true), ['int64', [20], [0, 2, 3, 1, 2, 4, 1, 3, 4, 2, 3, 1, 2, 4, 1, 3, 4, 2, 3, 1]], 'digitize right');
    const cnt = gp.bincount(k, { minlength: 6 });
    check(cnt, ['int64', [6], [0, 6, 5, 5, 4, 0]], 'counts');
    check(gp.bincount(k, { weights: y, minlength: 6 }).slice('1:5').divide(cnt.slice('1:5')), ['float64', [4], [0.151501226214, 0.179101103831, 0.0120623402644, -0.00223686135655]], 'means');
    check(gp.bincount(k, y.pow(2), 6), ['float64', [6], [0.0, 3.33152754784, 1.68452335567, 2.28753722638, 2.39266724877, 0.0]], 'squares');
    const [H, xe, ye] = gp.histogram2d(x, y, [4, 3]);
    check(H, ['float64', [4, 3], [[2.0, 2.0, 2.0], [1.0, 1.0, 2.0], [1.0, 3.0, 1.0], [2.0, 0.0, 3.0]]], 'H');
    check(xe, ['float64', [5], [0.0, 2.4, 4.8, 7.2, 9.6]], 'x edges');
    check(ye, ['float64', [4], [-0.999964658471, -0.333309772314, 0.333345113843, 1.0]], 'y edges');
  });

  it('NaN-aware order statistics in float32: nanmedian, nanpercentile, nancumsum; median, sort and unique with NaNs', () => {
    const holes = gp.array([[false, true, false, false], [false, false, false, false], [true, false, false, true]]);
    const x = gp.where(holes, NaN, gp.cos(gp.arange(12, 'float32').multiply(gp.float32(1.1))).reshape(3, 4));
    expect(x.dtype.name).to.equal('float32');
    check(gp.nanmedian(x, { axis: 1 }), ['float32', [3], [-0.588501155376, 0.431021690369, -0.442382603884]], 'nanmedian', 1e-6);
    check(gp.nanpercentile(x, [10, 50], { axis: 0 }), ['float64', [2, 4], [[-0.176599508524, -0.729404842854, -0.469915783405, -0.873394417763], [0.346333622932, -0.0902605652809, 0.00442569795996, -0.417053073645]]], 'nanpercentile', 1e-6);
    check(gp.nancumsum(x, { axis: 1 }), ['float32', [3, 4], [[1.0, 1.0, 0.411498844624, -0.575980901718], [-0.307332783937, 0.401336997747, 1.35156941414, 1.50494301319], [0.0, -0.889190912247, -0.884765207767, -0.884765207767]]], 'nancumsum', 1e-6);
    check(gp.median(x, { axis: 1 }), ['float32', [3], [NaN, 0.431021690369, NaN]], 'median', 1e-6);
    check(gp.sort(x, { axis: 1 }), ['float32', [3, 4], [[-0.987479746342, -0.588501155376, 1.0, NaN], [-0.307332783937, 0.15337356925, 0.708669781685, 0.950232446194], [-0.889190912247, 0.00442569795996, NaN, NaN]]], 'sort', 1e-6);
    check(gp.unique(x) as gp.GpuArray, ['float32', [10], [-0.987479746342, -0.889190912247, -0.588501155376, -0.307332783937, 0.00442569795996, 0.15337356925, 0.708669781685, 0.950232446194, 1.0, NaN]], 'unique', 1e-6);
  });

  it('quantile methods on integer data and weighted inverted_cdf percentiles', () => {
    const x = gp.arange(13).multiply(17).add(5).remainder(50);
    const q = [0, 0.05, 0.33, 0.5, 0.9, 1];
    check(gp.quantile(x, q, { method: 'lower' }), ['int64', [6], [5, 5, 8, 23, 40, 42]], 'lower');
    check(gp.quantile(x, q, { method: 'higher' }), ['int64', [6], [5, 6, 9, 23, 41, 42]], 'higher');
    check(gp.quantile(x, q, { method: 'midpoint' }), ['float64', [6], [5.0, 5.5, 8.5, 23.0, 40.5, 42.0]], 'midpoint');
    check(gp.quantile(x, q, { method: 'nearest' }), ['int64', [6], [5, 6, 9, 23, 41, 42]], 'nearest');
    check(gp.quantile(x, q, { method: 'inverted_cdf' }), ['int64', [6], [5, 5, 9, 23, 41, 42]], 'inverted_cdf');
    check(gp.quantile(x, q, { method: 'averaged_inverted_cdf' }), ['float64', [6], [5.0, 5.0, 9.0, 23.0, 41.0, 42.0]], 'averaged_inverted_cdf');
    check(gp.quantile(x, q, { method: 'closest_observation' }), ['int64', [6], [5, 5, 8, 22, 41, 42]], 'closest_observation');
    check(gp.quantile(x, q, { method: 'interpolated_inverted_cdf' }), ['float64', [6], [5.0, 5.0, 8.29, 22.5, 40.7, 42.0]], 'interpolated_inverted_cdf');
    check(gp.quantile(x, q, { method: 'hazen' }), ['float64', [6], [5.0, 5.15, 8.79, 23.0, 41.2, 42.0]], 'hazen');
    check(gp.quantile(x, q, { method: 'weibull' }), ['float64', [6], [5.0, 5.0, 8.62, 23.0, 41.6, 42.0]], 'weibull');
    check(gp.quantile(x, q, { method: 'median_unbiased' }), ['float64', [6], [5.0, 5.0, 8.73333333333, 23.0, 41.3333333333, 42.0]], 'median_unbiased');
    check(gp.quantile(x, q, { method: 'normal_unbiased' }), ['float64', [6], [5.0, 5.0375, 8.7475, 23.0, 41.3, 42.0]], 'normal_unbiased');
    const w = gp.arange(13).multiply(3).remainder(4).add(1).astype('float64');
    check(gp.percentile(x, [20, 50, 80], { method: 'inverted_cdf', weights: w }), ['int64', [3], [8, 23, 40]], 'weighted');
  });

  it('group-by on sorted keys: stable argsort, unique first indices, add/maximum.reduceat, split and per-group medians', () => {
    const keys = gp.arange(30).multiply(7).add(2).remainder(5);
    const vals = gp.sin(gp.arange(30).multiply(0.8));
    const o = gp.argsort(keys, { kind: 'stable' });
    const ks = keys.take(o), vs = vals.take(o);
    const [uk, start] = gp.unique(ks, { returnIndex: true }) as gp.GpuArray[];
    check(uk, ['int64', [5], [0, 1, 2, 3, 4]], 'keys');
    check(start, ['int64', [5], [0, 6, 12, 18, 24]], 'starts');
    check(gp.add.reduceat(vs, start), ['float64', [5], [-0.349380306251, 0.48554799254, 0.321024767378, 0.0977223876719, 0.578846700553]], 'sums');
    check(gp.maximum.reduceat(vs, start), ['float64', [5], [0.793667863849, 0.999573603042, 0.989358246623, 0.965657776549, 0.928795234077]], 'maxima');
    const parts = gp.split(vs, start.slice('1:'));
    expect(parts.length).to.equal(5);
    check(gp.stack(parts.map((p) => gp.median(p))), ['float64', [5], [0.142470392696, 0.103461855216, -0.143951658333, -0.140503239135, 0.408213508997]], 'medians');
    check(gp.argmax(gp.bincount(gp.arange(30).multiply(5).add(1).remainder(7))), ['int64', [], 1], 'mode');
  });

  it('robust statistics: Spearman by ranks and corrcoef, Gini by sort and cumsum, weighted median, IQR outliers', () => {
    const x = gp.sin(gp.arange(20).multiply(2.1)).multiply(2).add(gp.where(gp.arange(20).equal(7), 9, 0));
    const y = x.add(gp.cos(gp.arange(20).multiply(1.3)));
    const rx = gp.argsort(gp.argsort(x)).astype('float64'), ry = gp.argsort(gp.argsort(y)).astype('float64');
    check(gp.corrcoef(rx, ry), ['float64', [2, 2], [[1.0, 0.893233082707], [0.893233082707, 1.0]]], 'spearman');
    const xs = gp.sort(gp.abs(x));
    const n = xs.size;
    check(gp.subtract(1, gp.cumsum(xs).sum().multiply(2).divide(xs.sum().multiply(n))).add(1 / n), ['float64', [], 0.506909327751], 'gini');
    const w = gp.arange(20).remainder(3).add(1).divide(10);
    const o = gp.argsort(x);
    const cw = gp.cumsum(w.take(o));
    check(x.take(o).take(gp.searchsorted(cw, cw.item(n - 1) as number / 2)), ['float64', [], 0.0336278009687], 'weighted median');
    const q = gp.percentile(x, [25, 75]);
    check(q, ['float64', [2], [-1.74721153861, 1.64031333209]], 'quartiles');
    const [q1, q3] = flat(q.toArray());
    const keep = x.greaterEqual(q1 - 1.5 * (q3 - q1)).logicalAnd(x.lessEqual(q3 + 1.5 * (q3 - q1)));
    check(gp.compress(keep, x).slice(':6'), ['float64', [6], [0.0, 1.7264187333, -1.74315154483, 0.0336278009687, 1.70919781618, -1.75939151994]], 'kept');
    check(gp.extract(keep.logicalNot(), x), ['float64', [1], [10.6914936623]], 'outliers');
    check(gp.argwhere(keep.logicalNot()), ['int64', [1, 1], [[7]]], 'outlier positions');
  });

  it('drawdown by cumprod and maximum.accumulate; as-of lookup by searchsorted; last occurrences by unique of the flip', () => {
    const r = gp.sin(gp.arange(40).multiply(0.7)).multiply(0.02).add(0.001);
    const eq = gp.cumprod(r.add(1));
    const dd = eq.divide(gp.maximum.accumulate(eq)).subtract(1);
    const end = gp.argmin(dd);
    check(eq.slice('-3:'), ['float64', [3], [1.05011803753, 1.07205804392, 1.09086897258]], 'equity');
    check(dd.min(), ['float64', [], -0.0521109806049], 'max drawdown');
    check(end, ['int64', [], 35], 'trough');
    check(gp.argmax(eq.slice(`:${Number(end) + 1}`)), ['int64', [], 31], 'peak');
    check(gp.searchsorted(gp.arange(40).multiply(1.5), gp.array([0.2, 7.5, 30, 100]), { side: 'right' }).subtract(1), ['int64', [4], [0, 5, 20, 39]], 'as-of');
    const z = gp.arange(15).multiply(4).add(1).remainder(6);
    const li = (gp.unique(gp.flip(z), { returnIndex: true }) as gp.GpuArray[])[1];
    check(gp.subtract(z.size - 1, li), ['int64', [3], [12, 14, 13]], 'last occurrence');
  });

  it('per-row modes and distinct counts: applyAlongAxis of bincount, sort and diff; one-hot counts by eye.take', () => {
    const M = gp.arange(35).multiply(9).add(4).remainder(13).remainder(4).reshape(5, 7);
    check(gp.sort(M, { axis: 1 }), ['int64', [5, 7], [[0, 0, 1, 1, 1, 2, 2], [0, 0, 0, 2, 3, 3, 3], [0, 1, 1, 1, 2, 2, 2], [0, 0, 0, 0, 3, 3, 3], [1, 1, 1, 2, 2, 2, 3]]], 'sorted rows');
    const cnt = gp.applyAlongAxis((r: gp.GpuArray) => gp.bincount(r, { minlength: 4 }), 1, M);
    check(cnt, ['int64', [5, 4], [[2, 3, 2, 0], [3, 0, 1, 3], [1, 3, 3, 0], [4, 0, 0, 3], [0, 3, 3, 1]]], 'counts');
    check(gp.argmax(cnt, { axis: 1 }), ['int64', [5], [1, 0, 1, 0, 1]], 'modes');
    check(gp.diff(gp.sort(M, { axis: 1 }), { axis: 1 }).notEqual(0).sum({ axis: 1 }).add(1), ['int64', [5], [3, 3, 3, 2, 3]], 'distinct');
    check(gp.eye(4, { dtype: 'int64' }).take(M.ravel(), { axis: 0 }).sum({ axis: 0 }), ['int64', [4], [10, 9, 9, 7]], 'one-hot');
    check(gp.cumsum(gp.eye(4, { dtype: 'bool' }).take(M, { axis: 0 }), { axis: 1 }).slice(0), ['int64', [7, 4], [[1, 0, 0, 0], [2, 0, 0, 0], [2, 1, 0, 0], [2, 2, 0, 0], [2, 3, 0, 0], [2, 3, 1, 0], [2, 3, 2, 0]]], 'bool cumsum');
  });

  it('stratified split: lexsort by class then a random key, rank within class, setdiff1d for the rest', () => {
    const y = gp.arange(24).multiply(5).add(2).remainder(3);
    const key = gp.cos(gp.arange(24).multiply(1.9));
    const o = gp.lexsort([key, y]);
    check(o, ['int64', [24], [5, 8, 2, 11, 14, 17, 20, 23, 22, 1, 19, 4, 16, 7, 13, 10, 15, 18, 12, 21, 9, 6, 3, 0]], 'order');
    const [, first, inv] = gp.unique(y.take(o), { returnIndex: true, returnInverse: true }) as gp.GpuArray[];
    const within = gp.arange(24).subtract(first.take(inv));
    check(within, ['int64', [24], [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]], 'rank in class');
    const test = o.take(gp.flatnonzero(within.less(2)));
    check(test, ['int64', [6], [5, 8, 22, 1, 15, 18]], 'test rows');
    check(gp.setdiff1d(gp.arange(24), test), ['int64', [18], [0, 2, 3, 4, 6, 7, 9, 10, 11, 12, 13, 14, 16, 17, 19, 20, 21, 23]], 'train rows');
  });

  it('winsorising by keepdims percentiles and clip, a rank transform, corrcoef of rows, a smoothed histogram', () => {
    const X = gp.sin(gp.arange(40).reshape(5, 8).multiply(1.37)).multiply(2);
    const lo = gp.percentile(X, 10, { axis: 1, keepdims: true }), hi = gp.percentile(X, 90, { axis: 1, keepdims: true });
    check(lo, ['float64', [5, 1], [[-1.50179094668], [-1.80667145804], [-1.9175261721], [-1.8219654806], [-1.51588858632]]], 'low');
    check(gp.clip(X, lo, hi).slice(':2'), ['float64', [2, 8], [[0.0, 1.89520851738, 0.781769557797, -1.50179094668, -1.43914334564, 1.0738952049, 1.86751954364, -0.328942701025], [-1.80667145804, -0.468351417017, 1.81190948462, 1.19112109938, -1.33677194273, -1.7243586814, 0.648926226915, 1.8633011366]]], 'winsorised');
    check(gp.argsort(gp.argsort(X, { axis: 1 }), { axis: 1 }).add(1).subtract(0.5).divide(8).slice(':2'), ['float64', [2, 8], [[0.4375, 0.9375, 0.5625, 0.0625, 0.1875, 0.6875, 0.8125, 0.3125], [0.0625, 0.4375, 0.8125, 0.6875, 0.3125, 0.1875, 0.5625, 0.9375]]], 'rank transform');
    check(gp.corrcoef(X).slice(':2'), ['float64', [2, 5], [[1.0, -0.0556406254971, -0.996578774046, 0.116534830579, 0.986330633883], [-0.0556406254971, 1.0, -0.0270700339059, -0.998132091703, 0.109642959322]]], 'corrcoef');
    check(gp.convolve(gp.histogram(X, 10, { range: [-3, 3] })[0], gp.array([0.25, 0.5, 0.25]), 'same'), ['float64', [10], [1.0, 4.0, 5.5, 4.25, 3.75, 4.5, 5.25, 5.5, 4.5, 1.75]], 'smoothed');
  });

  it('Markov chain: sampling by the cumsum of a transition row, transition counts by add.at, matrixPower', () => {
    const P = gp.array([[0.9, 0.1, 0], [0.2, 0.5, 0.3], [0, 0.4, 0.6]]);
    const C = gp.cumsum(P, { axis: 1 });
    const u = gp.arange(30).multiply(0.618034).remainder(1);
    const states = [0];
    for (let t = 0; t < 30; t++) states.push(Number(C.slice(states[t]).less(u.item(t) as number).sum()));
    const s = gp.array(states);
    check(s, ['int64', [31], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 1, 1, 1, 2]], 'states');
    const T = gp.zeros([3, 3], 'int64');
    gp.add.at(T, [s.slice(':-1'), s.slice('1:')], 1);
    check(T, ['int64', [3, 3], [[18, 2, 0], [1, 5, 2], [0, 1, 1]]], 'transitions');
    check(T.divide(T.sum({ axis: 1, keepdims: true })), ['float64', [3, 3], [[0.9, 0.1, 0.0], [0.125, 0.625, 0.25], [0.0, 0.5, 0.5]]], 'empirical');
    check(gp.linalg.matrixPower(P, 50).slice(0), ['float64', [3], [0.533350635468, 0.266659419474, 0.199989945058]], 'stationary');
  });

  it('cumulative count within groups: stable argsort, change points, maximum.accumulate, put back', () => {
    const k = gp.arange(16).multiply(11).add(3).remainder(4);
    const o = gp.argsort(k, { kind: 'stable' });
    const ks = k.take(o);
    const start = gp.concatenate([gp.array([true]), ks.slice('1:').notEqual(ks.slice(':-1'))]);
    const grpStart = gp.maximum.accumulate(gp.where(start, gp.arange(16), 0));
    const res = gp.zerosLike(k);
    gp.put(res, o, gp.arange(16).subtract(grpStart));
    check(res, ['int64', [16], [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]], 'cumcount');
  });
});
