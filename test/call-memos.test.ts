// The per-call memos of the host path (#22): the last reduction layout, the last contiguous
// iteration plan, the last allocated geometry and the ufunc loop by operand codes. Each is reused
// only for a call alike; these calls alternate what the memos compare (shape, strides,
// alignment, dtype, keepdims, operand kinds) and check every result against host arithmetic.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('call memos: results stay right when consecutive calls differ', () => {
  const values = (n: number, off = 0) => Array.from({ length: n }, (_, i) => ((i * 7 + off) % 11) - 5);
  const sumOf = (xs: number[]) => xs.reduce((p, x) => p + x, 0);

  it('sum alternating shapes, strides, alignment, dtypes and keepdims', () => {
    gp.scope(() => {
      const host = values(24);
      const a = gp.array(host, 'float32').reshape(4, 6);
      const d = gp.array(host, 'float64').reshape(4, 6);
      for (let round = 0; round < 2; round++) {
        expect(gp.sum(a).item()).to.equal(sumOf(host));
        // Same shape and dtype, other strides: the transpose's rows are a's columns.
        expect(gp.sum(a.T, 1).tolist()).to.deep.equal([0, 1, 2, 3, 4, 5].map((c) => sumOf([0, 1, 2, 3].map((r) => host[r * 6 + c]))));
        expect(gp.sum(a, 1).tolist()).to.deep.equal([0, 1, 2, 3].map((r) => sumOf(host.slice(r * 6, r * 6 + 6))));
        // Another offset (alignment) with the same shape as a row of 5.
        const flat = a.reshape(24);
        expect(gp.sum(flat.slice('1:6')).item()).to.equal(sumOf(host.slice(1, 6)));
        expect(gp.sum(flat.slice('0:5')).item()).to.equal(sumOf(host.slice(0, 5)));
        expect(gp.sum(d, 0, { keepdims: true }).shape).to.deep.equal([1, 6]);
        expect(gp.sum(d, 0).shape).to.deep.equal([6]);
        expect(gp.sum(d).dtype.name).to.equal('float64');
        expect(gp.sum(a).dtype.name).to.equal('float32');
      }
      return null;
    });
  });

  it('element-wise chains alternating dtypes, sizes, alignment and scalar kinds', () => {
    gp.scope(() => {
      const host = values(10, 3);
      const f = gp.array(host, 'float32');
      const i = gp.array(host, 'int32');
      const b = gp.array(host, 'int8');
      for (let round = 0; round < 2; round++) {
        expect(f.multiply(2).tolist()).to.deep.equal(host.map((x) => x * 2));
        const wide = i.add(2);
        expect([wide.dtype.name, wide.tolist()]).to.deep.equal(['int32', host.map((x) => x + 2)]);
        const fl = i.add(0.5);
        expect([fl.dtype.name, fl.tolist()]).to.deep.equal(['float64', host.map((x) => x + 0.5)]);
        const small = b.add(b);
        expect([small.dtype.name, small.strides, small.tolist()]).to.deep.equal(['int8', [1], host.map((x) => x + x)]);
        // An unaligned view of the same length as before, then a shorter one.
        const g = gp.array([...host, 1], 'float32');
        expect(g.slice('1:').add(1).tolist()).to.deep.equal([...host.slice(1), 1].map((x) => x + 1));
        expect(g.slice('0:10').add(1).tolist()).to.deep.equal(host.map((x) => x + 1));
        expect(f.slice('0:3').multiply(f.slice('0:3')).tolist()).to.deep.equal(host.slice(0, 3).map((x) => x * x));
        expect(gp.greater(f, 0).dtype.name).to.equal('bool');
        expect(gp.add(true, f).tolist()).to.deep.equal(host.map((x) => x + 1));
      }
      return null;
    });
  });
});
