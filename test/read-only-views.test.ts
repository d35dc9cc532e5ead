// NumPy's read-only arrays: broadcast_to's result and every view of it (slices, reshapes,
// transposes, real parts), sliding windows unless writeable, as_strided(writeable=False). Every
// write path refuses them with NumPy's ValueError (a RangeError here) before anything runs, and the
// array they view keeps its values; copies and broadcastArrays' results stay writeable.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describeEachDevice('read-only views (flags.writeable)', () => {
  const writes: [string, (x: gp.GpuArray, b: gp.GpuArray) => unknown][] = [
    ['an element', (_x, b) => b.assign(5, 0, 0)],
    ['a row', (_x, b) => b.assign(gp.array([7, 8, 9]), 0)],
    ['fill of a slice', (_x, b) => b.slice(1).fill(7)],
    ['ufunc out of a slice', (_x, b) => gp.add(b.slice(0), 1, b.slice(0))],
    ['fancy assignment', (_x, b) => b.assign(-5, [0], [2])],
    ['putAlongAxis', (_x, b) => gp.putAlongAxis(b, gp.array([[0], [1]]), -5, 1)],
    ['fillDiagonal', (x) => gp.fillDiagonal(gp.broadcastTo(x, [3, 3]), -5)],
    ['add.at', (_x, b) => gp.add.at(b, [0], 1)],
    ['a reshaped row', (_x, b) => b.slice(0).reshape(3).fill(1)],
    ['a transposed view', (_x, b) => b.T.slice(0).fill(1)],
    ['put', (_x, b) => gp.put(b.slice(1), [0], 9)],
    ['copyto', (_x, b) => gp.copyto(b.slice(0), gp.array([1, 1, 1]))],
    ['a broadcast to its own shape', (x) => gp.broadcastTo(x, [3]).fill(1)],
  ];
  for (const [what, write] of writes) {
    it(`refuses ${what} through a broadcastTo view`, () => {
      const x = gp.arange(3);
      const b = gp.broadcastTo(x, [2, 3]);
      expect(() => write(x, b)).to.throw(RangeError, /read-only/);
      expect(values(x)).to.deep.equal([0, 1, 2]);
    });
  }

  it('flags.writeable: false for broadcastTo and its views, true for copies, owners and broadcastArrays', () => {
    const x = gp.arange(6).reshape(2, 3);
    expect(x.flags.writeable).to.equal(true);
    const b = x.slice(0).broadcastTo([4, 3]);
    expect(b.flags).to.deep.equal({ cContiguous: false, fContiguous: false, writeable: false, owndata: false, aligned: true });
    for (const v of [b.slice(1), b.T, b.slice(null, '...'), b.astype('int64', { copy: false })]) expect(v.flags.writeable).to.equal(false);
    // A reshape that cannot be a view is a copy, writeable as NumPy's.
    expect(b.reshape(12).flags.writeable).to.equal(true);
    const c = b.copy();
    c.fill(4);
    expect(c.flags.writeable).to.equal(true);
    expect(values(c)).to.deep.equal(new Array(12).fill(4));
    const [p, q] = gp.broadcastArrays(gp.arange(3), gp.zeros([2, 1]));
    expect([p.flags.writeable, q.flags.writeable]).to.deep.equal([true, true]);
    const z = gp.broadcastTo(gp.array([{ re: 1, im: 2 }]), [2]);
    expect(z.real.flags.writeable).to.equal(false);
    expect(() => z.imag.fill(0)).to.throw(RangeError, /read-only/);
    // NumPy's require('W') copies a read-only array.
    const w = gp.require(gp.broadcastTo(gp.arange(3), [3]), null, ['W']);
    expect(w.flags.writeable).to.equal(true);
    expect(values(w)).to.deep.equal([0, 1, 2]);
  });

  it('sliding windows are read-only unless writeable: true; asStrided follows its array unless writeable: false', () => {
    const { slidingWindowView, asStrided } = gp.lib.strideTricks;
    const x = gp.arange(5, 'float64');
    const w = slidingWindowView(x, 3);
    expect(w.flags.writeable).to.equal(false);
    expect(() => w.slice(0).fill(1)).to.throw(RangeError, /read-only/);
    const ww = slidingWindowView(x, 3, { writeable: true });
    expect(ww.flags.writeable).to.equal(true);
    ww.assign(9, 1, 1);
    expect(values(x)).to.deep.equal([0, 1, 9, 3, 4]);
    expect(asStrided(x, [2], [16]).flags.writeable).to.equal(true);
    expect(asStrided(x, [2], [16], { writeable: false }).flags.writeable).to.equal(false);
    expect(asStrided(gp.broadcastTo(x, [2, 5]), [5], [8]).flags.writeable).to.equal(false);
  });

  it("setflags(write) as NumPy's: an owner may go back and forth, a view only while its owner is writeable, a broadcast never", () => {
    const a = gp.arange(6, 'float32');
    a.setflags(false);
    expect(a.flags.writeable).to.equal(false);
    expect(() => a.fill(1)).to.throw(RangeError, /read-only/);
    const v = a.slice('1:');
    expect(v.flags.writeable).to.equal(false);
    expect(() => v.setflags(true)).to.throw(RangeError, /cannot set WRITEABLE flag to True/);
    a.setflags({ write: true });
    expect([a.flags.writeable, v.flags.writeable]).to.deep.equal([true, false]);
    v.setflags(true);
    v.fill(7);
    expect(values(a)).to.deep.equal([0, 7, 7, 7, 7, 7]);
    const b = gp.broadcastTo(a, [2, 6]);
    expect(() => b.setflags(true)).to.throw(RangeError, /cannot set WRITEABLE flag to True/);
    expect(() => b.slice(0).setflags({ write: true })).to.throw(RangeError, /cannot set WRITEABLE flag to True/);
    expect(() => a.setflags(null, null, true)).to.throw(RangeError, /WRITEBACKIFCOPY/);
    a.setflags(null, true);
    expect(a.flags.writeable).to.equal(true);
  });

  it('a.flags.writeable = false as NumPy (numpy-100 #43): the same rules as setflags; the contiguity flags cannot be assigned', () => {
    const z = gp.zeros(10);
    const flags = z.flags;
    z.flags.writeable = false;
    expect([flags.writeable, z.flags.writeable]).to.deep.equal([false, false]);
    expect(() => z.assign(1, 0)).to.throw(RangeError, /read-only/);
    expect(() => {
      z.slice('2:').flags.writeable = true;
    }).to.throw(RangeError, /cannot set WRITEABLE flag to True/);
    z.flags.writeable = true;
    z.assign(1, 0);
    expect(values(z)[0]).to.equal(1);
    expect(() => {
      (z.flags as { cContiguous: boolean }).cContiguous = false;
    }).to.throw(TypeError);
    expect(() => {
      gp.broadcastTo(z, [2, 10]).flags.writeable = true;
    }).to.throw(RangeError, /cannot set WRITEABLE flag to True/);
    expect({ ...z.T.flags }).to.deep.equal({ cContiguous: true, fContiguous: true, writeable: true, owndata: false, aligned: true });
    expect(z.flags.owndata).to.equal(true);
    // NumPy's ufunc attributes (numpy quickstart's ufunc_reduce uses np.add.identity).
    expect([gp.add.identity, gp.maximum.identity, gp.divmod.nout, gp.sin.nin, gp.add.nargs]).to.deep.equal([0, null, 2, 1, 3]);
  });

  it('every write path refuses a setflags(false) array: masks and bool lists in assign, set from host data', () => {
    const r = gp.arange(4, { dtype: 'int32' });
    r.setflags(false);
    expect(() => r.assign(9, r.greater(1))).to.throw(RangeError, /read-only/);
    expect(() => r.assign(9, [true, false, true, false])).to.throw(RangeError, /read-only/);
    expect(() => r.set([1, 2, 3, 4])).to.throw(RangeError, /read-only/);
    expect(() => r.set(new Int32Array([1, 2, 3, 4]))).to.throw(RangeError, /read-only/);
    expect(() => r.set(5)).to.throw(RangeError, /read-only/);
    expect(values(r)).to.deep.equal([0, 1, 2, 3]);
    // A real array's imag is new zeros, read-only as NumPy's (a write there would be lost).
    const im = gp.array([1, 2], 'float32').imag;
    expect([im.flags.writeable, values(im)]).to.deep.equal([false, [0, 0]]);
    expect(() => im.fill(9)).to.throw(RangeError, /read-only/);
  });

  it("real and imag can be assigned, as NumPy's setters: a complex array's parts, a real array's values", () => {
    const z = gp.array([{ re: 1, im: 2 }, { re: 3, im: 4 }], 'complex128');
    z.real = [9, 8];
    z.imag = 5;
    expect(Array.from(z.toTypedArray() as Float64Array)).to.deep.equal([9, 5, 8, 5]);
    const a = gp.arange(3, { dtype: 'float64' });
    a.real = 7;
    expect(values(a)).to.deep.equal([7, 7, 7]);
    expect(() => {
      a.imag = 1;
    }).to.throw(TypeError, /does not have imaginary part to set/);
  });

  it("ravel is contiguous as NumPy's: a view where the elements already are, else a copy", () => {
    const a = gp.arange(6, { dtype: 'float64' });
    for (const v of [a.slice('::2').ravel(), a.slice('::-1').ravel(), a.slice('::2').ravel('K'), a.reshape([2, 3]).slice(':', '::2').ravel('K')]) {
      expect(v.layoutFlags.cContiguous).to.equal(true);
      v.fill(-1);
    }
    expect(values(a)).to.deep.equal([0, 1, 2, 3, 4, 5]);
    const t = a.reshape([2, 3]).T.ravel('K'); // memory order: a view of a
    t.fill(7);
    expect(values(a)).to.deep.equal([7, 7, 7, 7, 7, 7]);
  });
});
