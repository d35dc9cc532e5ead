// NumPy 2 type promotion: promote_types over every pair of dtypes against NumPy's table, written
// out literally; NEP 50 weak JS scalars and strong typed scalars through real ufunc calls.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { download } from './ufunc-reference.js';

// numpy.promote_types(row, column) in NumPy 2, by type character:
// ? bool, b/B int8/uint8, h/H int16/uint16, i/I int32/uint32, l/L int64/uint64, e/f/d float16/32/64, F/D complex64/128.
const ORDER = '?bBhHiIlLefdFD';
// prettier-ignore
const TABLE = [
  //      ? b B h H i I l L e f d F D
  /* ? */ '? b B h H i I l L e f d F D',
  /* b */ 'b b h h i i l l d e f d F D',
  /* B */ 'B h B h H i I l L e f d F D',
  /* h */ 'h h h h i i l l d f f d F D',
  /* H */ 'H i H i H i I l L f f d F D',
  /* i */ 'i i i i i i l l d d d d D D',
  /* I */ 'I l I l I l I l L d d d D D',
  /* l */ 'l l l l l l l l d d d d D D',
  /* L */ 'L d L d L d L d L d d d D D',
  /* e */ 'e e e f f d d d d e f d F D',
  /* f */ 'f f f f f d d d d f f d F D',
  /* d */ 'd d d d d d d d d d d d D D',
  /* F */ 'F F F F F D D D D F F D F D',
  /* D */ 'D D D D D D D D D D D D D D',
];

describe('promotion', () => {
  it('promoteTypes matches NumPy 2 for all 196 dtype pairs', () => {
    const wrong: string[] = [];
    TABLE.forEach((row, i) => {
      row.split(' ').forEach((want, j) => {
        const got = gp.promoteTypes(gp.dtype(ORDER[i]), gp.dtype(ORDER[j]));
        if (got.char !== want) wrong.push(`${gp.dtype(ORDER[i]).name} + ${gp.dtype(ORDER[j]).name}: got ${got.name}, want ${gp.dtype(want).name}`);
      });
    });
    expect(wrong).to.deep.equal([]);
  });

  it('the table is NumPy\'s: spot checks from the NumPy documentation', () => {
    const p = (a: string, b: string) => gp.promoteTypes(gp.dtype(a), gp.dtype(b)).name;
    expect(p('int8', 'uint8')).to.equal('int16');
    expect(p('uint64', 'int64')).to.equal('float64');
    expect(p('int16', 'float16')).to.equal('float32');
    expect(p('int32', 'float32')).to.equal('float64');
    expect(p('complex64', 'float64')).to.equal('complex128');
    expect(p('uint32', 'int8')).to.equal('int64');
    expect(p('bool', 'float16')).to.equal('float16');
  });

  it('canCast (safe) is promotion-consistent', () => {
    const c = (a: string, b: string) => gp.canCast(gp.dtype(a), gp.dtype(b));
    expect(c('int8', 'int16')).to.equal(true);
    expect(c('uint8', 'int8')).to.equal(false);
    expect(c('int64', 'float64')).to.equal(true);
    expect(c('int64', 'float32')).to.equal(false);
    expect(c('float16', 'complex64')).to.equal(true);
    expect(c('complex64', 'float64')).to.equal(false);
  });

  it("canCast takes NumPy's casting rule by position or {casting}, and arrays and typed scalars", () => {
    // NumPy 2.4's np.can_cast for the same arguments.
    const cases: [string, string, string, boolean][] = [
      ['uint16', 'int8', 'same_kind', true],
      ['int64', 'uint64', 'same_kind', false],
      ['float32', 'float16', 'same_kind', true],
      ['float64', 'int8', 'same_kind', false],
      ['int8', 'int8', 'no', true],
      ['int8', 'int16', 'equiv', false],
      ['complex64', 'float32', 'unsafe', true],
      ['complex64', 'float32', 'same_kind', false],
    ];
    for (const [a, b, casting, want] of cases) {
      expect(gp.canCast(a, b, casting), `${a} -> ${b} ${casting}`).to.equal(want);
      expect(gp.canCast(gp.dtype(a), b, { casting }), `${a} -> ${b} {casting}`).to.equal(want);
    }
    const x = gp.arange(3, 'int32');
    try {
      expect(gp.canCast(x, 'float64')).to.equal(true);
      expect(gp.canCast(gp.float32(1), gp.float16, { casting: 'same_kind' })).to.equal(true);
    } finally {
      x.dispose();
    }
    expect(() => gp.canCast(1, 'int8')).to.throw(TypeError, /does not support JS numbers/);
    expect(() => gp.canCast('int8', 'int16', 'bogus')).to.throw(RangeError, /casting must be one of/);
    expect(() => gp.canCast('int8', 'int16', 'safe', { casting: 'safe' })).to.throw(TypeError, /multiple values/);
  });

  it('resultType with NEP 50 weak kinds', () => {
    const r = (strong: string[], weak: ('bool' | 'int' | 'float' | 'complex')[]) => gp.resultType(strong.map((s) => gp.dtype(s)), weak).name;
    expect(r(['int8'], ['int'])).to.equal('int8');
    expect(r(['int32'], ['float'])).to.equal('float64');
    expect(r(['float32'], ['float'])).to.equal('float32');
    expect(r(['float16'], ['int'])).to.equal('float16');
    expect(r(['bool'], ['int'])).to.equal('int64');
    expect(r(['bool'], ['bool'])).to.equal('bool');
    expect(r(['int32'], ['complex'])).to.equal('complex128');
    expect(r(['float32'], ['complex'])).to.equal('complex64');
    expect(r(['float16'], ['complex'])).to.equal('complex64');
    expect(r(['float64'], ['complex'])).to.equal('complex128');
    expect(r([], ['int', 'float'])).to.equal('float64');
    expect(r([], ['int'])).to.equal('int64');
  });

  it("resultType(*arrays_and_dtypes) as NumPy's: arrays, dtypes, names and scalar types strong, JS scalars weak", () => {
    const r = (...args: unknown[]) => gp.resultType(...args).name;
    expect(r(gp.int8, 1.5)).to.equal('float64');
    expect(r(gp.float32, 2)).to.equal('float32');
    expect(r(gp.array([1], 'int8'), 'float32')).to.equal('float32');
    expect(r(gp.uint8, -1)).to.equal('uint8');
    expect(r(3)).to.equal('int64');
    expect(r(3.5, { re: 1, im: 1 })).to.equal('complex128');
    expect(r('i4', 'f4')).to.equal('float64');
    expect(r(gp.float32(1), 2)).to.equal('float32');
    expect(r([1.5, 2], gp.float32)).to.equal('float64'); // host data is an array (float64)
    expect(r(gp.float16, gp.dtypes.int16)).to.equal('float32');
    expect(() => gp.resultType()).to.throw(TypeError);
  });
});

