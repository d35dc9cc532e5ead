// NumPy 2.4's small top-level names gp adds: row_stack (vstack's deprecated alias), typecodes,
// ufunc (the class of the ufuncs, for instanceof), flatiter (the class of a.flat) and ScalarType.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('NumPy class and table names', () => {
  it("rowStack is vstack, NumPy's deprecated alias", () => {
    expect(gp.rowStack).to.equal(gp.vstack);
    gp.scope(() => {
      // np.row_stack(([1, 2], [3, 4])) -> [[1, 2], [3, 4]] (int64)
      const r = gp.rowStack([[1, 2], [3, 4]]);
      expect(r.dtype.name).to.equal('int64');
      expect(r.toArray()).to.deep.equal([[1n, 2n], [3n, 4n]]);
      return null;
    });
  });

  it("typecodes is NumPy's dict of type-code strings", () => {
    expect(gp.typecodes).to.deep.equal({
      Character: 'c',
      Integer: 'bhilqnp',
      UnsignedInteger: 'BHILQNP',
      Float: 'efdg',
      Complex: 'FDG',
      AllInteger: 'bBhHiIlLqQnNpP',
      AllFloat: 'efdgFDG',
      Datetime: 'Mm',
      All: '?bhilqnpBHILQNPefdgFDGSUVOMm',
    });
    expect(Object.isFrozen(gp.typecodes)).to.equal(true);
    // np.mintypecode(['f', 'D'], np.typecodes['AllFloat']) -> 'D'
    expect(gp.mintypecode(['f', 'D'], gp.typecodes.AllFloat)).to.equal('D');
    // Every gp dtype's code but bfloat16's ('E', ml_dtypes') is in typecodes['All'].
    for (const d of Object.values(gp.dtypes)) expect(gp.typecodes.All.includes(d.char), d.name).to.equal(d.name !== 'bfloat16');
  });

  it('ufunc: the ufunc functions and Ufunc objects are its instances, other functions not', () => {
    expect(gp.add instanceof gp.ufunc).to.equal(true);
    expect(gp.sin instanceof gp.ufunc).to.equal(true);
    expect(gp.divmod instanceof gp.ufunc).to.equal(true);
    expect(gp.acos instanceof gp.ufunc).to.equal(true);
    expect(gp.ufuncs.get('add') instanceof gp.ufunc).to.equal(true);
    // np.sum and np.vstack are functions, not ufuncs; neither is a plain object.
    expect(gp.sum instanceof gp.ufunc).to.equal(false);
    expect(gp.vstack instanceof gp.ufunc).to.equal(false);
    expect(({ nin: 2 } as unknown) instanceof gp.ufunc).to.equal(false);
    const u: unknown = gp.multiply;
    if (!(u instanceof gp.ufunc)) throw new Error('multiply is a ufunc');
    expect([u.nin, u.nout, u.nargs, u.identity]).to.deep.equal([2, 1, 3, 1]);
    // TypeError: cannot create 'numpy.ufunc' instances
    expect(() => new (gp.ufunc as unknown as new () => unknown)()).to.throw(TypeError, "cannot create 'numpy.ufunc' instances");
  });

  it('flatiter is the class of a.flat', () => {
    gp.scope(() => {
      const a = gp.arange(6).reshape(2, 3);
      expect(a.flat instanceof gp.flatiter).to.equal(true);
      expect(a instanceof gp.flatiter).to.equal(false);
      return null;
    });
  });

  it("ScalarType lists NumPy's scalar types gp has, in NumPy's order", () => {
    // np.ScalarType without Python's types and those gp lacks (clongdouble, longdouble, longlong,
    // datetime64, timedelta64, object_, bytes_, str_, ulonglong, void).
    expect(gp.ScalarType.map((t) => gp.dtype(t).name)).to.deep.equal([
      'bool', 'complex64', 'complex128', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
    ]);
    expect(gp.ScalarType.includes(gp.float32)).to.equal(true);
    expect(Object.isFrozen(gp.ScalarType)).to.equal(true);
    const t: gp.ScalarType = gp.ScalarType[4];
    expect(gp.zeros(2, t).dtype.name).to.equal('float32');
  });
});
