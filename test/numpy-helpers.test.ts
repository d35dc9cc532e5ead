// NumPy's small helpers, against NumPy 2.4's answers: issubdtype with the abstract scalar types,
// mintypecode, typename, binary_repr, base_repr, iterable, isfortran, require, mask_indices and
// apply_over_axes, format_float_positional and format_float_scientific, on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const nums = (a: gp.GpuArray) => (a.toArray() as unknown[]).flat(4).map(Number);

describeEachDevice('NumPy helpers: dtypes, digits, flags, masks, axes', () => {
  it('issubdtype: dtypes under the abstract types, and only themselves under dtypes', () => {
    expect(gp.issubdtype('float32', gp.floating)).to.equal(true);
    expect(gp.issubdtype('float64', gp.number)).to.equal(true);
    expect(gp.issubdtype(gp.dtypes.int8, gp.signedinteger)).to.equal(true);
    expect(gp.issubdtype('bool', gp.integer)).to.equal(false);
    expect(gp.issubdtype('float64', 'float32')).to.equal(false);
    expect(gp.issubdtype('complex64', gp.inexact)).to.equal(true);
    expect(gp.issubdtype('int32', 'int32')).to.equal(true);
    expect(gp.issubdtype('uint8', gp.integer)).to.equal(true);
    expect(gp.issubdtype('uint8', gp.signedinteger)).to.equal(false);
    expect(gp.issubdtype('complex128', gp.floating)).to.equal(false);
    expect(gp.issubdtype('bool', gp.generic)).to.equal(true);
    expect(gp.issubdtype(gp.floating, gp.inexact)).to.equal(true);
    expect(gp.issubdtype(gp.inexact, gp.floating)).to.equal(false);
    expect(gp.issubdtype(gp.ones([2], 'float32').dtype, gp.complexfloating)).to.equal(false);
    expect(() => gp.issubdtype('nope' as never, gp.floating)).to.throw(TypeError);
  });

  it("mintypecode and typename: NumPy's codes", () => {
    expect(gp.mintypecode(['d', 'f', 'S'])).to.equal('d');
    expect(gp.mintypecode('abceh', { default: 'G' })).to.equal('G');
    expect(gp.mintypecode(['F', 'd'])).to.equal('D');
    expect(gp.mintypecode([])).to.equal('d');
    expect(gp.mintypecode([gp.dtypes.float32, gp.ones([1], 'float32')])).to.equal('f');
    expect(gp.typename('d')).to.equal('double precision');
    expect(gp.typename('Q')).to.equal('unsigned long long integer');
    expect(() => gp.typename('Z')).to.throw(RangeError);
  });

  it("binaryRepr and baseRepr: NumPy's digits, two's complement and errors", () => {
    expect([gp.binaryRepr(3), gp.binaryRepr(-3), gp.binaryRepr(-3, 4), gp.binaryRepr(3, 4), gp.binaryRepr(0)]).to.deep.equal(['11', '-11', '1101', '0011', '0']);
    expect(gp.binaryRepr(-8, 4)).to.equal('1000');
    expect(gp.binaryRepr(0, { width: 3 })).to.equal('000');
    expect(gp.binaryRepr(2n ** 70n)).to.equal('1' + '0'.repeat(70));
    expect(() => gp.binaryRepr(-5, 2)).to.throw(RangeError, 'Insufficient bit width=2 provided for binwidth=4');
    expect(() => gp.binaryRepr(5, 2)).to.throw(RangeError, 'binwidth=3');
    expect(() => gp.binaryRepr(1.5)).to.throw(TypeError);
    expect([gp.baseRepr(5), gp.baseRepr(-10, 3), gp.baseRepr(10, 16, 3), gp.baseRepr(0, 5, 2), gp.baseRepr(35, { base: 36 })]).to.deep.equal(['101', '-101', '000A', '00', 'Z']);
    expect(() => gp.baseRepr(3, 37)).to.throw(RangeError, 'Bases greater than 36');
    expect(() => gp.baseRepr(3, 1)).to.throw(RangeError, 'Bases less than 2');
  });

  it('iterable, isfortran, require', () => {
    expect([gp.iterable([1]), gp.iterable(1), gp.iterable(gp.array(1)), gp.iterable('ab'), gp.iterable(gp.ones([2]))]).to.deep.equal([true, false, false, true, true]);
    const c = gp.ones([2, 3]);
    const f = gp.asfortranarray(c);
    expect([gp.isfortran(c), gp.isfortran(f), gp.isfortran(gp.ones([3]))]).to.deep.equal([false, true, false]);
    // Already satisfied: the array itself.
    expect(gp.require(c, null, ['C', 'W'])).to.equal(c);
    const rf = gp.require(c, 'int32', ['F']);
    expect([rf.dtype.name, rf.flags.fContiguous, nums(rf)]).to.deep.equal(['int32', true, [1, 1, 1, 1, 1, 1]]);
    // A view owns no data; a broadcast view is not writeable: both copied.
    const view = c.slice(0);
    const owner = gp.require(view, { requirements: 'O' });
    expect([owner === view, owner.base]).to.deep.equal([false, null]);
    const b = gp.broadcastTo(gp.arange(3, 'float64'), [2, 3]);
    const w = gp.require(b, null, 'W');
    expect([w === b, w.toArray()]).to.deep.equal([false, [[0, 1, 2], [0, 1, 2]]]);
    expect(() => gp.require(c, null, ['C', 'F'])).to.throw(RangeError, 'Cannot specify both "C" and "F" order');
    expect(() => gp.require(c, null, ['X' as never])).to.throw(RangeError, 'unknown requirement');
  });

  it("formatFloatPositional and formatFloatScientific: NumPy 2.4's strings and checks", () => {
    const f = gp.formatFloatPositional;
    const s = gp.formatFloatScientific;
    expect([
      f(0.1 + 0.2), f(gp.float32(0.1)), f(1e16), f(3.14159, { precision: 3 }), f(3.0, { trim: '-' }), f(3.0, { trim: '0' }),
      f(-1.5, { padLeft: 5, padRight: 4 }), f(123.456, { precision: 2, fractional: false }), f(0.5, { unique: false, precision: 5 }),
      f(1, { sign: true }), f(NaN), f(-Infinity),
    ]).to.deep.equal(['0.30000000000000004', '0.1', '10000000000000000.', '3.142', '3', '3.0', '   -1.5   ', '120.', '0.50000', '+1.', 'nan', '-inf']);
    expect([s(1234.5, { precision: 2 }), s(0.1 + 0.2), s(gp.float32(0.1)), s(1e-300, { expDigits: 4 }), s(1.0, { trim: '-' }), s(12, { precision: 4, minDigits: 3 }), s(gp.float16(0.1))])
      .to.deep.equal(['1.23e+03', '3.0000000000000004e-01', '1.e-01', '1.e-0300', '1e+00', '1.200e+01', '1.e-01']);
    expect(() => f(1, { unique: false })).to.throw(RangeError, 'Must specify precision if unique=False');
    expect(() => f(1, { precision: -1 })).to.throw(RangeError, 'precision must be >= 0');
    expect(() => s(1, { precision: 2, minDigits: 3 })).to.throw(RangeError, 'min_digits must be less than or equal to precision');
    expect(() => f(gp.int32(1) as never)).to.throw(TypeError);
  });

  it("maskIndices and applyOverAxes: NumPy's indices and keepdims shapes", () => {
    const [i, j] = gp.maskIndices(3, gp.triu);
    expect([nums(i), nums(j)]).to.deep.equal([[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]]);
    const [i1, j1] = gp.maskIndices(3, gp.triu, 1);
    expect([nums(i1), nums(j1)]).to.deep.equal([[0, 0, 1], [1, 2, 2]]);
    const a = gp.arange(24, 'float64').reshape([2, 3, 4]);
    const s = gp.applyOverAxes((x, ax) => gp.sum(x, ax), a, [0, 2]);
    expect([s.shape, nums(s)]).to.deep.equal([[1, 3, 1], [60, 92, 124]]);
    expect(gp.applyOverAxes((x, ax) => gp.sum(x, { axis: ax, keepdims: true }), a, -1).shape).to.deep.equal([2, 3, 1]);
    expect(() => gp.applyOverAxes((x) => gp.sum(x), a, 0)).to.throw(RangeError, 'correct shape');
  });
});
