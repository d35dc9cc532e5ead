// Realistic NumPy programs (Monte Carlo pricing, image filters, least squares and a Kalman filter,
// k-nearest neighbours, group-by statistics, the game of life, Mandelbrot, a small neural net, time
// series, polynomials, ranking, sparse scatter, FFT filtering, dynamic programming, masks, reshaping,
// k-means, run lengths, Markov chains) ported to gp line by line. Each expected value is what NumPy 2.4
// gave for the same program on the same (deterministic) data.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { check, closeAll, flat } from './program-checks.js';


/** A JS value (a number from item(), a shape) is NumPy's. */
function checkValue(v: unknown, want: unknown, what: string, rtol = 1e-8): void {
  closeAll(flat(v), flat(want), rtol, what);
}

const f64 = (a: unknown) => gp.array(a as number[], 'float64');
const arr = (xs: gp.GpuArray[]) => gp.stack(xs);

describeEachDevice('NumPy programs ported to gp (sweep)', () => {
  it('Monte Carlo option pricing on identical normals; the seeded generator by its moments', () => {
    const n = 64;
    const u = gp.arange(n).add(0.5).divide(n);
    const z = gp.sqrt(2).multiply(gp.sin(u.multiply(2 * Math.PI))).multiply(gp.cos(u.multiply(Math.PI * 3)));
    const [S0, K, r, sigma, T] = [100.0, 105.0, 0.05, 0.2, 1.0];
    const ST = gp.exp(z.multiply(sigma * Math.sqrt(T)).add((r - 0.5 * sigma ** 2) * T)).multiply(S0);
    const payoff = gp.maximum(ST.subtract(K), 0);
    const price = gp.exp(-r * T).multiply(payoff.mean());
    const se = payoff.std({ ddof: 1 }).divide(Math.sqrt(n));
    check(ST.slice(':5'), ['float64', [5], [104.481603816, 107.303731977, 109.86916817, 111.952875226, 113.352857204]], 'ST');
    check(price, ['float64', [], 1.61535100266], 'price');
    check(se, ['float64', [], 0.379006439219], 'se');
    check(gp.countNonzero(payoff.greater(0)), ['int64', [], 18], 'itm');
    check(arr([z.mean(), z.std()]), ['float64', [2], [-0.359945350602, 0.608637284908]], 'mean/std');
    const z32 = z.astype('float32');
    check(gp.maximum(gp.exp(z32.multiply(gp.float32(0.2))).multiply(gp.float32(100)).subtract(105), 0).mean(), ['float32', [], 0.834803819656], 'float32', 1e-5);
    // gp's Philox numbers are not NumPy's: the law is (mean 0, std 1; the Black-Scholes price 8.0214)
    const g = gp.random.defaultRng(42);
    const w = g.standardNormal(200000);
    expect(Number(w.mean())).to.be.closeTo(0, 0.01);
    expect(Number(w.std())).to.be.closeTo(1, 0.01);
    const S = gp.exp(g.standardNormal(100000).multiply(0.2).add(0.05 - 0.02)).multiply(100);
    expect(Number(gp.maximum(S.subtract(105), 0).mean()) * Math.exp(-0.05)).to.be.closeTo(8.0214, 0.15);
  });

  it('image processing: edge padding, box blur by shifted sums, clipping, histogram equalisation', () => {
    const img = gp.arange(64).reshape(8, 8).multiply(37).remainder(256).astype('uint8');
    const p = gp.pad(img, 1, 'edge').astype('float64');
    let blur = gp.zerosLike(p.slice('1:9', '1:9'));
    for (const di of [-1, 0, 1]) for (const dj of [-1, 0, 1]) blur = blur.add(p.slice(`${1 + di}:${9 + di}`, `${1 + dj}:${9 + dj}`));
    blur = blur.divide(9);
    check(blur.slice(':2'), ['float64', [2, 8], [[25.6666666667, 50.3333333333, 87.3333333333, 124.333333333, 161.333333333, 169.888888889, 121.555555556, 60.8888888889], [52.3333333333, 77, 114, 151, 159.555555556, 139.666666667, 91.3333333333, 59.1111111111]]], 'blur');
    // np.clip(img * 2.0 - blur, 0, 255): JS has no 2.0, so the float comes from astype
    check(gp.clip(img.astype('float64').multiply(2).subtract(blur), 0, 255).astype('uint8').slice(':2'), ['uint8', [2, 8], [[0, 23, 60, 97, 134, 200, 255, 0], [27, 77, 114, 151, 216, 255, 0, 26]]], 'sharp');
    const hist = gp.bincount(img.ravel(), { minlength: 256 });
    const cdf = hist.cumsum();
    const cdfn = cdf.subtract(cdf.min()).multiply(255).divide(cdf.max().subtract(cdf.min()));
    check(gp.flatnonzero(hist).slice(':10'), ['int64', [10], [0, 3, 6, 9, 12, 15, 18, 21, 24, 27]], 'nonzero bins');
    check(cdfn.astype('uint8').slice(img).slice(':2'), ['uint8', [2, 8], [[0, 40, 76, 113, 149, 186, 222, 4], [44, 80, 117, 153, 190, 226, 8, 48]]], 'equalised');
    check(gp.interp(img.ravel(), gp.arange(256), cdfn).reshape(img.shape).slice(0), ['float64', [8], [0, 40.4761904762, 76.9047619048, 113.333333333, 149.761904762, 186.19047619, 222.619047619, 4.04761904762]], 'interp');
    const levels = gp.array([0, 64, 128, 192]);
    const q = gp.searchsorted(levels, img, { side: 'right' }).subtract(1);
    check(q.slice(':2'), ['int64', [2, 8], [[0, 0, 1, 1, 2, 2, 3, 0], [0, 1, 1, 2, 2, 3, 0, 0]]], 'quantised');
    check(gp.take(levels, q).slice(0), ['int64', [8], [0, 0, 64, 64, 128, 128, 192, 0]], 'take');
    const gx = p.slice('1:-1', '2:').subtract(p.slice('1:-1', ':-2'));
    check(gx.slice(1), ['float64', [8], [37, 74, 74, 74, 74, -182, -182, 37]], 'gradient');
    check(gp.abs(gx).greater(100).sum({ axis: 0 }), ['int64', [8], [1, 2, 2, 2, 2, 2, 3, 2]], 'edges');
    check(gp.histogram(img, { bins: 4, range: [0, 256] })[0], ['int64', [4], [19, 15, 15, 15]], 'histogram');
  });

  it('least squares by lstsq, normal equations, inv and pinv; a constant-velocity Kalman filter', () => {
    const x = gp.arange(10, 'float64');
    const y = x.multiply(2.5).subtract(1).add(gp.sin(x));
    const A = gp.vstack([x, gp.onesLike(x)]).T;
    const [coef, res, rank, sv] = gp.linalg.lstsq(A, y, { rcond: null });
    check(coef, ['float64', [2], [2.51223633189, -0.859542545277]], 'coef');
    check(res, ['float64', [1], [4.31083470751]], 'residuals', 1e-7);
    checkValue(rank, 2, 'rank');
    check(sv, ['float64', [2], [17.0931671425, 1.68036812565]], 'singular values');
    check(gp.linalg.solve(A.T.matmul(A), A.T.matmul(y)), ['float64', [2], [2.51223633189, -0.859542545277]], 'normal equations');
    check(gp.linalg.inv(A.T.matmul(A)).matmul(A.T).matmul(y), ['float64', [2], [2.51223633189, -0.859542545277]], 'inv');
    check(gp.linalg.pinv(A).matmul(y), ['float64', [2], [2.51223633189, -0.859542545277]], 'pinv');
    const F = f64([[1, 1], [0, 1]]), H = f64([[1, 0]]), Q = gp.eye(2).multiply(0.01), Rm = f64([[0.5]]);
    let xs = gp.zeros(2), P = gp.eye(2);
    const track: gp.GpuArray[] = [];
    for (let k = 0; k < 6; k++) {
      xs = F.matmul(xs);
      P = F.matmul(P).matmul(F.T).add(Q);
      const zk = gp.array([2.0 * k + Math.cos(k)]);
      const Sk = H.matmul(P).matmul(H.T).add(Rm);
      const Kg = P.matmul(H.T).matmul(gp.linalg.inv(Sk));
      xs = xs.add(Kg.matmul(zk.subtract(H.matmul(xs))));
      P = gp.eye(2).subtract(Kg.matmul(H)).matmul(P);
      track.push(xs.copy());
    }
    check(gp.array(track), ['float64', [6, 2], [[0.800796812749, 0.398406374502], [2.1911301981, 0.964621638661], [3.44848895117, 1.09737994523], [4.83138474921, 1.20178788757], [6.76219262538, 1.42836743412], [9.25573459198, 1.72496385066]]], 'states');
    check(P, ['float64', [2, 2], [[0.254448772295, 0.0708509185629], [0.0708509185629, 0.0475548446525]]], 'covariance');
    check(gp.outer(coef, x.slice(':3')), ['float64', [2, 3], [[0, 2.51223633189, 5.02447266377], [0, -0.859542545277, -1.71908509055]]], 'outer');
  });

  it('k-nearest neighbours: broadcast distances, argsort and argpartition, votes by bincount', () => {
    const Xtr = gp.stack([gp.sin(gp.arange(12)), gp.cos(gp.arange(12).multiply(0.7))], { axis: 1 });
    const ytr = gp.arange(12).remainder(3);
    const Xq = gp.array([[0.1, 0.2], [-0.5, 0.9], [0.8, -0.3]]);
    const d2 = Xq.slice(':', null, ':').subtract(Xtr.slice(null, ':', ':')).power(2).sum(-1);
    const idx = gp.argsort(d2, { axis: 1 }).slice(':', ':4');
    check(idx, ['int64', [3, 4], [[7, 3, 6, 0], [10, 0, 11, 9], [2, 7, 3, 1]]], 'argsort');
    check(gp.sort(gp.argpartition(d2, 3, { axis: 1 }).slice(':', ':4'), { axis: 1 }), ['int64', [3, 4], [[0, 3, 6, 7], [0, 9, 10, 11], [1, 2, 3, 7]]], 'argpartition');
    const votes = ytr.slice(idx);
    check(arr([0, 1, 2].map((i) => gp.bincount(votes.slice(i), { minlength: 3 }).argmax())), ['int64', [3], [0, 0, 1]], 'predictions');
    check(gp.takeAlongAxis(d2, idx, { axis: 1 }), ['float64', [3, 4], [[0.310415987331, 0.498498886232, 0.620416121751, 0.65], [0.0232824094899, 0.26, 0.807440796535, 0.84193187838], [0.232815042917, 0.257147118547, 0.476084770349, 1.1356087264]]], 'takeAlongAxis');
    check(d2.min({ axis: 1 }), ['float64', [3], [0.310415987331, 0.0232824094899, 0.232815042917]], 'min');
    check(d2.argmin({ axis: 1 }), ['int64', [3], [7, 10, 2]], 'argmin');
    check(gp.linalg.norm(Xq.slice(':', null, ':').subtract(Xtr.slice(null, ':3', ':')), { axis: -1 }), ['float64', [3, 3], [[0.80622577483, 0.932108318731, 0.809854491605], [0.509901951359, 1.34826259958, 1.58715695812], [1.52643375225, 1.06564943879, 0.482509111745]]], 'norm');
    check(votes.slice('...', null).equal(gp.arange(3)).sum({ axis: 1 }), ['int64', [3, 3], [[3, 1, 0], [2, 1, 1], [1, 2, 1]]], 'one-hot votes');
  });

  it('one-hot encoding and group-by statistics: unique, bincount weights, add.at, reduceat', () => {
    const labels = gp.array([2, 0, 1, 2, 2, 0, 3, 1]);
    const vals = gp.arange(8, 'float64').multiply(1.5).subtract(2);
    const oh = gp.eye(4).slice(labels);
    check(oh, ['float64', [8, 4], [[0, 0, 1, 0], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 1, 0, 0]]], 'eye[labels]');
    check(labels.slice(':', null).equal(gp.arange(4)).astype('int64'), ['int64', [8, 4], [[0, 0, 1, 0], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 1, 0, 0]]], 'compare one-hot');
    const [u, inv, cnt] = gp.unique(labels, { returnInverse: true, returnCounts: true });
    check(u, ['int64', [4], [0, 1, 2, 3]], 'unique');
    check(inv, ['int64', [8], [2, 0, 1, 2, 2, 0, 3, 1]], 'inverse');
    check(cnt, ['int64', [4], [2, 2, 3, 1]], 'counts');
    const sums = gp.bincount(inv, { weights: vals });
    check(sums, ['float64', [4], [5, 9.5, 4.5, 7]], 'sums');
    check(sums.divide(cnt), ['float64', [4], [2.5, 4.75, 1.5, 7]], 'means');
    const acc = gp.zeros(4);
    gp.add.at(acc, labels, vals);
    check(acc, ['float64', [4], [5, 9.5, 4.5, 7]], 'add.at');
    const mx = gp.full(4, -Infinity);
    gp.maximum.at(mx, labels, vals);
    check(mx, ['float64', [4], [5.5, 8.5, 4, 7]], 'maximum.at');
    const ci = gp.zeros(4, 'int64');
    gp.add.at(ci, labels, 1);
    check(ci, ['int64', [4], [2, 2, 3, 1]], 'counts by add.at');
    check(oh.T.matmul(vals), ['float64', [4], [5, 9.5, 4.5, 7]], 'one-hot product');
    const order = gp.argsort(labels, { kind: 'stable' });
    const bounds = gp.searchsorted(labels.slice(order), u);
    check(order, ['int64', [8], [1, 5, 2, 7, 0, 3, 4, 6]], 'stable order');
    check(bounds, ['int64', [4], [0, 2, 4, 7]], 'group starts');
    check(gp.add.reduceat(vals.slice(order), bounds), ['float64', [4], [5, 9.5, 4.5, 7]], 'reduceat');
    check(gp.bincount(labels, { weights: vals.power(2), minlength: 5 }), ['float64', [5], [30.5, 73.25, 26.25, 49, 0]], 'sum of squares');
    const g = gp.zeros([4, 2]);
    gp.add.at(g, labels, gp.stack([vals, vals.multiply(2)], { axis: 1 }));
    check(g, ['float64', [4, 2], [[5, 10], [9.5, 19], [4.5, 9], [7, 14]]], 'add.at rows');
    const [uu, ii] = gp.unique(gp.array([[1, 2], [3, 4], [1, 2], [0, 0]]), { axis: 0, returnIndex: true });
    check(uu, ['int64', [3, 2], [[0, 0], [1, 2], [3, 4]]], 'unique rows');
    check(ii, ['int64', [3], [3, 0, 1]], 'unique rows index');
  });

  it("Conway's game of life with roll (a glider, four steps)", () => {
    let g = gp.zeros([8, 8], 'bool');
    for (const [i, j] of [[1, 2], [2, 3], [3, 1], [3, 2], [3, 3]]) g.assign(true, i, j);
    let n = gp.zeros([8, 8], 'int64');
    for (let step = 0; step < 4; step++) {
      // Python's sum() starts from the int 0, so the neighbour count is int64
      n = gp.zeros([8, 8], 'int64');
      for (const i of [-1, 0, 1]) for (const j of [-1, 0, 1]) if (i !== 0 || j !== 0) n = n.add(gp.roll(gp.roll(g, i, 0), j, 1));
      g = gp.bitwiseOr(n.equal(3), gp.bitwiseAnd(g, n.equal(2)));
    }
    check(g.astype('uint8'), ['uint8', [8, 8], [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0, 0], [0, 0, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]], 'board');
    check(n, ['int64', [8, 8], [[0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 1, 1, 0, 0, 0, 0], [0, 1, 1, 3, 2, 1, 0, 0], [0, 2, 4, 4, 2, 1, 0, 0], [0, 1, 2, 3, 3, 1, 0, 0], [0, 1, 2, 2, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]], 'neighbours');
    check(gp.argwhere(g), ['int64', [5, 2], [[2, 3], [3, 4], [4, 2], [4, 3], [4, 4]]], 'argwhere');
    check(g.sum(), ['int64', [], 5], 'population');
    check(n.sum({ axis: 1 }), ['int64', [8], [0, 3, 8, 13, 10, 6, 0, 0]], 'row sums');
  });

  it('Mandelbrot with complex arrays and boolean-mask updates', () => {
    const xx = gp.linspace(-2, 1, 12), yy = gp.linspace(-1.5, 1.5, 9);
    const c = xx.slice(null, ':').add(gp.multiply({ re: 0, im: 1 }, yy.slice(':', null)));
    expect(c.dtype.name).to.equal('complex128');
    const z = gp.zerosLike(c), it = gp.zeros(c.shape, 'int64');
    for (let k = 0; k < 15; k++) {
      const mask = gp.abs(z).lessEqual(2);
      z.assign(z.slice(mask).power(2).add(c.slice(mask)), mask);
      it.assign(it.slice(mask).add(1), mask);
    }
    check(it, ['int64', [9, 12], [[1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2], [1, 1, 2, 3, 3, 3, 4, 5, 3, 2, 2, 2], [1, 3, 3, 3, 4, 5, 7, 15, 6, 4, 3, 2], [1, 3, 4, 8, 7, 15, 15, 15, 15, 12, 3, 2], [15, 15, 15, 15, 15, 15, 15, 15, 15, 5, 3, 3], [1, 3, 4, 8, 7, 15, 15, 15, 15, 12, 3, 2], [1, 3, 3, 3, 4, 5, 7, 15, 6, 4, 3, 2], [1, 1, 2, 3, 3, 3, 4, 5, 3, 2, 2, 2], [1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2]]], 'iterations');
    check(gp.abs(z).lessEqual(2).sum(), ['int64', [], 19], 'inside');
    check(z.slice(4, ':6'), ['complex128', [6], [[2, 0], [-1.71779795351, 0], [-1.41713733127, 0], [-1.1543279214, 0], [-0.898869534005, 0], [-0.471719864943, 0]]], 'z row');
    check(it.mean({ axis: 0 }), ['float64', [12], [2.55555555556, 3.44444444444, 3.88888888889, 5.22222222222, 5.22222222222, 7.22222222222, 7.88888888889, 9.88888888889, 7.44444444444, 5, 2.55555555556, 2.11111111111]], 'mean');
    const c64 = c.astype('complex64');
    check(c64.multiply(c64).add(c64).slice(4, ':4'), ['complex64', [4], [[2, 0], [1.25619840622, 0], [0.661157131195, 0], [0.214875936508, 0]]], 'complex64', 1e-6);
    check(gp.abs(c64).slice(0, ':3'), ['float32', [3], [2.5, 2.28767800331, 2.08942627907]], 'abs complex64', 1e-6);
    check(gp.where(gp.abs(z).lessEqual(2), z.real, NaN).slice(4), ['float64', [12], [2, -1.71779795351, -1.41713733127, -1.1543279214, -0.898869534005, -0.471719864943, -0.28337959475, -0.0838742081212, 0.238882040613, NaN, NaN, NaN]], 'where real');
  });

  it('a two-layer network: tanh, softmax with max subtraction and keepdims, cross-entropy, backprop', () => {
    const X0 = gp.linspace(-1, 1, 12).reshape(4, 3);
    const W1 = gp.sin(gp.arange(15).reshape(3, 5).multiply(0.3)), b1 = gp.linspace(-0.2, 0.2, 5);
    const W2 = gp.cos(gp.arange(10).reshape(5, 2)), b2 = gp.array([0.1, -0.1]);
    const yl = gp.array([0, 1, 1, 0]);
    const h = gp.tanh(X0.matmul(W1).add(b1));
    const logits = h.matmul(W2).add(b2);
    const e = gp.exp(logits.subtract(logits.max({ axis: 1, keepdims: true })));
    const prob = e.divide(e.sum({ axis: 1, keepdims: true }));
    const ar = gp.arange(4);
    check(prob, ['float64', [4, 2], [[0.39562417263, 0.60437582737], [0.465430522083, 0.534569477917], [0.565590459617, 0.434409540383], [0.651103095064, 0.348896904936]]], 'softmax');
    check(gp.log(prob.slice(ar, yl)).mean().negative(), ['float64', [], 0.704109745288], 'loss');
    const d = prob.copy();
    d.assign(d.slice(ar, yl).subtract(1), ar, yl);
    gp.divide(d, 4, { out: d });
    const dh = d.matmul(W2.T).multiply(gp.subtract(1, h.power(2)));
    check(h.T.matmul(d), ['float64', [5, 2], [[0.0322568946143, -0.0322568946143], [0.0308676896958, -0.0308676896958], [0.0289378934725, -0.0289378934725], [0.0265091551224, -0.0265091551224], [0.0209348035641, -0.0209348035641]]], 'dW2');
    check(d.sum({ axis: 0 }), ['float64', [2], [0.0194370623486, -0.0194370623486]], 'db2');
    check(X0.T.matmul(dh), ['float64', [3, 5], [[-0.00395556381326, -0.0049236844571, 0.00437568228132, 0.00131512821857, 0.0211452614776], [0.00659832806468, 0.00796622035734, -0.0145140207728, 0.00457078170662, 0.0285562739557], [0.0171522199426, 0.0208561251718, -0.0334037238269, 0.00782643519468, 0.0359672864338]]], 'dW1');
    check(dh.sum({ axis: 0 }), ['float64', [5], [0.0580464053287, 0.0708944764795, -0.103893366798, 0.0179060941843, 0.0407605686296]], 'db1');
    gp.subtract(W1, X0.T.matmul(dh).multiply(0.5), { out: W1 });
    check(W1, ['float64', [3, 5], [[0.00197778190663, 0.29798204889, 0.562454632254, 0.782669345518, 0.921466455228], [0.994195822572, 0.9698645207, 0.870466377035, 0.673177789698, 0.413101743256], [0.132543898089, -0.168173756729, -0.425818581381, -0.691679376781, -0.88955941563]]], 'W1 -= lr * dW1');
    check(prob.argmax({ axis: 1 }).equal(yl).mean(), ['float64', [], 0.5], 'accuracy');
    check(gp.tanh(X0.astype('float32').matmul(W1.astype('float32')).add(b1.astype('float32'))), ['float32', [4, 5], [[-0.800411641598, -0.794857442379, -0.763134896755, -0.660269677639, -0.456891447306], [-0.449515372515, -0.449972957373, -0.425468444824, -0.359640419483, -0.245523408055], [0.130817338824, 0.114648841321, 0.0946936905384, 0.0403241291642, -0.00791121926159], [0.633496761322, 0.613788068295, 0.567824959755, 0.427770555019, 0.23059771955]]], 'float32 layer', 1e-5);
    check(gp.log(gp.exp(logits.subtract(logits.max(1, null, true))).sum(1)).add(logits.max(1)), ['float64', [4], [0.485046535276, 0.56972564568, 0.739742026416, 0.925428022529]], 'logsumexp');
    check(gp.maximum(X0.matmul(W1), 0).mean({ axis: 0 }), ['float64', [5], [0.31970169308, 0.257532966633, 0.184821279099, 0.0892911904844, 0.00870516599926]], 'relu');
  });

  it('time series: returns, moving averages by convolve and cumsum, percentiles, drawdown', () => {
    const t = gp.arange(20);
    const price = gp.cumsum(gp.sin(t.multiply(0.7)).multiply(2).add(0.3)).add(100);
    const ret = gp.diff(price).divide(price.slice(':-1'));
    check(ret.slice(':5'), ['float64', [5], [0.0158368432151, 0.0222880982678, 0.0194549891905, 0.00913471221629, -0.00374750333812]], 'returns');
    check(gp.diff(gp.log(price)).slice(':3'), ['float64', [3], [0.0157127488741, 0.0220433486, 0.0192681601711]], 'log returns');
    const ma = gp.convolve(price, gp.ones(5).divide(5), 'valid');
    check(ma, ['float64', [16], [103.937850729, 105.228683411, 105.91319871, 105.810553072, 105.110117032, 104.282411292, 103.857813482, 104.177113275, 105.231233676, 106.665500078, 107.946449267, 108.612725513, 108.492063374, 107.782306827, 106.958360154, 106.548833037]], 'valid moving average');
    check(gp.convolve(price, gp.ones(3).divide(3), { mode: 'same' }).slice(':4'), ['float64', [4], [67.3961451248, 102.115923403, 104.077841259, 105.83360609]], 'same');
    const cs = gp.cumsum(gp.insert(price, 0, 0));
    check(cs.slice('5:').subtract(cs.slice(':-5')).divide(5).slice(':3'), ['float64', [3], [103.937850729, 105.228683411, 105.91319871]], 'cumsum average');
    check(gp.percentile(ret, [5, 25, 50, 75, 95]), ['float64', [5], [-0.0154053630972, -0.00904711427651, 0.00348536892286, 0.0157519347449, 0.021809043284]], 'percentiles');
    check(gp.quantile(ret, 0.9, { method: 'lower' }), ['float64', [], 0.0194549891905], 'quantile lower');
    const peak = gp.maximum.accumulate(price);
    const dd = price.subtract(peak).divide(peak);
    check(dd.min(), ['float64', [], -0.0417351130612], 'max drawdown');
    check(dd.argmin(), ['int64', [], 8], 'drawdown at');
    check(ret.std({ ddof: 1 }).multiply(Math.sqrt(252)), ['float64', [], 0.218203571397], 'volatility');
    check(gp.sign(gp.diff(price)).astype('int64'), ['int64', [19], [1, 1, 1, 1, -1, -1, -1, -1, 1, 1, 1, 1, 1, -1, -1, -1, -1, 1, 1]], 'signs');
    check(gp.flatnonzero(gp.diff(gp.sign(price.subtract(ma.mean())))), ['int64', [5], [2, 5, 10, 16, 18]], 'crossings');
    check(gp.corrcoef(price.slice(':-1'), price.slice('1:')).slice(0, 1), ['float64', [], 0.829393107833], 'autocorrelation');
    check(gp.diff(price, { n: 2 }).slice(':3'), ['float64', [3], [0.682464085502, -0.244480726679, -1.05644243299]], 'diff n=2');
    check((gp.gradient(price) as gp.GpuArray).slice(':4'), ['float64', [4], [1.58843537448, 1.92966741723, 2.14865909664, 1.4981975168]], 'gradient');
    check(gp.median(price.reshape(4, 5), { axis: 1 }), ['float64', [4], [104.159334834, 103.646106643, 108.916708649, 106.304200137]], 'median');
  });

  it('polynomials: polyval, roots, poly, polyder, polyfit, polydiv, Newton iterations', () => {
    const p = f64([1, -6, 11, -6]);
    const xs = gp.linspace(0, 4, 9);
    check(gp.polyval(p, xs), ['float64', [9], [-6, -1.875, 0, 0.375, 0, -0.375, 0, 1.875, 6]], 'polyval');
    check(gp.sort((gp.roots(p) as gp.GpuArray).real), ['float64', [3], [1, 2, 3]], 'roots');
    check(gp.poly([1, 2, 3]) as gp.GpuArray, ['float64', [4], [1, -6, 11, -6]], 'poly');
    const der = gp.polyder(p);
    check(der, ['float64', [3], [3, -12, 11]], 'polyder');
    check(gp.polyint(p), ['float64', [5], [0.25, -2, 5.5, -6, 0]], 'polyint');
    check(gp.sort(gp.roots(der)), ['float64', [2], [1.42264973081, 2.57735026919]], 'critical points');
    check(gp.polyfit(xs, gp.polyval(p, xs).add(gp.cos(xs).multiply(0.01)), 3), ['float64', [4], [1.00116417669, -6.00552950918, 10.9993838743, -5.98984322282]], 'polyfit', 1e-7);
    const [q, rr] = gp.polydiv(p, f64([1, -1]));
    check(q, ['float64', [3], [1, -5, 6]], 'quotient');
    check(rr, ['float64', [1], [0]], 'remainder');
    check(gp.polymul([1, 2], [1, -2]), ['int64', [3], [1, 0, -4]], 'polymul');
    check(gp.polyadd([1, 2, 3], [1, 0]), ['int64', [3], [1, 3, 3]], 'polyadd');
    let x = 2.5;
    for (let i = 0; i < 6; i++) x -= Number(gp.polyval(p, x)) / Number(gp.polyval(der, x));
    checkValue(x, 1, 'Newton');
    check(gp.sortComplex(gp.roots([1, 0, 1])), ['complex128', [2], [[0, -1], [0, 1]]], 'complex roots');
    check(gp.vander(f64([1, 2, 3]), 3).matmul(f64([1, 0, -1])), ['float64', [3], [0, 3, 8]], 'vander');
  });

  it('ranking with ties: ordinal, dense, min, max and average ranks; lexsort; top-k by partition', () => {
    const s = f64([3, 1, 4, 1, 5, 9, 2, 6, 5, 3]);
    const order = gp.argsort(s, { kind: 'stable' });
    const ranks = gp.emptyLike(order);
    ranks.assign(gp.arange(10), order);
    check(ranks, ['int64', [10], [3, 0, 5, 1, 6, 9, 2, 8, 7, 4]], 'ordinal');
    check((gp.unique(s, { returnInverse: true }) as gp.GpuArray[])[1], ['int64', [10], [2, 0, 3, 0, 4, 6, 1, 5, 4, 2]], 'dense');
    const ss = gp.sort(s);
    const lo = gp.searchsorted(ss, s, { side: 'left' }), hi = gp.searchsorted(ss, s, { side: 'right' });
    check(lo, ['int64', [10], [3, 0, 5, 0, 6, 9, 2, 8, 6, 3]], 'min rank');
    check(hi, ['int64', [10], [5, 2, 6, 2, 8, 10, 3, 9, 8, 5]], 'max rank');
    check(lo.add(hi).add(1).divide(2), ['float64', [10], [4.5, 1.5, 6, 1.5, 7.5, 10, 3, 9, 7.5, 4.5]], 'average rank');
    check(gp.argsort(s.negative(), { kind: 'stable' }), ['int64', [10], [5, 7, 4, 8, 2, 0, 9, 6, 1, 3]], 'descending');
    check(gp.lexsort([gp.arange(10).slice('::-1'), s]), ['int64', [10], [3, 1, 6, 9, 0, 2, 8, 4, 7, 5]], 'lexsort');
    check(gp.sort(gp.partition(s, -3).slice('-3:')), ['float64', [3], [5, 6, 9]], 'top 3');
    check(hi.divide(10).multiply(100), ['float64', [10], [50, 20, 60, 20, 80, 100, 30, 90, 80, 50]], 'percentile rank');
    check(gp.flatnonzero(s.equal(s.max())), ['int64', [1], [5]], 'all argmax');
  });

  it('sparse-like scatter: fancy assignment, nonzero, put, ravelMultiIndex, place, putmask, where', () => {
    const dense = gp.zeros([4, 5]);
    const rows = gp.array([0, 1, 3, 3, 2]), cols = gp.array([1, 4, 0, 2, 2]), data = gp.array([1.5, -2.0, 3.0, 4.0, 0.5]);
    dense.assign(data, rows, cols);
    check(dense, ['float64', [4, 5], [[0, 1.5, 0, 0, 0], [0, 0, 0, 0, -2], [0, 0, 0.5, 0, 0], [3, 0, 4, 0, 0]]], 'scatter');
    const [r, c] = gp.nonzero(dense);
    check(r, ['int64', [5], [0, 1, 2, 3, 3]], 'rows');
    check(c, ['int64', [5], [1, 4, 2, 0, 2]], 'cols');
    check(dense.slice(r, c), ['float64', [5], [1.5, -2, 0.5, 3, 4]], 'values');
    const fl = gp.zeros(20);
    gp.put(fl, gp.ravelMultiIndex([rows, cols], [4, 5]), data);
    check(fl, ['float64', [20], [0, 1.5, 0, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0.5, 0, 0, 3, 0, 4, 0, 0]], 'put');
    check(gp.array(gp.unravelIndex(gp.flatnonzero(fl), [4, 5])), ['int64', [2, 5], [[0, 1, 2, 3, 3], [1, 4, 2, 0, 2]]], 'unravelIndex');
    const v = gp.arange(10, 'float64');
    gp.place(v, v.remainder(3).equal(0), [-1, -2]);
    check(v, ['float64', [10], [-1, 1, 2, -2, 4, 5, -1, 7, 8, -2]], 'place');
    check(gp.where(dense.greater(0), dense, dense.negative().multiply(10)), ['float64', [4, 5], [[0, 1.5, 0, 0, 0], [0, 0, 0, 0, 20], [0, 0, 0.5, 0, 0], [3, 0, 4, 0, 0]]], 'where');
    check(gp.where(dense.notEqual(0))[0], ['int64', [5], [0, 1, 2, 3, 3]], 'where(cond)');
    check(dense.matmul(gp.arange(5, 'float64')), ['float64', [4], [1.5, -8, 1, 8]], 'matvec');
    check(gp.concatenate([[0], gp.cumsum(gp.bincount(r, { minlength: 4 }))]), ['int64', [5], [0, 1, 2, 3, 5]], 'CSR row pointers');
    const m = gp.arange(12).reshape(3, 4);
    gp.putmask(m, m.remainder(2).equal(1), m.negative());
    check(m, ['int64', [3, 4], [[0, -1, 2, -3], [4, -5, 6, -7], [8, -9, 10, -11]]], 'putmask');
    check(gp.compress([true, false, true], m, { axis: 0 }), ['int64', [2, 4], [[0, -1, 2, -3], [8, -9, 10, -11]]], 'compress');
    check(gp.extract(m.less(0), m), ['int64', [6], [-1, -3, -5, -7, -9, -11]], 'extract');
    check(gp.countNonzero(dense, { axis: 0 }), ['int64', [5], [1, 1, 2, 0, 1]], 'countNonzero');
  });

  it('FFT filtering: rfft, a low-pass by mask, irfft, power spectrum, circular convolution, fft2', () => {
    const n = 32;
    const tp = gp.arange(n).divide(n).multiply(2 * Math.PI);
    const sig = gp.sin(tp.multiply(2)).add(gp.sin(tp.multiply(10)).multiply(0.5)).add(gp.cos(tp.multiply(13)).multiply(0.1));
    const S = gp.fft.rfft(sig);
    const freqs = gp.fft.rfftfreq(n, { d: 1 / n });
    check(gp.abs(S).slice(':12'), ['float64', [12], [1.05014995871e-15, 3.69174761399e-15, 16, 3.76237019352e-15, 3.49059452767e-15, 2.50061323648e-15, 5.11487190589e-15, 7.65679314173e-15, 5.54517133243e-15, 4.85309739563e-15, 8, 4.31835753703e-15]], 'magnitudes');
    check(freqs.slice(':6'), ['float64', [6], [0, 1, 2, 3, 4, 5]], 'rfftfreq');
    S.assign(0, freqs.greater(5));
    check(gp.fft.irfft(S, { n }).slice(':8'), ['float64', [8], [-1.39063058661e-16, 0.382683432365, 0.707106781187, 0.923879532511, 1, 0.923879532511, 0.707106781187, 0.382683432365]], 'low-passed');
    check(gp.argmax(gp.abs(gp.fft.rfft(sig)).slice('1:')).add(1), ['int64', [], 2], 'peak');
    const power = gp.abs(gp.fft.fft(sig)).power(2).divide(n);
    check(power.slice(':4'), ['float64', [4], [3.44629667433e-32, 4.1793854846e-31, 8, 4.41407739817e-31]], 'power');
    check(arr([gp.sum(sig.power(2)), power.sum()]), ['float64', [2], [20.16, 20.16]], 'Parseval');
    const k = gp.array([0.25, 0.5, 0.25]);
    check(gp.fft.irfft(gp.fft.rfft(sig).multiply(gp.fft.rfft(k, n)), n).slice(':5'), ['float64', [5], [-0.517706341765, 0.00842651938487, 0.503693552153, 0.574291638395, 0.831301188193]], 'circular convolution');
    check(gp.fft.fftshift(gp.fft.fftfreq(8)), ['float64', [8], [-0.5, -0.375, -0.25, -0.125, 0, 0.125, 0.25, 0.375]], 'fftshift');
    const f32 = gp.fft.rfft(sig.astype('float32'));
    expect(f32.dtype.name).to.equal('complex64');
    expect(Number(gp.abs(f32.slice(2)))).to.be.closeTo(16, 1e-4);
    const F2 = gp.fft.fft2(gp.outer(gp.sin(gp.arange(6)), gp.cos(gp.arange(8))));
    check(gp.abs(F2).slice(':2', ':3'), ['float64', [2, 3], [[0.260411677145, 0.689264557349, 0.189959797115], [4.45655472249, 11.7957276409, 3.25087661275]]], 'fft2');
    check(gp.fft.ifft2(F2).real.slice(1, ':3'), ['float64', [3], [0.841470984808, 0.454648713413, -0.350175488374]], 'ifft2');
  });

  it('dynamic programming: Kadane by minimum.accumulate, a knapsack, Levenshtein rows', () => {
    const a = gp.array([3, -1, 4, -8, 2, 5, -1, 6, -9, 2]);
    const cs = gp.concatenate([[0], gp.cumsum(a)]);
    const best = cs.slice('1:').subtract(gp.minimum.accumulate(cs.slice(':-1')));
    check(best.max(), ['int64', [], 12], 'max subarray');
    check(best, ['int64', [10], [3, 2, 6, -2, 2, 7, 6, 12, 3, 5]], 'best ending here');
    check(gp.maximum.accumulate(a), ['int64', [10], [3, 3, 4, 4, 4, 5, 5, 6, 6, 6]], 'running max');
    const w = [2, 3, 4, 5], val = [3, 4, 5, 6], cap = 8;
    const dp = gp.zeros(cap + 1, 'int64');
    for (let i = 0; i < 4; i++) dp.assign(gp.maximum(dp.slice(`${w[i]}:`), dp.slice(`:${cap + 1 - w[i]}`).add(val[i])), `${w[i]}:`);
    check(dp, ['int64', [9], [0, 0, 3, 4, 5, 7, 8, 9, 10]], 'knapsack');
    const A = gp.frombuffer(new TextEncoder().encode('kitten'), 'uint8'), B = gp.frombuffer(new TextEncoder().encode('sitting'), 'uint8');
    const D = gp.zeros([A.size + 1, B.size + 1], 'int64');
    D.assign(gp.arange(A.size + 1), ':', 0);
    D.assign(gp.arange(B.size + 1), 0, ':');
    const ar = gp.arange(B.size + 1);
    for (let i = 1; i <= A.size; i++) {
      const sub = D.slice(i - 1, ':-1').add(A.slice(i - 1).notEqual(B));
      D.assign(gp.minimum(sub, D.slice(i - 1, '1:').add(1)), i, '1:');
      D.assign(gp.minimum.accumulate(D.slice(i).subtract(ar)).add(ar), i);
    }
    check(D.slice(-1, -1), ['int64', [], 3], 'distance');
    check(D.slice(-1), ['int64', [8], [6, 6, 5, 4, 3, 3, 2, 3]], 'last row');
    check(gp.maximum.accumulate(gp.array([1, 3, 2, 5, 4, 7]).slice('::-1')).slice('::-1'), ['int64', [6], [7, 7, 7, 7, 7, 7]], 'suffix max');
    check(gp.minimum.accumulate(gp.array([5.0, 3.0, NaN, 1.0, 2.0])), ['float64', [5], [5, 3, NaN, NaN, NaN]], 'NaN propagates');
    check(gp.fmax.accumulate(gp.array([5.0, 3.0, NaN, 7.0, 2.0])), ['float64', [5], [5, 5, 5, 7, 7]], 'fmax skips NaN');
  });

  it('boolean masks and fancy indexing with assignment (swaps, ix_, augmented updates)', () => {
    const a = gp.arange(20, 'float64').reshape(4, 5).subtract(7);
    const m = a.greater(0);
    check(a.slice(m), ['float64', [12], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]], 'a[a > 0]');
    check(m.sum({ axis: 1 }), ['int64', [4], [0, 2, 5, 5]], 'counts');
    const b = a.copy();
    b.assign(0, b.less(0));
    check(b, ['float64', [4, 5], [[0, 0, 0, 0, 0], [0, 0, 0, 1, 2], [3, 4, 5, 6, 7], [8, 9, 10, 11, 12]]], 'b[b < 0] = 0');
    b.assign(-1, [0, 2], '1:3');
    check(b, ['float64', [4, 5], [[0, -1, -1, 0, 0], [0, 0, 0, 1, 2], [3, -1, -1, 6, 7], [8, 9, 10, 11, 12]]], 'b[[0, 2], 1:3] = -1');
    b.assign(b.slice(':', [0, 4]), ':', [4, 0]);
    check(b, ['float64', [4, 5], [[0, -1, -1, 0, 0], [2, 0, 0, 1, 0], [7, -1, -1, 6, 3], [12, 9, 10, 11, 8]]], 'column swap');
    check(a.slice(gp.any(a.greater(10), { axis: 1 })), ['float64', [1, 5], [[8, 9, 10, 11, 12]]], 'row mask');
    check(a.slice(...gp.ix_([1, 3], [0, 2, 4])), ['float64', [2, 3], [[-2, 0, 2], [8, 10, 12]]], 'ix_');
    const c = a.copy();
    const cm = c.remainder(2).equal(0);
    c.assign(c.slice(cm).multiply(10), cm);
    check(c, ['float64', [4, 5], [[-7, -60, -5, -40, -3], [-20, -1, 0, 1, 20], [3, 40, 5, 60, 7], [80, 9, 100, 11, 120]]], 'c[mask] *= 10');
    check(a.slice(gp.array([[0, 1], [3, 2]]), 0), ['float64', [2, 2], [[-7, -2], [8, 3]]], '2-D index');
    check(a.slice(gp.arange(4), gp.arange(4)), ['float64', [4], [-7, -1, 5, 11]], 'diagonal by index');
    const d = a.copy();
    d.assign(99, gp.arange(4), [4, 3, 2, 1]);
    check(d, ['float64', [4, 5], [[-7, -6, -5, -4, 99], [-2, -1, 0, 99, 2], [3, 4, 99, 6, 7], [8, 99, 10, 11, 12]]], 'anti-diagonal');
    check(a.slice(-1, [-1, -2]), ['float64', [2], [12, 11]], 'negative indices');
    check(a.slice(':', a.slice(0).greater(-5)), ['float64', [4, 2], [[-4, -3], [1, 2], [6, 7], [11, 12]]], 'column mask');
    const e = gp.zeros(5, 'int64');
    e.assign(e.slice([1, 1, 3]).add(1), [1, 1, 3]);
    check(e, ['int64', [5], [0, 1, 0, 1, 0]], 'e[[1, 1, 3]] += 1 (buffered)');
    const band = gp.where(gp.logicalAnd(a.greater(-3), a.less(3)), a, NaN);
    check(band, ['float64', [4, 5], [[NaN, NaN, NaN, NaN, NaN], [-2, -1, 0, 1, 2], [NaN, NaN, NaN, NaN, NaN], [NaN, NaN, NaN, NaN, NaN]]], 'band');
    check(gp.nanmean(band, { axis: 0 }), ['float64', [5], [-2, -1, 0, 1, 2]], 'nanmean');
    const f = a.ravel().copy();
    f.assign(0, f.argsort().slice(':3'));
    check(f, ['float64', [20], [0, 0, 0, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]], 'smallest three zeroed');
    check(arr([m.any(), m.all(), gp.logicalNot(m).any({ axis: 0 }).all()]), ['bool', [3], [true, false, true]], 'any/all');
  });

  it('structured reshaping: transpose, stack, concatenate, split, blocks, F order, windows', () => {
    const x = gp.arange(24);
    const t = x.reshape(2, 3, 4);
    check(t.transpose(2, 0, 1).slice(1), ['int64', [2, 3], [[1, 5, 9], [13, 17, 21]]], 'transpose');
    checkValue(gp.swapaxes(t, 0, 2).shape, [4, 3, 2], 'swapaxes');
    check(gp.stack([t.slice(0), t.slice(1)], { axis: -1 }).slice(0), ['int64', [4, 2], [[0, 12], [1, 13], [2, 14], [3, 15]]], 'stack');
    check(gp.concatenate([t, t.multiply(10)], { axis: 1 }).slice(1, ':', 0), ['int64', [6], [12, 16, 20, 120, 160, 200]], 'concatenate');
    check(arr(gp.split(x, [5, 12]).map((p) => p.sum())), ['int64', [3], [10, 56, 210]], 'split');
    checkValue(gp.arraySplit(x, 5).map((p) => p.shape[0]), [5, 5, 5, 5, 4], 'arraySplit');
    check(gp.hsplit(t.slice(0), 2)[1], ['int64', [3, 2], [[2, 3], [6, 7], [10, 11]]], 'hsplit');
    check(gp.vsplit(x.reshape(6, 4), 3)[2], ['int64', [2, 4], [[16, 17, 18, 19], [20, 21, 22, 23]]], 'vsplit');
    check(x.reshape(4, 6).reshape(2, 2, 3, 2).swapaxes(1, 2).reshape(-1, 2, 2).slice(1), ['int64', [2, 2], [[2, 3], [8, 9]]], 'blocks');
    check(x.reshape([4, 6], { order: 'F' }).slice(1), ['int64', [6], [1, 5, 9, 13, 17, 21]], 'reshape F');
    check(t.ravel('F').slice(':8'), ['int64', [8], [0, 12, 4, 16, 8, 20, 1, 13]], 'ravel F');
    check(gp.moveaxis(t, 0, -1).slice(2, 3), ['int64', [2], [11, 23]], 'moveaxis');
    checkValue(gp.dstack([t.slice(0), t.slice(1)]).shape, [3, 4, 2], 'dstack');
    check(gp.columnStack([gp.arange(3), gp.arange(3).multiply(2)]), ['int64', [3, 2], [[0, 0], [1, 2], [2, 4]]], 'columnStack');
    check(gp.block([[gp.eye(2), gp.zeros([2, 1])], [gp.ones([1, 2]), gp.full([1, 1], 5)]]), ['float64', [3, 3], [[1, 0, 0], [0, 1, 0], [1, 1, 5]]], 'block');
    check(gp.tile(gp.array([1, 2]), [2, 3]), ['int64', [2, 6], [[1, 2, 1, 2, 1, 2], [1, 2, 1, 2, 1, 2]]], 'tile');
    check(gp.repeat(gp.array([[1, 2], [3, 4]]), [1, 2], { axis: 0 }), ['int64', [3, 2], [[1, 2], [3, 4], [3, 4]]], 'repeat');
    check(gp.flip(t, { axis: [0, 2] }).slice(0, 0), ['int64', [4], [15, 14, 13, 12]], 'flip');
    check(gp.rot90(t.slice(0), 1), ['int64', [4, 3], [[3, 7, 11], [2, 6, 10], [1, 5, 9], [0, 4, 8]]], 'rot90');
    checkValue((gp.atleast2d(gp.arange(3)) as gp.GpuArray).shape, [1, 3], 'atleast2d');
    checkValue(gp.squeeze(t.slice(':', ':1', ':')).shape, [2, 4], 'squeeze');
    checkValue(gp.expandDims(t, [0, 3]).shape, [1, 2, 3, 1, 4], 'expandDims');
    check(gp.lib.strideTricks.slidingWindowView(gp.arange(8), 3).sum({ axis: 1 }), ['int64', [6], [3, 6, 9, 12, 15, 18]], 'sliding windows');
  });

  it('k-means with a fixed start, then PCA by svd and eigvalsh, digitize and histogram2d', () => {
    const r8 = gp.arange(8);
    const pts = gp.stack([
      gp.concatenate([gp.sin(r8).multiply(0.3), gp.cos(r8).multiply(0.3).add(3)]),
      gp.concatenate([gp.cos(r8).multiply(0.3), gp.sin(r8.multiply(2)).multiply(0.3).add(2)]),
    ], { axis: 1 });
    let cent = pts.slice([0, 1]).copy();
    let lab = gp.zeros(16, 'int64');
    for (let i = 0; i < 4; i++) {
      const dist = gp.linalg.norm(pts.slice(':', null, ':').subtract(cent.slice(null)), { axis: 2 });
      lab = dist.argmin({ axis: 1 });
      cent = arr([0, 1].map((k) => pts.slice(lab.equal(k)).mean({ axis: 0 })));
    }
    check(lab, ['int64', [16], [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]], 'labels');
    check(cent, ['float64', [2, 2], [[0.0207649781341, 0.0554345279368], [3.05543452794, 2.02896691275]]], 'centroids');
    check(pts.subtract(cent.slice(lab)).power(2).sum(), ['float64', [], 1.42250628274], 'inertia');
    check(gp.bincount(lab), ['int64', [2], [8, 8]], 'sizes');
    check(gp.cov(pts.slice(lab.equal(0)).T), ['float64', [2, 2], [[0.0452375072166, 0.00365021731711], [0.00365021731711, 0.0536148685497]]], 'cov');
    const z = pts.subtract(pts.mean(0)).divide(pts.std(0));
    check(z.slice(':3'), ['float64', [3, 2], [[-1.00429639035, -0.735116628929], [-0.839465805544, -0.87170963267], [-0.826179700253, -1.15590566619]]], 'standardised');
    const sv = (gp.linalg.svd(z, { fullMatrices: false }) as gp.GpuArray[])[1];
    check(sv, ['float64', [2], [5.6152321488, 0.684958330893]], 'singular values');
    check(sv.power(2).divide(z.shape[0] - 1), ['float64', [2], [2.10205547233, 0.031277861004]], 'explained variance');
    check(gp.linalg.eigvalsh(gp.cov(z.T)), ['float64', [2], [0.031277861004, 2.10205547233]], 'eigvalsh');
    check(gp.digitize(pts.slice(':', 0), [0.0, 1.0, 2.5]), ['int64', [16], [1, 1, 1, 1, 0, 0, 0, 1, 3, 3, 3, 3, 3, 3, 3, 3]], 'digitize');
    check(gp.histogram2d(pts.slice(':', 0), pts.slice(':', 1), { bins: 2 })[0], ['float64', [2, 2], [[8, 0], [0, 8]]], 'histogram2d');
  });

  it('run-length encoding, a Markov chain (eig, matrixPower), PageRank, norms and batched solves', () => {
    const x = gp.array([1, 1, 2, 2, 2, 3, 1, 1, 1, 1, 5]);
    const starts = gp.flatnonzero(gp.diff(x).notEqual(0)).add(1);
    check(starts, ['int64', [4], [2, 5, 6, 10]], 'run starts');
    check(arr(gp.split(x, starts).map((r) => r.slice(0))), ['int64', [5], [1, 2, 3, 1, 5]], 'run values');
    const bnd = gp.concatenate([[0], starts, [x.size]]);
    check(gp.diff(bnd), ['int64', [5], [2, 3, 1, 4, 1]], 'run lengths');
    check(gp.repeat(x.slice(bnd.slice(':-1')), gp.diff(bnd)), ['int64', [11], [1, 1, 2, 2, 2, 3, 1, 1, 1, 1, 5]], 'decoded');
    check(gp.append(x, [7, 8]), ['int64', [13], [1, 1, 2, 2, 2, 3, 1, 1, 1, 1, 5, 7, 8]], 'append');
    check(gp.append(gp.ones([2, 2]), [[5, 6]], { axis: 0 }), ['float64', [3, 2], [[1, 1], [1, 1], [5, 6]]], 'append rows');
    const P = gp.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]]);
    const [w, v] = gp.linalg.eig(P.T);
    const i = Number(gp.argmin(gp.abs(w.subtract(1))));
    let st = gp.real(v.slice(':', i));
    st = st.divide(st.sum());
    check(st, ['float64', [3], [0.625, 0.3125, 0.0625]], 'stationary distribution');
    check(gp.sort(w.real), ['float64', [3], [0.458578643763, 0.741421356237, 1]], 'eigenvalues');
    check(gp.linalg.matrixPower(P, 8).slice(0), ['float64', [3], [0.65828326, 0.28213131, 0.05958543]], 'P^8');
    check(gp.linalg.matrixPower(P, 0), ['float64', [3, 3], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]], 'P^0');
    check(gp.linalg.det(P), ['float64', [], 0.34], 'det');
    check(arr(gp.linalg.slogdet(P)), ['float64', [2], [1, -1.07880966137]], 'slogdet');
    const adj = f64([[0, 1, 1, 0], [1, 0, 1, 0], [0, 0, 0, 1], [1, 0, 1, 0]]);
    const M = adj.divide(adj.sum({ axis: 1, keepdims: true })).T;
    let r = gp.full(4, 0.25);
    for (let k = 0; k < 20; k++) r = M.matmul(r).multiply(0.85).add(0.15 / 4);
    check(r, ['float64', [4], [0.227762334127, 0.134299066625, 0.324561400753, 0.313377198495]], 'PageRank');
    check(gp.linalg.matrixRank(P), ['int64', [], 3], 'matrixRank');
    const nrm = gp.linalg.norm;
    check(arr([nrm(P, 1), nrm(P, Infinity), nrm(P, 'fro'), nrm(P, 2), nrm(P, 'nuc')]), ['float64', [5], [1.3, 1, 1.36244265934, 1.06087490605, 2.23210281441]], 'norms');
    check(gp.kron(gp.eye(2), gp.array([[1, 2], [3, 4]])), ['float64', [4, 4], [[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 1, 2], [0, 0, 3, 4]]], 'kron');
    check(gp.linalg.cond(P), ['float64', [], 2.43448921862], 'cond', 1e-7);
    check(gp.linalg.inv(gp.stack([P, P.T])).slice(1, 0), ['float64', [3], [1.13970588235, -0.183823529412, -0.477941176471]], 'batched inv');
    check(gp.linalg.solve(gp.stack([P, P.multiply(2)]), f64([[1, 0, 0], [0, 1, 0]]).slice('...', null)).slice('...', 0), ['float64', [2, 3], [[1.13970588235, -0.183823529412, -0.477941176471], [-0.0459558823529, 0.652573529412, -0.303308823529]]], 'batched solve');
  });

  it('windows, tiered pricing, set filters, inverse-cdf sampling, along-axis and reduce forms', () => {
    const img = gp.arange(36).reshape(6, 6).remainder(7).astype('float64');
    const win = gp.lib.strideTricks.slidingWindowView(img, [3, 3]);
    const k = f64([[0, -1, 0], [-1, 4, -1], [0, -1, 0]]);
    check(gp.einsum('ijkl,kl->ij', win, k), ['float64', [4, 4], [[-14, 0, 0, 0], [14, -14, 0, 0], [0, 14, -14, 0], [0, 0, 14, -14]]], 'Laplacian');
    check(win.max({ axis: [2, 3] }), ['float64', [4, 4], [[6, 6, 4, 5], [6, 6, 6, 4], [6, 6, 6, 6], [6, 6, 6, 6]]], 'max filter');
    check(gp.median(win, { axis: [-2, -1] }), ['float64', [4, 4], [[1, 1, 2, 3], [5, 1, 1, 2], [5, 5, 1, 1], [4, 5, 5, 1]]], 'median filter');
    const usage = f64([50, 150, 250, 400, 0]);
    check(gp.select([usage.lessEqual(100), usage.lessEqual(300)], [usage.multiply(0.1), usage.subtract(100).multiply(0.2).add(10)], usage.subtract(300).multiply(0.3).add(50)), ['float64', [5], [5, 20, 40, 80, 0]], 'select');
    check(gp.piecewise(usage, [usage.less(100), usage.greaterEqual(100)], [(u: gp.GpuArray) => u.multiply(0.1), (u: gp.GpuArray) => u.subtract(100).multiply(0.2).add(10)]), ['float64', [5], [5, 20, 40, 70, 0]], 'piecewise');
    const ids = gp.array([5, 3, 9, 3, 7, 1]), bad = gp.array([3, 7]);
    check(ids.slice(gp.logicalNot(gp.isin(ids, bad))), ['int64', [3], [5, 9, 1]], 'isin filter');
    check(gp.setdiff1d(ids, bad), ['int64', [3], [1, 5, 9]], 'setdiff1d');
    const [ic, ia, ib] = gp.intersect1d(ids, [1, 9, 4], { returnIndices: true });
    check(ic, ['int64', [2], [1, 9]], 'intersect1d');
    check(ia, ['int64', [2], [5, 2]], 'indices 1');
    check(ib, ['int64', [2], [0, 1]], 'indices 2');
    check(gp.union1d(ids, [0, 10]), ['int64', [7], [0, 1, 3, 5, 7, 9, 10]], 'union1d');
    check(gp.setxor1d(ids, [1, 2]), ['int64', [5], [2, 3, 5, 7, 9]], 'setxor1d');
    const cdf = gp.cumsum(gp.array([0.1, 0.5, 0.2, 0.2]));
    const u = gp.arange(10).add(0.5).divide(10);
    check(gp.searchsorted(cdf, u), ['int64', [10], [0, 1, 1, 1, 1, 1, 2, 2, 3, 3]], 'inverse cdf');
    check(gp.bincount(gp.searchsorted(cdf, u), { minlength: 4 }), ['int64', [4], [1, 5, 2, 2]], 'draw counts');
    const sc = f64([[3, 1, 2], [9, 7, 8]]);
    const o = gp.argsort(sc, { axis: 1 });
    check(gp.takeAlongAxis(sc, o.slice(':', '-1:'), { axis: 1 }), ['float64', [2, 1], [[3], [9]]], 'takeAlongAxis');
    const zz = gp.zerosLike(sc);
    gp.putAlongAxis(zz, o.slice(':', ':1'), 1, { axis: 1 });
    check(zz, ['float64', [2, 3], [[0, 1, 0], [0, 1, 0]]], 'putAlongAxis');
    check(gp.logicalAnd.reduce([sc.greater(0), sc.less(9), sc.notEqual(2)]), ['bool', [2, 3], [[true, true, false], [false, true, true]]], 'logical_and.reduce');
    check(gp.maximum.reduce([sc.slice(0), sc.slice(1).subtract(6)]), ['float64', [3], [3, 1, 2]], 'maximum.reduce');
    check(gp.subtract.outer(gp.arange(3), gp.arange(2)), ['int64', [3, 2], [[0, -1], [1, 0], [2, 1]]], 'subtract.outer');
    check(gp.applyAlongAxis((row: gp.GpuArray) => row.max().subtract(row.min()), 1, sc), ['float64', [2], [2, 2]], 'applyAlongAxis');
    check(gp.stack([gp.arange(3), gp.arange(3).multiply(10)], { axis: 1 }).reshape(-1), ['int64', [6], [0, 0, 1, 10, 2, 20]], 'interleave');
  });

  it('N-body accelerations, word counts, an HWC uint8 image normalised per channel', () => {
    const r5 = gp.arange(5);
    const pos = gp.stack([gp.cos(r5.multiply(1.3)), gp.sin(r5.multiply(0.7)), r5.multiply(0.1)], { axis: 1 });
    const mass = gp.linspace(1, 2, 5);
    const d = pos.slice(null, ':', ':').subtract(pos.slice(':', null, ':'));
    const r = gp.linalg.norm(d, { axis: -1, keepdims: true });
    gp.fillDiagonal(r.slice('...', 0), Infinity);
    check(mass.slice(null, ':', null).multiply(d).divide(r.power(3)).sum({ axis: 1 }), ['float64', [5, 3], [[-4.2453752524, 2.83555431298, 2.17138951689], [1.92957582172, -5.78238847413, 5.88289190479], [28.3932711127, -25.5293870042, 20.2879020713], [-20.3374402218, 20.4009208425, -17.545124769], [-2.58299040284, 3.49245015573, -4.62644457953]]], 'accelerations');
    const [i0, i1] = gp.triuIndices(5, 1);
    check(mass.slice(i0).multiply(mass.slice(i1)).divide(r.slice('...', 0).slice(i0, i1)).sum().negative(), ['float64', [], -32.0051051033], 'potential');
    check(gp.einsum('ijk,ijk->ij', d, d).slice(1), ['float64', [5], [0.961574394616, 0, 1.39068674154, 1.07486277132, 0.226031079678]], 'squared distances');
    check(pos.multiply(mass.slice(':', null)).sum(0).divide(mass.sum()), ['float64', [3], [-0.0379077045363, 0.595205252797, 0.233333333333]], 'centre of mass');
    const codes = gp.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]);
    const [w, c] = gp.unique(codes, { returnCounts: true }) as gp.GpuArray[];
    const top = gp.argsort(c.negative(), { kind: 'stable' }).slice(':3');
    check(w.slice(top), ['int64', [3], [3, 5, 9]], 'top words');
    check(c.slice(top), ['int64', [3], [4, 3, 3]], 'top counts');
    check(gp.round(c.divide(c.sum()), 3), ['float64', [9], [0.1, 0.1, 0.2, 0.1, 0.15, 0.05, 0.05, 0.1, 0.15]], 'frequencies');
    const img = gp.arange(60).reshape(4, 5, 3).multiply(29).remainder(256).astype('uint8');
    const mean = img.mean({ axis: [0, 1] }), std = img.std({ axis: [0, 1] });
    check(mean, ['float64', [3], [96.9, 125.9, 142.1]], 'channel means');
    check(std, ['float64', [3], [69.6928260297, 69.6928260297, 73.1866791158]], 'channel stds');
    const norm = img.subtract(mean).divide(std);
    check(norm.slice(0, 0), ['float64', [3], [-1.39038700997, -1.39038700997, -1.14911621918]], 'normalised');
    check(gp.clip(gp.round(norm.multiply(50).add(128)), 0, 255).astype('uint8').slice(2), ['uint8', [5, 3], [[132, 132, 140], [194, 194, 200], [73, 73, 84], [135, 135, 144], [198, 198, 203]]], 'back to uint8');
    check(img.transpose(2, 0, 1).slice(1), ['uint8', [4, 5], [[29, 116, 203, 34, 121], [208, 39, 126, 213, 44], [131, 218, 49, 136, 223], [54, 141, 228, 59, 146]]], 'HWC to CHW');
    check(gp.flip(img, 1).slice(0, ':', 0), ['uint8', [5], [92, 5, 174, 87, 0]], 'flip');
    check(gp.rot90(img, -1, [0, 1]).slice(0, ':', 2), ['uint8', [4], [83, 160, 237, 58]], 'rot90');
    check(img.matmul(gp.array([0.299, 0.587, 0.114])).slice(0), ['float64', [5], [23.635, 110.635, 197.635, 28.635, 115.635]], 'grey float64');
    check(img.matmul(gp.array([0.299, 0.587, 0.114], 'float32')).slice(1), ['float32', [5], [202.635009766, 33.6349983215, 120.634994507, 207.634994507, 38.6350021362]], 'grey float32', 1e-6);
    check(gp.stack([0, 1, 2].map((k) => gp.histogram(img.slice('...', k), { bins: 4, range: [0, 256] })[0])), ['int64', [3, 4], [[7, 7, 4, 2], [7, 3, 4, 6], [3, 5, 7, 5]]], 'histograms');
    check(img.max({ axis: [0, 1] }), ['uint8', [3], [199, 228, 252]], 'channel max');
    check(gp.array(gp.unravelIndex(img.slice('...', 0).argmax(), img.shape.slice(0, 2))), ['int64', [2], [3, 2]], 'unravelIndex');
    check(img.sum({ axis: 2 }).slice(0), ['uint64', [5], [87, 348, 609, 102, 363]], 'uint8 sum is uint64');
    check(img.slice('1:').subtract(img.slice(':-1')).slice(0, 0), ['uint8', [3], [179, 179, 179]], 'uint8 difference wraps');
    check(img.slice('1:').astype('int16').subtract(img.slice(':-1')).slice(0, 0), ['int16', [3], [179, 179, 179]], 'int16 difference');
  });

  it('float32 gradient descent, rule 30 by shifts and packbits, a sieve by strided assignment', () => {
    const X0 = gp.stack([gp.linspace(0, 1, 8, { dtype: 'float32' }), gp.ones(8, 'float32')], 1);
    const y = X0.slice(':', 0).multiply(3).add(0.5).astype('float32');
    let w = gp.zeros(2, 'float32');
    for (let i = 0; i < 50; i++) w = w.subtract(X0.T.matmul(X0.matmul(w).subtract(y)).multiply(0.5).divide(8));
    check(w, ['float32', [2], [2.7552216053, 0.633637011051]], 'weights stay float32', 1e-5);
    check(X0.matmul(w).subtract(y).power(2).mean(), ['float32', [], 0.00654613645747], 'loss', 1e-4);
    let cells = gp.zeros(15, 'uint8');
    cells.assign(1, 7);
    const rows = [cells];
    for (let i = 0; i < 6; i++) {
      const l = gp.roll(cells, 1), rr = gp.roll(cells, -1);
      const rule = gp.bitwiseOr(gp.bitwiseOr(gp.leftShift(l, 2), gp.leftShift(cells, 1)), rr);
      cells = gp.bitwiseAnd(gp.rightShift(30, rule), 1).astype('uint8');
      rows.push(cells);
    }
    check(gp.array(rows), ['uint8', [7, 15], [[0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], [0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0], [0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0]]], 'rule 30');
    check(gp.packbits(gp.array(rows), { axis: 1 }), ['uint8', [7, 2], [[1, 0], [3, 128], [6, 64], [13, 224], [25, 16], [55, 184], [100, 36]]], 'packbits');
    check(gp.unpackbits(gp.array([200, 7], 'uint8')), ['uint8', [16], [1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]], 'unpackbits');
    const N = 50;
    const isp = gp.ones(N + 1, 'bool');
    isp.assign(false, ':2');
    for (let i = 2; i <= Math.floor(Math.sqrt(N)); i++) if (isp.item(i)) isp.assign(false, `${i * i}::${i}`);
    check(gp.flatnonzero(isp), ['int64', [15], [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]], 'primes');
    check(gp.diff(gp.flatnonzero(isp)).max(), ['int64', [], 6], 'largest gap');
    check(gp.flatnonzero(gp.logicalAnd(isp.slice(':-2'), isp.slice('2:'))), ['int64', [6], [3, 5, 11, 17, 29, 41]], 'twin primes');
  });

  it('complex signals and matrices: fft, angle/unwrap, conj products, complex linalg and sorting', () => {
    const C = (re: number, im: number) => ({ re, im });
    const t = gp.arange(16).divide(16);
    const z = gp.exp(gp.multiply(C(0, 2 * Math.PI * 3), t)).add(gp.exp(gp.multiply(C(0, -2 * Math.PI * 5), t)).multiply(0.5));
    const z64 = z.astype('complex64');
    const M = gp.array([[C(1, 1), 2], [C(0, 0.5), C(3, -1)]]);
    check(gp.fft.fft(z).slice([3, 11]), ['complex128', [2], [[16, -5.16989605636e-15], [8, 6.13476964616e-15]]], 'fft peaks');
    check(gp.unwrap(gp.angle(z)).slice(':6'), ['float64', [6], [0, 1.1780972451, 2.35619449019, 3.53429173529, 4.71238898038, 5.89048622548]], 'unwrap');
    check(gp.angle(z.slice(':4'), { deg: true }), ['float64', [4], [0, 67.5, 135, -157.5]], 'angle deg');
    check(M.matmul(M.conj().T), ['complex128', [2, 2], [[[6, 0], [6.5, 1.5]], [[6.5, -1.5], [10.25, 0]]]], 'M M^H');
    check(gp.vdot(M, M), ['complex128', [], [16.25, 0]], 'vdot');
    check(gp.abs(z64.slice(':3')), ['float32', [3], [1.5, 0.5, 1.49999988079]], 'abs complex64', 1e-6);
    check(z.sum(), ['complex128', [], [-2.76697577847e-15, 6.66133814775e-16]], 'sum');
    check(z.std(), ['float64', [], 1.11803398875], 'std');
    check(gp.sort(z.slice(':5')), ['complex128', [5], [[-1.06066017178, 1.06066017178], [-0.461939766256, -0.191341716183], [-3.06161699787e-17, -1.5], [0.191341716183, 0.461939766256], [1.5, 0]]], 'sort');
    check(gp.argsort(z.slice(':6')), ['int64', [6], [2, 3, 4, 1, 5, 0]], 'argsort');
    check(gp.linalg.inv(M), ['complex128', [2, 2], [[[0.647058823529, -0.411764705882], [-0.470588235294, 0.117647058824]], [[-0.0294117647059, -0.117647058824], [0.294117647059, 0.176470588235]]]], 'inv');
    check(gp.linalg.det(M), ['complex128', [], [4, 1]], 'det');
    check(gp.linalg.solve(M, gp.array([C(1, 0), C(0, 1)])), ['complex128', [2], [[0.529411764706, -0.882352941176], [-0.205882352941, 0.176470588235]]], 'solve');
    check(gp.sortComplex(gp.linalg.eigvals(M)), ['complex128', [2], [[1.29289321881, 0.707106781187], [2.70710678119, -0.707106781187]]], 'eigvals');
    check(gp.linalg.svd(M, { computeUv: false }) as gp.GpuArray, ['float64', [2], [3.88923077002, 1.06013396207]], 'singular values');
    check(gp.linalg.eigvalsh(M.matmul(M.conj().T)), ['float64', [2], [1.12388401753, 15.1261159825]], 'eigvalsh');
    check(gp.log(M), ['complex128', [2, 2], [[[0.34657359028, 0.785398163397], [0.69314718056, 0]], [[-0.69314718056, 1.57079632679], [1.1512925465, -0.321750554397]]]], 'log');
    check(gp.unique(gp.array([C(1, 1), C(1, -1), C(1, 1), 0])) as gp.GpuArray, ['complex128', [3], [[0, 0], [1, -1], [1, 1]]], 'unique');
    check(gp.polyval([1, 0, 1], gp.array([C(0, 1), 2])), ['complex128', [2], [[0, 0], [5, 0]]], 'polyval');
    check(gp.sortComplex(gp.roots([1, 2, 5]) as gp.GpuArray), ['complex128', [2], [[-1, -2], [-1, 2]]], 'roots');
    check(gp.correlate(z.slice(':3'), gp.array([1, C(0, 1)])), ['complex128', [2], [[1.96193976626, -0.191341716183], [1.25200188796, 1.52259993804]]], 'correlate conjugates');
    check(gp.fft.hfft(z.slice(':5')), ['float64', [8], [-1.16251644371, 4.92788330844, 4.92788330844, -1.16251644371, -0.0801242434134, 2.31475737868, 2.31475737868, -0.0801242434134]], 'hfft');
    check(gp.cov(gp.stack([z.slice(':5'), z.slice('5:10')])), ['complex128', [2, 2], [[[1.80965262123, 0], [0.876509635284, 0.363062178485]], [[0.876509635284, -0.363062178485], [1.26823126499, 0]]]], 'cov');
    check(gp.sign(gp.array([C(3, 4), C(0, -2), 0])), ['complex128', [3], [[0.6, 0.8], [0, -1], [0, 0]]], 'sign');
  });

  it('in-place updates whose output overlaps an input behave as if the input were copied first', () => {
    const A = () => gp.arange(8, 'float64'), M = () => gp.arange(9, 'float64').reshape(3, 3);
    const W = (a: gp.GpuArray, f: (a: gp.GpuArray) => unknown) => { f(a); return a; };
    check(W(A(), (a) => gp.add(a.slice('1:'), a.slice(':-1'), { out: a.slice('1:') })), ['float64', [8], [0, 1, 3, 5, 7, 9, 11, 13]], 'np.add(a[1:], a[:-1], out=a[1:])');
    check(W(A(), (a) => a.assign(a.slice('1:').add(a.slice(':-1')), '1:')), ['float64', [8], [0, 1, 3, 5, 7, 9, 11, 13]], 'a[1:] = a[1:] + a[:-1]');
    check(W(A(), (a) => a.assign(a.slice('::-1'), ':')), ['float64', [8], [7, 6, 5, 4, 3, 2, 1, 0]], 'a[:] = a[::-1]');
    check(W(A(), (a) => gp.negative(a, { out: a.slice('::-1') })), ['float64', [8], [-7, -6, -5, -4, -3, -2, -1, 0]], 'negative into the reversed view');
    check(W(A(), (a) => gp.cumsum(a, { out: a.slice('::-1') })), ['float64', [8], [28, 21, 15, 10, 6, 3, 1, 0]], 'cumsum into the reversed view');
    check(W(M(), (a) => gp.matmul(a, a, { out: a })), ['float64', [3, 3], [[15, 18, 21], [42, 54, 66], [69, 90, 111]]], 'matmul(a, a, out=a)');
    check(W(M(), (a) => gp.add(a, a.T, { out: a })), ['float64', [3, 3], [[0, 4, 8], [4, 8, 12], [8, 12, 16]]], 'a + a.T into a');
    check(W(M(), (a) => a.assign(a.T, ':')), ['float64', [3, 3], [[0, 3, 6], [1, 4, 7], [2, 5, 8]]], 'a[:] = a.T');
    check(W(A(), (a) => a.assign(a.slice(':-2'), '2:')), ['float64', [8], [0, 1, 0, 1, 2, 3, 4, 5]], 'a[2:] = a[:-2]');
    check(W(A(), (a) => a.assign(a.slice([2, 0, 1]), [0, 1, 2])), ['float64', [8], [2, 0, 1, 3, 4, 5, 6, 7]], 'a[[0, 1, 2]] = a[[2, 0, 1]]');
    check(W(A(), (a) => gp.take(a, [3, 2, 1, 0], { out: a.slice(':4') })), ['float64', [8], [3, 2, 1, 0, 4, 5, 6, 7]], 'take into itself');
    check(W(gp.array([3, 1, 4, 1, 5, 9, 2, 6], 'float64'), (a) => gp.maximum.accumulate(a, { out: a.slice('::-1') })), ['float64', [8], [9, 9, 9, 5, 4, 4, 3, 3]], 'accumulate into the reversed view');
    check(W(M(), (a) => gp.sum(a, { axis: 0, out: a.slice(0) })), ['float64', [3, 3], [[9, 12, 15], [3, 4, 5], [6, 7, 8]]], 'sum into its first row');
    check(W(A(), (a) => gp.multiply(a, 2, { out: a.slice('::-1'), where: a.greater(3) })), ['float64', [8], [14, 12, 10, 8, 4, 5, 6, 7]], 'where= into the reversed view');
    check(W(A(), (a) => gp.clip(a.slice('::-1'), 2, 5, { out: a })), ['float64', [8], [5, 5, 5, 4, 3, 2, 2, 2]], 'clip of the reversed view into a');
    check(W(A(), (a) => gp.subtract(a.slice('1:'), a.slice(':-1'), { out: a.slice(':-1') })), ['float64', [8], [1, 1, 1, 1, 1, 1, 1, 7]], 'diff in place');
    check(W(M(), (a) => gp.dot(a, a, { out: a })), ['float64', [3, 3], [[15, 18, 21], [42, 54, 66], [69, 90, 111]]], 'dot(a, a, out=a)');
    // 0x5f3759df: the fast inverse square root through int32 views of float32 bits
    const x32 = gp.array([0.25, 1.0, 4.0, 10.0], 'float32');
    const y = gp.subtract(gp.int32(0x5f3759df), gp.rightShift(x32.view('int32'), 1)).view('float32');
    check(y.multiply(gp.subtract(gp.float32(1.5), gp.multiply(gp.float32(0.5), x32).multiply(y).multiply(y))), ['float32', [4], [1.99661433697, 0.998307168484, 0.499153584242, 0.315685778856]], 'fast inverse sqrt', 1e-6);
  });

  it('statistics with NaN rows: nan-reductions, weighted cov, corrcoef by column, a t statistic, cdfs', () => {
    const r10 = gp.arange(10);
    const X0 = gp.stack([gp.sin(r10), gp.cos(r10.multiply(0.5)), r10.multiply(0.1)], { axis: 1 });
    X0.assign(NaN, 3, 1);
    const Xf = gp.nanToNum(X0);
    check(gp.corrcoef(Xf, { rowvar: false }), ['float64', [3, 3], [[1, 0.335329950629, 0.0534535063704], [0.335329950629, 1, -0.800291012485], [0.0534535063704, -0.800291012485, 1]]], 'corrcoef rowvar=False');
    check(gp.cov(Xf.T, { aweights: gp.arange(1, 11) }), ['float64', [3, 3], [[0.507267373023, 0.0998132109482, 0.0577703069179], [0.0998132109482, 0.312588032868, -0.078900491432], [0.0577703069179, -0.078900491432, 0.06875]]], 'cov aweights');
    check(gp.cov(Xf.T, { fweights: gp.arange(1, 11).remainder(3).add(1) }), ['float64', [3, 3], [[0.405744023201, 0.14819060551, 0.00495535420054], [0.14819060551, 0.552378996853, -0.178585317848], [0.00495535420054, -0.178585317848, 0.0866052631579]]], 'cov fweights');
    check(gp.cov(Xf, { rowvar: false, bias: true }), ['float64', [3, 3], [[0.43231872525, 0.155168781207, 0.0100949738061], [0.155168781207, 0.495290457901, -0.161772573544], [0.0100949738061, -0.161772573544, 0.0825]]], 'cov bias');
    check(gp.nanpercentile(X0, [25, 75], { axis: 0 }), ['float64', [2, 3], [[-0.209561623649, -0.801143615547, 0.225], [0.795349888286, 0.540302305868, 0.675]]], 'nanpercentile');
    check(gp.nanmedian(X0, { axis: 0 }), ['float64', [3], [0.276619246651, -0.416146836547, 0.45]], 'nanmedian');
    check(gp.nanstd(X0, { axis: 0, ddof: 1 }), ['float64', [3], [0.693075853833, 0.784602143078, 0.30276503541]], 'nanstd');
    check(gp.nanvar(X0), ['float64', [], 0.411902156364], 'nanvar');
    check(gp.nansum(X0, { axis: 1 }), ['float64', [10], [1, 1.8190535467, 1.64959973269, 0.44112000806, -0.772949331855, -1.26006789021, -0.669407994799, 0.420529911428, 1.13571462576, 1.10132268581]], 'nansum');
    check(gp.nancumsum(X0.slice(':', 1)), ['float64', [10], [1, 1.87758256189, 2.41788486776, 2.41788486776, 2.00173803121, 1.20059441566, 0.210601919064, -0.725854768227, -1.37949838909, -1.59029418852]], 'nancumsum');
    check(gp.nanargmin(X0, { axis: 0 }), ['int64', [3], [5, 6, 0]], 'nanargmin');
    check(gp.nanquantile(X0.slice(':', 1), 0.3, { method: 'nearest' }), ['float64', [], -0.801143615547], 'nanquantile nearest');
    check(X0.subtract(gp.nanmean(X0, 0)).divide(gp.nanstd(X0, 0)).slice(':3'), ['float64', [3, 3], [[-0.29736597286, 1.59071467017, -1.5666989036], [0.982419340788, 1.42522531728, -1.21854359169], [1.0855759391, 0.969274823843, -0.870388279778]]], 'z-scores');
    const a = X0.slice(':', 0), b = X0.slice(':', 2);
    check(a.mean().subtract(b.mean()).divide(gp.sqrt(a.var({ ddof: 1 }).divide(10).add(b.var({ ddof: 1 }).divide(10)))), ['float64', [], -1.06401101796], 'Welch t');
    const [h, e] = gp.histogram(a, { bins: 4, density: true });
    check(gp.cumsum(h.multiply(gp.diff(e))), ['float64', [4], [0.2, 0.4, 0.6, 1]], 'cdf from a density histogram');
    check(X0.slice(gp.isfinite(X0).all({ axis: 1 })).mean({ axis: 0 }), ['float64', [3], [0.201565497116, -0.17669935428, 0.466666666667]], 'complete rows');
    check(gp.flatnonzero(gp.isnan(X0).any({ axis: 1 })), ['int64', [1], [3]], 'rows with NaN');
    check(gp.corrcoef(gp.argsort(gp.argsort(a)), gp.argsort(gp.argsort(b))).slice(0, 1), ['float64', [], 0.0909090909091], 'Spearman');
    const [v, c] = gp.unique(gp.round(a, 1), { returnCounts: true }) as gp.GpuArray[];
    check(v.slice(c.argmax()), ['float64', [], -1], 'mode');
    const p = gp.percentile(a, [10, 90]);
    check(gp.clip(a, p.slice(0), p.slice(1)), ['float64', [10], [0, 0.841470984808, 0.909297426826, 0.14112000806, -0.756802495308, -0.777014673243, -0.279415498199, 0.656986598719, 0.917303508805, 0.412118485242]], 'winsorised');
    check(gp.quantile(a, 0.5, { method: 'inverted_cdf', weights: gp.arange(1, 11) }), ['float64', [], 0.412118485242], 'weighted median');
    check(gp.histogram(a, { bins: 3, weights: gp.arange(10, 'float64'), density: true })[0], ['float64', [3], [0.307963549149, 0.307963549149, 0.923890647446]], 'weighted density');
    check(gp.ptp(X0, { axis: 0 }), ['float64', [3], [1.94828252129, NaN, 0.9]], 'ptp with NaN');
    check(Xf.astype('float32').std({ axis: 0, dtype: 'float64' }), ['float64', [3], [0.657509485049, 0.703768744844, 0.287228129084]], 'std dtype=float64');
    check(gp.average(Xf, { axis: 0, weights: gp.arange(10, 'float64') }) as gp.GpuArray, ['float64', [3], [0.217954223335, -0.518524026727, 0.633333333333]], 'average');
    check(gp.median(X0, { axis: 0 }), ['float64', [3], [0.276619246651, NaN, 0.45]], 'median with NaN');
  });
});
