// einsum against the naive host einsum: GEMM-shaped contractions (plain, batched, transposed,
// three operands), implicit output, '...' with broadcasting, repeated labels (diagonals and
// traces), pure transposes (views), full sums, integer dtypes, NumPy's interleaved form; and its errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { einsumRef, expectTensor, host, sample, upload } from './linalg-reference.js';

function rand(shape: number[], dt: gp.DTypeLike, seed: number): gp.GpuArray {
  const d = gp.dtype(dt);
  return upload(sample(shape.reduce((p, v) => p * v, 1), d, rng(seed)), d, shape);
}

describeEachDevice('linalg: einsum', () => {
  // [subscripts given to gp.einsum, the explicit form for the reference, operand shapes]
  const CASES: [string, string, number[][]][] = [
    ['ij,jk->ik', 'ij,jk->ik', [[3, 4], [4, 5]]],
    ['ij,jk', 'ij,jk->ik', [[3, 4], [4, 5]]],
    ['ij,kj->ik', 'ij,kj->ik', [[3, 4], [5, 4]]],
    ['ji,jk->ki', 'ji,jk->ki', [[4, 3], [4, 5]]],
    ['bij,bjk->bik', 'bij,bjk->bik', [[2, 3, 4], [2, 4, 5]]],
    ['bij,jk->bik', 'bij,jk->bik', [[2, 3, 4], [4, 5]]],
    ['...ij,...jk->...ik', 'xij,yxjk->yxik', [[2, 3, 4], [3, 2, 4, 5]]],
    ['...ij,jk', 'xij,jk->xik', [[2, 3, 4], [4, 5]]],
    ['ij,jk,kl->il', 'ij,jk,kl->il', [[2, 3], [3, 4], [4, 5]]],
    ['ijk,jil->kl', 'ijk,jil->kl', [[2, 3, 4], [3, 2, 5]]],
    ['i,i', 'i,i->', [[6], [6]]],
    ['i,j->ij', 'i,j->ij', [[3], [4]]],
    ['ii->i', 'ii->i', [[4, 4]]],
    ['ii', 'ii->', [[4, 4]]],
    ['iji->j', 'iji->j', [[3, 2, 3]]],
    ['ij->', 'ij->', [[3, 5]]],
    ['ij->j', 'ij->j', [[3, 5]]],
    ['ji', 'ji->ij', [[3, 5]]],
    ['ijk->kji', 'ijk->kji', [[2, 3, 4]]],
    ['ij,ij->i', 'ij,ij->i', [[3, 4], [3, 4]]],
    ['bi,bi->b', 'bi,bi->b', [[5, 7], [5, 7]]],
    ['ij,ik->jk', 'ij,ik->jk', [[3, 4], [3, 2]]],
  ];
  for (const dt of ['float64', 'float32', 'int32', 'complex128'] as const) {
    it(`${dt}: every case equals the host reference`, () => {
      const d = gp.dtype(dt);
      CASES.forEach(([sub, ref, shapes], c) => {
        const ops = shapes.map((s, i) => rand(s, d, 100 * c + i));
        expectTensor(gp.einsum(sub, ...ops), einsumRef(ref, ops.map(host), d), d, `${dt} '${sub}'`);
      });
    });
  }

  it('bool and int8 keep their dtype (OR of ANDs; wrapping sums)', () => {
    for (const dt of ['bool', 'int8'] as const) {
      const d = gp.dtype(dt);
      const a = rand([3, 4], d, 1);
      const b = rand([4, 2], d, 2);
      expectTensor(gp.einsum('ij,jk->ik', a, b), einsumRef('ij,jk->ik', [host(a), host(b)], d), d, dt);
      expectTensor(gp.einsum('ij->', a), einsumRef('ij->', [host(a)], d), d, `${dt} sum`);
    }
  });

  it('a pure transpose and a diagonal are views; out= and dtype= work', () => {
    const a = rand([3, 3], 'float64', 3);
    const t = gp.einsum('ij->ji', a);
    expect(t.base === a || t.base === a.base).to.equal(true);
    const d = gp.einsum('ii->i', a);
    expect(d.base === a || d.base === a.base).to.equal(true);
    const out = gp.empty([3, 3], 'float64');
    expect(gp.einsum('ij,jk->ik', a, a, { out })).to.equal(out);
    expectTensor(out, einsumRef('ij,jk->ik', [host(a), host(a)], gp.dtype('float64')), gp.dtype('float64'), 'out');
    const i = rand([2, 2], 'int16', 4);
    expect(gp.einsum('ij,jk->ik', i, i, { dtype: 'float32' }).dtype.name).to.equal('float32');
    // casting='safe' as NumPy: float64 operands cannot be computed in float32 or int32.
    expect(() => gp.einsum('ij,jk->ik', a, a, { dtype: 'float32' })).to.throw(TypeError, /operand 0.*'safe'/);
    expect(() => gp.einsum('ii', a, { dtype: 'int32' })).to.throw(TypeError);
    // casting as NumPy's keyword: 'unsafe' lets float64 compute in int32; out takes the same rule.
    const ai = gp.array([[0, 1], [2, 3]], 'float64');
    const r = gp.einsum('ij,jk', ai, ai, { dtype: 'int32', casting: 'unsafe' });
    expect([r.dtype.name, r.toArray()]).to.deep.equal(['int32', [[2, 3], [6, 11]]]);
    expect(() => gp.einsum('ij,jk', ai, ai, { out: gp.empty([2, 2], 'float32') })).to.throw(TypeError, /float64.*float32.*'safe'/);
    expect(() => gp.einsum('ij,jk', i, i, { out: gp.empty([2, 2], 'int8') })).to.throw(TypeError, /int16.*int8/);
    const o32 = gp.empty([2, 2], 'float32');
    expect(gp.einsum('ij,jk', ai, ai, { out: o32, casting: 'same_kind' }).toArray()).to.deep.equal([[2, 3], [6, 11]]);
    const oc = gp.empty([2, 2], 'complex128');
    expect((gp.einsum('ij,jk', ai, ai, { out: oc }).toArray() as { re: number }[][]).map((row) => row.map((z) => z.re))).to.deep.equal([[2, 3], [6, 11]]);
    expect(() => gp.einsum('ij,jk', ai, ai, { casting: 'bogus' as never })).to.throw(RangeError, /casting/);
    for (const x of [ai, r, o32, oc]) x.dispose();
  });

  it("NumPy's interleaved form: operands with integer subscripts lists, '...', an optional output list", () => {
    const a = rand([2, 3], 'float64', 11);
    const b = rand([3, 4], 'float64', 12);
    const same = (got: gp.GpuArray, want: gp.GpuArray) => expect(got.toArray()).to.deep.equal(want.toArray());
    same(gp.einsum(a, [0, 1], b, [1, 2], [0, 2]), gp.einsum('AB,BC->AC', a, b));
    same(gp.einsum(a, [0, 1], b, [1, 2]), gp.einsum('ij,jk', a, b));
    // 0-25 are 'A'-'Z' and 26-51 'a'-'z' (NumPy's): the implicit output puts 1 ('B') before 30 ('e').
    expect(gp.einsum(a, [30, 1]).shape).to.deep.equal([3, 2]);
    same(gp.einsum(a, [30, 1], [30]), gp.einsum('ij->i', a));
    same(gp.einsum(a, ['...', 1], b.slice(':', 0), [1]), gp.einsum('...j,j', a, b.slice(':', 0)));
    expect(gp.einsum(gp.arange(9).reshape(3, 3), [0, 0]).item()).to.equal(12n);
    expect(gp.einsum([1, 2, 3], [0], [4, 5, 6], [0], { optimize: false }).item()).to.equal(32n);
    // NumPy's errors: the range, integers or one ellipsis, lists in pairs.
    expect(() => gp.einsum(a, [0, 52])).to.throw(RangeError, /valid range \[0, 52\)/);
    expect(() => gp.einsum(a, [0, -1])).to.throw(RangeError, /valid range/);
    expect(() => gp.einsum(a, [0, 1.5])).to.throw(TypeError, /integer or an ellipsis/);
    expect(() => gp.einsum(a, [0, true])).to.throw(TypeError, /integer or an ellipsis/);
    expect(() => gp.einsum(a, ['...', '...', 0])).to.throw(RangeError, /only one ellipsis/);
    expect(() => gp.einsum(a, [0, 1], b)).to.throw(TypeError, /integer or an ellipsis/);
    expect(() => gp.einsum(a)).to.throw(TypeError, /pairs/);
  });

  it('errors: operand count, bad subscripts, unknown output labels, size mismatches', () => {
    const a = gp.ones([2, 3]);
    expect(() => gp.einsum('ij,jk->ik', a)).to.throw(RangeError, /fewer operands/);
    expect(() => gp.einsum('ij', a, a)).to.throw(RangeError, /more operands/);
    expect(() => gp.einsum('i1', a)).to.throw(RangeError, /invalid subscript/);
    expect(() => gp.einsum('ij->k', a)).to.throw(RangeError, /never appeared/);
    expect(() => gp.einsum('ij->ii', a)).to.throw(RangeError, /multiple times/);
    expect(() => gp.einsum('ijk', a)).to.throw(RangeError);
    expect(() => gp.einsum('ij,ij->i', a, gp.ones([2, 4]))).to.throw(RangeError, /broadcast/);
    expect(() => gp.einsum('ii', a)).to.throw(RangeError, /don't match/);
    // '...' dims are broadcast, never summed: an explicit output without '...' refuses them (NumPy's ValueError).
    expect(() => gp.einsum('...->', a)).to.throw(RangeError, /no '...' ellipsis provided/);
    expect(() => gp.einsum('...ij->ij', gp.ones([1, 2, 2]))).to.throw(RangeError, /no '...' ellipsis provided/);
    expect(gp.einsum('...i->', gp.arange(3)).item()).to.equal(3n);
    expect(gp.einsum('...->', gp.array(4.5)).item()).to.equal(4.5);
    // optimize= is accepted (programs written for NumPy pass it) and changes nothing in the result.
    for (const optimize of [true, false, 'greedy', 'optimal'] as const) {
      expect(gp.einsum('ij->ji', a, { optimize }).toArray(), String(optimize)).to.deep.equal(gp.einsum('ij->ji', a).toArray());
    }
    expect(() => gp.einsum('ij->ji', a, { optimize: 3 } as never)).to.throw(TypeError, /optimize must be/);
    expect(() => gp.einsum('ij->ji', a, { order: 'C' } as never)).to.throw(TypeError, /unknown option 'order'/);
  });
});