describeEachDevice('promotion in ufunc calls', () => {
  it('NEP 50: plain JS numbers are weak', () => {
    const i8 = gp.array([1, -2, 100], 'int8');
    const r1 = i8.add(1);
    expect(r1.dtype.name).to.equal('int8');
    expect(r1.toArray()).to.deep.equal([2, -1, 101]);
    const i32 = gp.array([1, 2], 'int32');
    const r2 = i32.add(1.5);
    expect(r2.dtype.name).to.equal('float64');
    expect(r2.toArray()).to.deep.equal([2.5, 3.5]);
    const f32 = gp.array([1, 2], 'float32');
    const r3 = f32.add(0.1);
    expect(r3.dtype.name).to.equal('float32');
    expect(r3.toArray()).to.deep.equal([Math.fround(Math.fround(1) + Math.fround(0.1)), Math.fround(2 + Math.fround(0.1))]);
    const b = gp.array([true, false]);
    const r4 = b.add(1);
    expect(r4.dtype.name).to.equal('int64');
    expect(r4.toArray()).to.deep.equal([2n, 1n]);
    const r5 = i32.add({ re: 0, im: 1 });
    expect(r5.dtype.name).to.equal('complex128');
    expect(download(r5)).to.deep.equal([{ re: 1, im: 1 }, { re: 2, im: 1 }]);
    const r6 = f32.multiply({ re: 0, im: 2 });
    expect(r6.dtype.name).to.equal('complex64');
    expect(download(r6)).to.deep.equal([{ re: 0, im: 2 }, { re: 0, im: 4 }]);
    expect(b.add(true).dtype.name).to.equal('bool');
    expect(i8.add(true).dtype.name).to.equal('int8');
  });

  it('NEP 50: a weak integer that does not fit the array dtype is a RangeError (NumPy OverflowError)', () => {
    const u8 = gp.array([1, 2], 'uint8');
    expect(() => u8.add(-1)).to.throw(RangeError, /-1 out of bounds for uint8/);
    expect(() => gp.array([1], 'int8').add(128)).to.throw(RangeError, /128 out of bounds for int8/);
    expect(gp.array([1], 'int8').add(127).toArray()).to.deep.equal([-128]);
    expect(gp.array([1n], 'uint64').add(2n ** 64n - 2n).toArray()).to.deep.equal([2n ** 64n - 1n]);
    expect(() => gp.array([1n], 'int64').add(2n ** 63n)).to.throw(RangeError);
  });

  it('typed scalars and 0-d arrays are strong', () => {
    const i8 = gp.array([1, 2], 'int8');
    const r1 = gp.add(gp.float32(3), i8);
    expect(r1.dtype.name).to.equal('float32');
    expect(r1.toArray()).to.deep.equal([4, 5]);
    const r2 = i8.add(gp.int64(5));
    expect(r2.dtype.name).to.equal('int64');
    expect(r2.toArray()).to.deep.equal([6n, 7n]);
    expect(gp.array([1], 'float32').add(gp.float64(2)).dtype.name).to.equal('float64');
    expect(gp.array([1], 'uint8').add(gp.int8(-1)).dtype.name).to.equal('int16');
    expect(i8.add(gp.array(1, 'int64')).dtype.name).to.equal('int64');
  });

  it('array-array promotion computes in the promoted loop', () => {
    const i8 = gp.array([-128, 127], 'int8');
    const u8 = gp.array([255, 255], 'uint8');
    const r = i8.add(u8);
    expect(r.dtype.name).to.equal('int16');
    expect(r.toArray()).to.deep.equal([127, 382]);
    const big = gp.array([2n ** 64n - 1n, 1n], 'uint64').add(gp.array([-1n, 1n], 'int64'));
    expect(big.dtype.name).to.equal('float64');
    expect(big.toArray()).to.deep.equal([2 ** 64 - 1, 2]);
    const h = gp.array([3], 'int16').multiply(gp.array([0.5], 'float16'));
    expect(h.dtype.name).to.equal('float32');
    expect(h.toArray()).to.deep.equal([1.5]);
  });

  it('loop resolution over scalars only and the dtype option', () => {
    expect(gp.add(1, 2).dtype.name).to.equal('int64');
    expect(gp.add(1, 2).toArray()).to.equal(3n);
    expect(gp.add(1, 2.5).dtype.name).to.equal('float64');
    const add = gp.ufuncs.get('add')!;
    const loop = (args: Parameters<typeof add.resolve>[0]) => add.resolve(args).loop.outs[0].name;
    expect(loop([gp.float16(1), 1e5])).to.equal('float16');
    expect(loop([gp.uint16(1), gp.int8(1)])).to.equal('int32');
    expect(gp.array([1, 2], 'int32').add(1, { dtype: 'float64' }).dtype.name).to.equal('float64');
    // A JS number past every 64-bit integer is a Python float (NumPy: int32 * 1e20 is float64), a bigint a Python int.
    const f = gp.array([1, 2], 'int32').multiply(1e20);
    expect([f.dtype.name, f.toArray()]).to.deep.equal(['float64', [1e20, 2e20]]);
    expect(() => gp.array([1], 'int64').add(2n ** 64n)).to.throw(RangeError, /out of bounds/);
  });
});

