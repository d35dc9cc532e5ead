// Issue 13, usability errors found on the way: use after dispose() is the TypeError the README
// promises, a refused array index is one short sentence, zeros(2, 3) says its second argument
// must be a dtype, and a one-element array converts with Number(a) / a.item() as NumPy's
// float(a) / int(a) / a.item() (TypeError for other sizes; item() takes a flat or per-axis index).
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

describeEachDevice('adversarial: usability', () => {
  it('use after dispose() is a TypeError', () => {
    const a = gp.array([1, 2]);
    a.dispose();
    expect(() => a.sum()).to.throw(TypeError, /used after dispose\(\)/);
    expect(() => a.toArray()).to.throw(TypeError, /used after dispose\(\)/);
    expect(() => gp.add(a, 1)).to.throw(TypeError, /used after dispose\(\)/);
    expect(() => a.slice(0)).to.throw(TypeError, /used after dispose\(\)/);
    const one = gp.array([5]);
    one.dispose();
    expect(() => Number(one)).to.throw(TypeError, /used after dispose\(\)/);
    expect(() => one.item()).to.throw(TypeError, /used after dispose\(\)/);
  });

  it('a Stream or Event used after dispose() is a TypeError too', () => {
    const s = new gp.Stream();
    s.dispose();
    expect(() => s.handle).to.throw(TypeError, /Stream used after dispose\(\)/);
    const e = new gp.Event();
    e.dispose();
    expect(() => e.record()).to.throw(TypeError, /Event used after dispose\(\)/);
  });

  it('an index of no valid kind is refused in one short sentence', () => {
    const a = gp.array([1, 2, 3]);
    // Integer and boolean arrays are indices now (advanced indexing); other values are not.
    for (const ix of [{ foo: 1 }, Symbol('x'), () => 1, gp.array([0.5, 1]), Array.from({ length: 10000 }, (_, i) => (i % 3) + 0.5)]) {
      let msg = '';
      try {
        a.slice(ix as never);
      } catch (e) {
        expect(e).to.be.instanceOf(Error);
        msg = (e as Error).message;
      }
      expect(msg).to.match(/ind(ex|ices)/);
      expect(msg.length, msg).to.be.below(250);
      expect(msg).to.not.include('\n');
    }
    expect(() => a.slice({ foo: 1 } as never)).to.throw(TypeError, /^invalid index \(an object with keys foo\): an index is an integer/);
  });

  it('zeros(2, 3) says the second argument must be a dtype', () => {
    for (const [fn, f] of [
      ['zeros', () => gp.zeros(2, 3 as never)],
      ['empty', () => gp.empty(2, 3 as never)],
      ['ones', () => gp.ones(2, 3 as never)],
    ] as const) {
      expect(f).to.throw(TypeError, new RegExp(`^${fn}: the second argument must be a dtype .*got 3 .*${fn}\\(\\[2, 3\\]\\)`));
    }
    expect(() => gp.full(2, 1, 3 as never)).to.throw(TypeError, /full: the third argument must be a dtype/);
    // null is NumPy's dtype=None: the default.
    const z = gp.zeros(2, null as never);
    expect(z.dtype.name).to.equal('float64');
    z.dispose();
  });

  describe('a one-element array converts as NumPy float(a), int(a), a.item()', () => {
    it('Number(a.sum()) and +a are the value (was NaN)', () => {
      const a = gp.array([1.5, 2.25, 3]);
      const s = a.sum();
      expect(Number(s)).to.equal(6.75);
      expect(+s).to.equal(6.75);
      expect((s as unknown as number) * 2).to.equal(13.5);
      expect(Math.max(s as unknown as number, 1)).to.equal(6.75);
      const i = gp.array([4, 5, 6], 'int32').sum();
      expect(Number(i)).to.equal(15);
      const b = gp.array([true]).reshape([]);
      expect(Number(b)).to.equal(1);
      const one = gp.array([[7]], 'uint8');
      expect(Number(one)).to.equal(7);
      for (const x of [a, s, i, b, one]) x.dispose();
    });

    it('int64 beyond 2**53 is the nearest number through Number(), exact through item()', () => {
      const big = gp.full([], 2n ** 60n + 1n, 'int64');
      expect(Number(big)).to.equal(2 ** 60);
      expect(big.item()).to.equal(2n ** 60n + 1n);
      big.dispose();
    });

    it('other sizes and complex values are a TypeError; strings still show the repr', () => {
      const a = gp.array([1, 2, 3]);
      expect(() => Number(a)).to.throw(TypeError, /only arrays of size 1 .*shape \(3,\)/);
      expect(() => +gp.zeros([0])).to.throw(TypeError, /only arrays of size 1/);
      const c = gp.array([{ re: 1, im: 2 }]);
      expect(() => Number(c)).to.throw(TypeError, /complex/);
      expect(`${a}`).to.equal('array([1, 2, 3])');
      expect('x: ' + a).to.equal('x: array([1, 2, 3])');
      const f = gp.array([2.5]);
      expect(`${f}`).to.equal('array([2.5])');
      for (const x of [a, c, f]) x.dispose();
    });

    it('item() with no index, a flat index, or one index per axis', () => {
      const m = gp.array(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        'float32',
      );
      expect(gp.array([[9.5]]).item()).to.equal(9.5);
      expect(m.item(4)).to.equal(5);
      expect(m.item(-1)).to.equal(6);
      expect(m.item(1, 0)).to.equal(4);
      expect(m.item(0, -1)).to.equal(3);
      const t = m.T; // a strided view: (i, j) of T is (j, i) of m
      expect(t.item(2, 1)).to.equal(6);
      expect(t.item(1)).to.equal(4);
      expect(gp.array([true, false]).item(1)).to.equal(false);
      expect(gp.array([-3], 'int64').item()).to.equal(-3n);
      const c = gp.array([{ re: 1, im: -2 }], 'complex64').item() as { re: number; im: number };
      expect([c.re, c.im]).to.deep.equal([1, -2]);
      expect(() => m.item()).to.throw(RangeError, /can only convert an array of size 1/);
      expect(() => m.item(6)).to.throw(gp.IndexError, /index 6 is out of bounds for size 6/);
      expect(() => m.item(0, 3)).to.throw(gp.IndexError, /out of bounds for axis 1 with size 3/);
      expect(() => m.item(0, 0, 0)).to.throw(RangeError, /incorrect number of indices/); // NumPy's ValueError
      expect(() => m.item(1.5)).to.throw(TypeError, /must be an integer/);
      t.dispose();
      m.dispose();
    });
  });
});
