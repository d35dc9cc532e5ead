// einsumPath against NumPy 2.4.6's einsum_path (paths of its greedy and optimal searches, with
// and without a memory limit, and its printed report), and einsum contracting in that order:
// values, dtypes, out's promotion on a one-call path, the explicit-path form and the errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** ((5 i + seed) mod 7) - 3 over the shape, as the NumPy script made the operands. */
function operand(shape: number[], seed: number, dtype: gp.DTypeLike): gp.GpuArray {
  const n = shape.reduce((p, v) => p * v, 1);
  return gp.array(Array.from({ length: n }, (_, i) => ((i * 5 + seed) % 7) - 3), { dtype }).reshape(shape);
}

describeEachDevice('linalg: einsumPath and einsum optimize', () => {
  // [subscripts, shapes, NumPy's greedy path, optimal path, ('greedy', 50) path] (without 'einsum_path')
  const PATHS: [string, number[][], number[][], number[][], number[][]][] = [
    ['ij,jk,kl->il', [[2, 2], [2, 5], [5, 2]], [[1, 2], [0, 1]], [[1, 2], [0, 1]], [[1, 2], [0, 1]]],
    ['ea,fb,abcd,gc,hd->efgh', [[10, 10], [10, 10], [10, 10, 10, 10], [10, 10], [10, 10]], [[0, 2], [0, 3], [0, 2], [0, 1]], [[0, 2], [0, 3], [0, 2], [0, 1]], [[0, 1, 2, 3, 4]]],
    ['ij,jk,kl,lm->im', [[30, 5], [5, 40], [40, 3], [3, 50]], [[1, 2], [0, 2], [0, 1]], [[1, 2], [0, 2], [0, 1]], [[1, 2], [0, 1, 2]]],
    ['ij,jk,kl,lm,mn->in', [[3, 50], [50, 4], [4, 60], [60, 2], [2, 70]], [[2, 3], [0, 1], [1, 2], [0, 1]], [[0, 1], [0, 1], [1, 2], [0, 1]], [[2, 3], [0, 1], [1, 2], [0, 1]]],
    ['ij,jk,kl,lm,mn,no->io', [[10, 20], [20, 5], [5, 30], [30, 8], [8, 40], [40, 6]], [[4, 5], [2, 3], [0, 1], [0, 1], [0, 1]], [[0, 1], [0, 1], [0, 1], [1, 2], [0, 1]], [[4, 5], [2, 3], [0, 1], [0, 1], [0, 1]]],
    ['ii,ij,jk->k', [[4, 4], [4, 5], [5, 6]], [[1, 2], [0, 1]], [[0, 1], [0, 1]], [[1, 2], [0, 1]]],
    ['iij,jk,kl->il', [[3, 3, 4], [4, 5], [5, 6]], [[1, 2], [0, 1]], [[0, 1], [0, 1]], [[1, 2], [0, 1]]],
    ['...ij,...jk,...kl->...il', [[2, 3, 4], [2, 4, 5], [1, 5, 6]], [[1, 2], [0, 1]], [[0, 1], [0, 1]], [[1, 2], [0, 1]]],
    ['a,b,c,ab,bc->', [[5], [6], [7], [5, 6], [6, 7]], [[2, 4], [0, 2], [0, 1], [0, 1]], [[2, 4], [1, 3], [1, 2], [0, 1]], [[2, 4], [0, 2], [0, 1], [0, 1]]],
    ['bdik,acaj,ikab,ajac,ikbd', [[2, 3, 4, 5], [6, 7, 6, 8], [4, 5, 6, 2], [6, 8, 6, 7], [4, 5, 2, 3]], [[1, 3], [1, 3], [0, 1], [0, 1]], [[0, 4], [0, 2], [0, 1], [0, 1]], [[1, 3], [1, 3], [0, 1], [0, 1]]],
    ['ab,ef,bc,fe,c,cfb', [[6, 12], [5, 10], [12, 6], [10, 5], [6], [6, 10, 12]], [[1, 3], [3, 4], [1, 3], [0, 2], [0, 1]], [[1, 3], [2, 4], [2, 3], [1, 2], [0, 1]], [[1, 3], [0, 1, 2, 3, 4]]],
    ['d,aeb,f,d,bd->abe', [[10], [6, 4, 12], [1], [10], [12, 10]], [[0, 3], [2, 3], [0, 2], [0, 1]], [[0, 2], [1, 3], [1, 2], [0, 1]], [[0, 3], [2, 3], [1, 2], [0, 1]]],
    ['ij,ij,ij->ij', [[3, 4], [3, 4], [3, 4]], [[0, 1, 2]], [[0, 1, 2]], [[0, 1, 2]]],
    ['ij,jk', [[3, 4], [4, 5]], [[0, 1]], [[0, 1]], [[0, 1]]],
    ['ii', [[3, 3]], [[0]], [[0]], [[0]]],
    [',ij,jk->ik', [[], [2, 3], [3, 4]], [[1, 2], [0, 1]], [[0, 1], [0, 1]], [[1, 2], [0, 1]]],
    ['i,i,ii->i', [[0], [0], [0, 0]], [[0, 1, 2]], [[0, 1, 2]], [[0, 1, 2]]],
  ];
  it("paths equal NumPy's: greedy, optimal and greedy under a memory limit", () => {
    for (const [sub, shapes, greedy, optimal, limited] of PATHS) {
      const ops = shapes.map((s) => gp.zeros(s));
      expect(gp.einsumPath(sub, ...ops)[0], `${sub} default`).to.deep.equal(['einsum_path', ...greedy]);
      expect(gp.einsumPath(sub, ...ops, { optimize: true })[0], `${sub} true`).to.deep.equal(['einsum_path', ...greedy]);
      expect(gp.einsumPath(sub, ...ops, { optimize: 'optimal' })[0], `${sub} optimal`).to.deep.equal(['einsum_path', ...optimal]);
      expect(gp.einsumPath(sub, ...ops, { optimize: ['greedy', 50] })[0], `${sub} limited`).to.deep.equal(['einsum_path', ...limited]);
      expect(gp.einsumPath(sub, ...ops, { optimize: false })[0], `${sub} false`).to.deep.equal(['einsum_path', shapes.map((_, i) => i)]);
      ops.forEach((o) => o.dispose());
    }
  });

  // [subscripts, shapes, optimize, NumPy's report]
  const REPORTS: [string, number[][], boolean | string, string][] = [
    ['ij,jk,kl->il', [[2, 2], [2, 5], [5, 2]], 'greedy',
      '  Complete contraction:  ij,jk,kl->il\n         Naive scaling:  4\n     Optimized scaling:  3\n      Naive FLOP count:  1.200e+02\n  Optimized FLOP count:  5.700e+01\n   Theoretical speedup:  2.105\n  Largest intermediate:  4.000e+00 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   3                   kl,jk->jl                                ij,jl->il\n   3                   jl,ij->il                                   il->il'],
    ['ea,fb,abcd,gc,hd->efgh', [[10, 10], [10, 10], [10, 10, 10, 10], [10, 10], [10, 10]], 'greedy',
      '  Complete contraction:  ea,fb,abcd,gc,hd->efgh\n         Naive scaling:  8\n     Optimized scaling:  5\n      Naive FLOP count:  5.000e+08\n  Optimized FLOP count:  8.000e+05\n   Theoretical speedup:  624.999\n  Largest intermediate:  1.000e+04 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   5               abcd,ea->bcde                      fb,gc,hd,bcde->efgh\n   5               bcde,fb->cdef                         gc,hd,cdef->efgh\n   5               cdef,gc->defg                            hd,defg->efgh\n   5               defg,hd->efgh                               efgh->efgh'],
    ['ii,ij,jk->k', [[4, 4], [4, 5], [5, 6]], 'optimal',
      '  Complete contraction:  ii,ij,jk->k\n         Naive scaling:  3\n     Optimized scaling:  2\n      Naive FLOP count:  3.600e+02\n  Optimized FLOP count:  1.010e+02\n   Theoretical speedup:  3.564\n  Largest intermediate:  6.000e+00 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   2                    ij,ii->j                                  jk,j->k\n   2                     j,jk->k                                     k->k'],
    ['ij,jk,kl->il', [[2, 3], [3, 4], [4, 5]], false,
      '  Complete contraction:  ij,jk,kl->il\n         Naive scaling:  4\n     Optimized scaling:  4\n      Naive FLOP count:  3.600e+02\n  Optimized FLOP count:  3.610e+02\n   Theoretical speedup:  0.997\n  Largest intermediate:  1.000e+01 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   4                kl,jk,ij->il                                   il->il'],
    ['ij,jk,kl->il', [[3, 0], [0, 4], [4, 5]], 'greedy',
      '  Complete contraction:  ij,jk,kl->il\n         Naive scaling:  4\n     Optimized scaling:  3\n      Naive FLOP count:  0.000e+00\n  Optimized FLOP count:  1.000e+00\n   Theoretical speedup:  0.000\n  Largest intermediate:  1.500e+01 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   3                   kl,jk->jl                                ij,jl->il\n   3                   jl,ij->il                                   il->il'],
    [',ij,jk->ik', [[], [2, 3], [3, 4]], 'greedy',
      '  Complete contraction:  ,ij,jk->ik\n         Naive scaling:  3\n     Optimized scaling:  3\n      Naive FLOP count:  7.200e+01\n  Optimized FLOP count:  5.700e+01\n   Theoretical speedup:  1.263\n  Largest intermediate:  8.000e+00 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   3                   jk,ij->ik                                  ,ik->ik\n   2                     ik,->ik                                   ik->ik'],
    // '...' dims print as unused letters; NumPy takes them in its set's order (it varies between
    // runs): this is its report when that order is alphabetical (the rightmost dim gets 'z').
    ['...ij,...jk,...kl->...il', [[2, 3, 4], [2, 4, 5], [1, 5, 6]], 'greedy',
      '  Complete contraction:  zij,zjk,zkl->zil\n         Naive scaling:  5\n     Optimized scaling:  4\n      Naive FLOP count:  2.160e+03\n  Optimized FLOP count:  7.690e+02\n   Theoretical speedup:  2.809\n  Largest intermediate:  4.800e+01 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   4                zkl,zjk->zjl                             zij,zjl->zil\n   4                zjl,zij->zil                                 zil->zil'],
  ];
  it("reports equal NumPy's text", () => {
    for (const [sub, shapes, optimize, text] of REPORTS) {
      const ops = shapes.map((s) => gp.zeros(s));
      expect(gp.einsumPath(sub, ...ops, { optimize })[1], sub).to.equal(text);
      ops.forEach((o) => o.dispose());
    }
  });

  it('the interleaved form, and host operands (only their shapes are read)', () => {
    const [a, b, c] = [gp.ones([2, 3]), gp.ones([3, 4]), gp.ones([4, 5])];
    const [path, text] = gp.einsumPath(a, [0, 1], b, [1, 2], c, [2, 3], [0, 3]);
    expect(path).to.deep.equal(['einsum_path', [1, 2], [0, 1]]);
    expect(text).to.equal(
      '  Complete contraction:  AB,BC,CD->AD\n         Naive scaling:  4\n     Optimized scaling:  3\n      Naive FLOP count:  3.600e+02\n  Optimized FLOP count:  1.810e+02\n   Theoretical speedup:  1.989\n  Largest intermediate:  1.500e+01 elements\n--------------------------------------------------------------------------\nscaling                  current                                remaining\n--------------------------------------------------------------------------\n   3                   CD,BC->BD                                AB,BD->AD\n   3                   BD,AB->AD                                   AD->AD',
    );
    [a, b, c].forEach((x) => x.dispose());
    // k has size 1: the intermediate is named by size, then label ('ki'), as NumPy names it.
    const host = gp.einsumPath('ij,jk,kl->il', [[1, 2], [3, 4]], [[1], [2]], [[5, 6, 7]]);
    expect(host[0]).to.deep.equal(['einsum_path', [0, 1], [0, 1]]);
    expect(host[1].split('\n').slice(-2)).to.deep.equal([
      '   3                   jk,ij->ki                                kl,ki->il',
      '   3                   ki,kl->il                                   il->il',
    ]);
  });

  // [subscripts, shapes, result shape, NumPy's einsum(..., optimize='optimal') (greedy gives the same)]
  const VALUES: [string, number[][], number[], number[]][] = [
    ['ea,fb,abcd,gc,hd->efgh', [[2, 3], [2, 2], [3, 2, 2, 3], [2, 2], [2, 3]], [2, 2, 2, 2], [236, 240, -691, -648, -86, -84, 256, 252, 178, 164, -527, -496, -66, -56, 195, 196]],
    ['ij,jk,kl,lm->im', [[2, 3], [3, 4], [4, 2], [2, 3]], [2, 3], [-8, 18, 9, 4, -10, -3]],
    ['ii,ij,jk->k', [[3, 3], [3, 2], [2, 4]], [4], [13, -33, -2, 8]],
    ['...ij,...jk,...kl->...il', [[2, 2, 3], [2, 3, 2], [1, 2, 2]], [2, 2, 2], [-30, -24, -18, -12, -3, 33, -13, 27]],
    ['a,b,c,ab,bc->', [[2], [3], [2], [2, 3], [3, 2]], [], [-134]],
    ['ij,kl,jk', [[2, 3], [2, 2], [3, 2]], [2, 2], [-5, 12, -3, 9]],
  ];
  for (const dt of ['float64', 'float32', 'int16'] as const) {
    it(`${dt}: einsum with optimize greedy, optimal and an explicit path gives NumPy's values and dtype`, () => {
      for (const [sub, shapes, shape, want] of VALUES) {
        const ops = shapes.map((s, i) => operand(s, i, dt));
        const [optimal] = gp.einsumPath(sub, ...ops, { optimize: 'optimal' });
        for (const optimize of [true, 'greedy', 'optimal', optimal] as const) {
          const r = gp.einsum(sub, ...ops, { optimize });
          expect(r.dtype.name, `${sub} ${String(optimize)}`).to.equal(dt);
          expect(r.shape, sub).to.deep.equal(shape);
          expect(r.ravel().toArray(), `${sub} ${String(optimize)}`).to.deep.equal(want);
          r.dispose();
        }
        ops.forEach((o) => o.dispose());
      }
    });
  }

  it("out: a path of one einsum call sums in out's dtype, pairwise steps in the operands' (NumPy's int8 into int64)", () => {
    const a = gp.array([100, 100], { dtype: 'int8' });
    // NumPy 2.4.6: 'i,i,i->i' is one call ([0, 1, 2]): 1000000; 'i,i,i->' two matmuls in int8: -128.
    const o1 = gp.zeros([2], { dtype: 'int64' });
    expect(gp.einsum('i,i,i->i', a, a, a, { out: o1, optimize: true }).toArray()).to.deep.equal([1000000n, 1000000n]);
    const o2 = gp.zeros([], { dtype: 'int64' });
    expect(gp.einsum('i,i,i->', a, a, a, { out: o2, optimize: true }).item()).to.equal(-128n);
    [a, o1, o2].forEach((x) => x.dispose());
  });

  it("optimized steps compute in their operands' result_type, as NumPy's (int8 with uint8, then float16: float32)", () => {
    const [a, b, c] = [gp.full([2, 3], 100, 'int8'), gp.full([3], 2, 'uint8'), gp.ones([3], 'float16')];
    // NumPy 2.4.6: path [(0, 1), (0, 1)]; 'ij,j->j' sums i out of a in int8 (200 wraps to -56),
    // then int16, then float32: -336.0. Unoptimized, all in float16: 1200.
    const r = gp.einsum('ij,j,j->', a, b, c, { optimize: true });
    expect([r.dtype.name, r.item()]).to.deep.equal(['float32', -336]);
    const u = gp.einsum('ij,j,j->', a, b, c);
    expect([u.dtype.name, u.item()]).to.deep.equal(['float16', 1200]);
    [a, b, c, r, u].forEach((x) => x.dispose());
  });

  it("errors as NumPy's: unknown names, bad and incomplete paths", () => {
    const [a, b, c] = [gp.ones([2, 3]), gp.ones([3, 4]), gp.ones([4, 5])];
    // KeyError (a RangeError here), only where a search runs: two operands need none.
    expect(() => gp.einsumPath('ij,jk,kl->il', a, b, c, { optimize: 'foo' })).to.throw(RangeError, /Path name foo not found/);
    expect(() => gp.einsum('ij,jk,kl->il', a, b, c, { optimize: 'foo' })).to.throw(RangeError, /Path name foo not found/);
    expect(gp.einsumPath('ij,jk', a, b, { optimize: 'foo' })[0]).to.deep.equal(['einsum_path', [0, 1]]);
    // RuntimeError (a RangeError here): operands left over.
    expect(() => gp.einsumPath('ij,jk,kl->il', a, b, c, { optimize: ['einsum_path', [0, 1]] })).to.throw(RangeError, /1 more operands/);
    expect(() => gp.einsum('ij,jk,kl->il', a, b, c, { optimize: ['einsum_path'] })).to.throw(RangeError, /2 more operands/);
    // IndexError: a position past the operands left.
    expect(() => gp.einsum('ij,jk,kl->il', a, b, c, { optimize: ['einsum_path', [0, 5], [0, 1]] })).to.throw(gp.IndexError);
    expect(() => gp.einsumPath('ij,jk,kl->il', a, b, c, { optimize: ['einsum_path', [0, 1], [0, 1], [0, 1]] })).to.throw(gp.IndexError);
    expect(() => gp.einsumPath('ij,jk,kl->il', a, b, c, { optimize: [1, 2, 3] as never })).to.throw(TypeError, /Did not understand the path/);
    // NumPy pops two operands for a position named twice, and adds an operand for an empty step
    // (wrong results either way); refused here.
    expect(() => gp.einsum('ij,jk,kl->il', a, b, c, { optimize: ['einsum_path', [0, 0], [0, 1]] })).to.throw(RangeError, /twice/);
    expect(() => gp.einsum('ij,jk,kl->il', a, b, c, { optimize: ['einsum_path', [], [0, 1, 2]] })).to.throw(RangeError, /no operands/);
    // A memory limit is truncated to an integer; nothing fits 2 elements: one step over all.
    expect(gp.einsumPath('ij,jk,kl->il', a, b, c, { optimize: ['greedy', 2.7] })[0]).to.deep.equal(['einsum_path', [0, 1, 2]]);
    expect(gp.einsumPath('ij,jk,kl->il', a, b, c, { optimize: null })[0]).to.deep.equal(['einsum_path', [0, 1, 2]]);
    [a, b, c].forEach((x) => x.dispose());
  });
});