describe('isdtype (NumPy 2)', () => {
  it('kind names, dtypes and lists of them, as NumPy 2.4; unknown kinds and non-dtypes refused', () => {
    const d = gp.dtypes;
    const names = ['bool', 'signed integer', 'unsigned integer', 'integral', 'real floating', 'complex floating', 'numeric'] as const;
    // numpy.isdtype(t, kind) for each dtype (rows) and kind (columns, in `names` order).
    const want: [gp.DType, number[]][] = [
      [d.bool, [1, 0, 0, 0, 0, 0, 0]],
      [d.int8, [0, 1, 0, 1, 0, 0, 1]],
      [d.uint64, [0, 0, 1, 1, 0, 0, 1]],
      [d.float16, [0, 0, 0, 0, 1, 0, 1]],
      [d.float64, [0, 0, 0, 0, 1, 0, 1]],
      [d.complex64, [0, 0, 0, 0, 0, 1, 1]],
      [d.bfloat16, [0, 0, 0, 0, 1, 0, 1]],
    ];
    for (const [t, row] of want) expect(names.map((k) => Number(gp.isdtype(t, k))), t.name).to.deep.equal(row);
    expect(gp.isdtype(d.int8, ['integral', d.float64])).to.equal(true);
    expect(gp.isdtype(d.float32, [d.float64, 'complex floating'])).to.equal(false);
    expect(gp.isdtype(d.complex64, d.complex64)).to.equal(true);
    expect(gp.isdtype(d.float32, [])).to.equal(false);
    expect(() => gp.isdtype(d.float32, ['real floating', 'bogus'] as never)).to.throw(RangeError, /'bogus' is not a known kind name/);
    expect(() => gp.isdtype('float32' as never, 'numeric')).to.throw(TypeError, /dtype argument/);
    expect(() => gp.isdtype(d.float32, [1] as never)).to.throw(TypeError, /kind argument/);
  });
});
