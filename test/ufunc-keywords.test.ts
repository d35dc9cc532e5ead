// The ufunc keywords besides out and dtype, as NumPy 2.4 answers them: `where` (masked calls, out
// kept where the mask is false, the mask broadcast with the inputs), `casting` (inputs into the
// loop, results into out) and `order` (F-ordered outputs), on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

const nums = (a: gp.GpuArray) => (a.toArray() as unknown[]).flat(4).map(Number);

describeEachDevice('ufunc keywords: where, casting, order', () => {
  it("where with out: NumPy's divide-where-nonzero idiom; unselected elements keep out's values", () => {
    const a = gp.array([1, 2, 3], 'float64');
    const b = gp.array([0, 2, 0], 'float64');
    const out = gp.zeros([3], 'float64');
    const r = gp.divide(a, b, { out, where: b.notEqual(0) });
    expect(r).to.equal(out);
    expect(nums(out)).to.deep.equal([0, 1, 0]);
    // np.negative(np.arange(3.), where=[True, False, True], out=np.full(3, 9.5)) -> [-0., 9.5, -2.]
    const o2 = gp.full([3], 9.5);
    gp.negative(gp.arange(3, 'float64'), { where: [true, false, true], out: o2 });
    expect(nums(o2)).to.deep.equal([-0, 9.5, -2]);
    expect(Object.is(nums(o2)[0], -0)).to.equal(true);
    // where false: nothing reaches out; where true is an ordinary call.
    const o3 = gp.full([3], 7.5);
    gp.add(a, 1, { where: false, out: o3 });
    expect(nums(o3)).to.deep.equal([7.5, 7.5, 7.5]);
    expect(nums(gp.add(a, 1, { where: true }))).to.deep.equal([2, 3, 4]);
    // As a method, and with two outputs (divmod: each selected element of each).
    expect(nums(a.multiply(2, { where: gp.array([false, true, false]), out: gp.ones([3]) }))).to.deep.equal([1, 4, 1]);
    const q = gp.full([3], -1, 'int64');
    const rem = gp.full([3], -1, 'int64');
    gp.divmod(gp.array([7, 8, 9]), 2, { where: gp.array([true, false, true]), out: [q, rem] });
    expect([nums(q), nums(rem)]).to.deep.equal([[3, -1, 4], [1, -1, 1]]);
  });

  it('the mask broadcasts with the inputs (the result takes its shape); its dtype must be bool', () => {
    // np.add(1, 2, where=[True, False]).shape == (2,); np.add(np.ones((2, 1)), 1, where=[T, F]).shape == (2, 2)
    expect(gp.add(1, 2, { where: gp.array([true, false]), out: null }).shape).to.deep.equal([2]);
    const r = gp.add(gp.ones([2, 1]), 1, { where: gp.array([true, false]), out: null });
    expect(r.shape).to.deep.equal([2, 2]);
    expect(nums(r.slice(':', 0))).to.deep.equal([2, 2]);
    // A mask that only broadcasts to out's shape.
    const out = gp.zeros([2, 3]);
    gp.add(gp.ones([2, 3]), gp.arange(3, 'float64'), { out, where: gp.array([[true], [false]]) });
    expect(out.toArray()).to.deep.equal([[1, 2, 3], [0, 0, 0]]);
    expect(() => gp.add(gp.arange(3, 'float64'), 1, { where: gp.array([1, 0, 1]) })).to.throw(TypeError, /to dtype\('bool'\) according to the rule 'safe'/);
    expect(() => gp.add(gp.arange(4, 'float64'), 1, { where: gp.array([true, false, true]), out: gp.zeros([4]) })).to.throw(RangeError);
    expect(() => gp.add(gp.arange(3, 'float64'), 1, { where: 'yes' as never })).to.throw(TypeError, /where/);
  });

  it('where against a host reference over random shapes, masks and dtypes', () => {
    const r = rng(11);
    for (const d of ['float32', 'int32', 'float64', 'uint8'] as const) {
      for (let trial = 0; trial < 4; trial++) {
        const rows = 1 + Math.floor(r() * 5);
        const cols = 1 + Math.floor(r() * 7);
        const av = Array.from({ length: rows * cols }, () => Math.floor(r() * 50));
        const bv = Array.from({ length: cols }, () => Math.floor(r() * 50));
        const mv = Array.from({ length: rows }, () => r() < 0.5);
        const ov = Array.from({ length: rows * cols }, () => Math.floor(r() * 50));
        const out = gp.array(ov, d).reshape([rows, cols]);
        gp.add(gp.array(av, d).reshape([rows, cols]), gp.array(bv, d), { where: gp.array(mv).reshape([rows, 1]), out });
        const wrap = (x: number) => (d === 'uint8' ? x % 256 : x);
        const want = ov.map((o, k) => (mv[Math.floor(k / cols)] ? wrap(av[k] + bv[k % cols]) : o));
        expect(nums(out), `${d} ${rows}x${cols}`).to.deep.equal(want);
      }
    }
  });

  it("casting: NumPy's checks of the inputs into the loop and of the results into out", () => {
    const i32 = gp.array([0, 1, 2], 'int32');
    const i64 = gp.array([0, 1, 2], 'int64');
    expect(() => gp.add(i32, i64, { casting: 'no' })).to.throw(TypeError, "Cannot cast ufunc 'add' input 0 from int32 to int64 with casting rule 'no'");
    expect(() => gp.add(i32, i64, { casting: 'equiv' })).to.throw(TypeError, "rule 'equiv'");
    expect(gp.add(i32, i64, { casting: 'safe' }).dtype.name).to.equal('int64');
    // A weak JS scalar takes the loop's type: no cast to check.
    expect(gp.add(i32, 1, { casting: 'no' }).dtype.name).to.equal('int32');
    expect(() => gp.add(i32, 1, { out: gp.zeros([3], 'int64'), casting: 'no' })).to.throw(TypeError, "output from int32 to int64 with casting rule 'no'");
    // dtype=: same_kind refuses float64 -> int32; unsafe computes in int32 (NumPy: [0, 1]).
    const f = gp.array([0.5, 1.5], 'float64');
    expect(() => gp.add(f, 1, { dtype: 'int32' })).to.throw(TypeError, "Cannot cast ufunc 'add' input 0 from float64 to int32 with casting rule 'same_kind'");
    const u = gp.add(f, 1, { dtype: 'int32', casting: 'unsafe' });
    expect([u.dtype.name, nums(u)]).to.deep.equal(['int32', [1, 2]]);
    expect(() => gp.add(i32, i32, { dtype: 'int64', casting: 'no' })).to.throw(TypeError, "input 0 from int32 to int64 with casting rule 'no'");
    // Results into out: same_kind refuses float into int; unsafe truncates (NumPy: [1, 2, 3]).
    expect(() => gp.add(gp.arange(3), 1.5, { out: gp.zeros([3], 'int64') })).to.throw(TypeError, "output from float64 to int64 with casting rule 'same_kind'");
    const o = gp.zeros([3], 'int64');
    gp.add(gp.arange(3), 1.5, { out: o, casting: 'unsafe' });
    expect(nums(o)).to.deep.equal([1, 2, 3]);
    // With where: np.add(np.arange(3), 1.5, out=zeros(int64), where=[T, F, T], casting='unsafe') -> [1, 0, 3].
    const ow = gp.zeros([3], 'int64');
    gp.add(gp.arange(3), 1.5, { out: ow, where: [true, false, true], casting: 'unsafe' });
    expect(nums(ow)).to.deep.equal([1, 0, 3]);
    expect(() => gp.add(gp.arange(3), 1.5, { out: ow, where: [true, false, true] })).to.throw(TypeError, "casting rule 'same_kind'");
    expect(() => gp.add(i32, 1, { casting: 'bogus' as never })).to.throw(RangeError, /casting must be one of/);
  });

  it("dtype= fixes the outputs as NumPy 2's: the inputs' own loop when it gives that dtype, else a safe loop, else that dtype's", () => {
    // np.equal(i4, i4, dtype=bool) compares in int32 (not int8): [False, False, True], also with casting='no'.
    const a = gp.array([256, 1000, 3], 'int32');
    const b = gp.array([0, 232, 3], 'int32');
    expect(gp.equal(a, b, { dtype: 'bool' }).toArray()).to.deep.equal([false, false, true]);
    expect(gp.equal(a, b, { dtype: 'bool', casting: 'no' }).toArray()).to.deep.equal([false, false, true]);
    // np.not_equal([0.5, 1e-3], [0.5, 2e-3], dtype=bool) -> [False, True] (float64, not float16)
    expect(gp.notEqual(gp.array([0.5, 1e-3]), gp.array([0.5, 2e-3]), { dtype: 'bool' }).toArray()).to.deep.equal([false, true]);
    expect(gp.isnan(gp.array([1e300, NaN]), { dtype: 'bool', casting: 'equiv' }).toArray()).to.deep.equal([false, true]);
    expect(gp.logicalAnd(gp.array([256], 'int32'), 1, { dtype: 'bool' }).toArray()).to.deep.equal([true]);
    // The logical ufuncs take any operands to bool whatever the casting rule.
    expect(gp.logicalAnd(gp.array([1, 0], 'int8'), gp.array([0.5, 0]), { casting: 'no' }).toArray()).to.deep.equal([true, false]);
    // bool inputs computed in another dtype: np.subtract(t, u, dtype='int8') -> [1, -1, 0] ...
    const t = gp.array([true, false, true]);
    const u = gp.array([false, true, true]);
    const s = gp.subtract(t, u, { dtype: 'int8' });
    expect([s.dtype.name, s.toArray()]).to.deep.equal(['int8', [1, -1, 0]]);
    expect(() => gp.subtract(t, u, { dtype: 'bool' })).to.throw(TypeError, /boolean subtract/);
    const n = gp.negative(gp.array([true, false]), { dtype: 'float32' });
    expect([n.dtype.name, Object.is((n.toArray() as number[])[1], -0)]).to.deep.equal(['float32', true]);
    expect(gp.gcd(t, u, { dtype: 'int16' }).toArray()).to.deep.equal([1, 1, 1]);
    // ... np.absolute(complex64, dtype='float64') runs the complex128 loop: [5.]
    const m = gp.absolute(gp.array([{ re: 3, im: 4 }], 'complex64'), { dtype: 'float64' });
    expect([m.dtype.name, m.toArray()]).to.deep.equal(['float64', [5]]);
    // No loop gives every output in that dtype, or takes the inputs safely: NumPy's TypeError.
    expect(() => gp.frexp(gp.array([1.5]), { dtype: 'float64' })).to.throw(TypeError, /No loop matching/);
    expect(() => gp.ldexp(gp.array([1.5]), gp.array([2], 'int32'), { dtype: 'float32' })).to.throw(TypeError, /No loop matching/);
    expect(() => gp.equal(a, b, { dtype: 'int8' })).to.throw(TypeError, /No loop matching/);
  });

  it("casting checks JS scalars as NumPy 2: a number below the loop's kind, and a boolean (np.bool) under 'no'", () => {
    const a = gp.array([1, 2], 'int8');
    // np.add(int8, 1.5, dtype='int8'): "Cannot cast ufunc 'add' input 1 from dtype('float64') to dtype('int8') with casting rule 'same_kind'"
    expect(() => gp.add(a, 1.5, { dtype: 'int8' })).to.throw(TypeError, "Cannot cast ufunc 'add' input 1 from float64 to int8 with casting rule 'same_kind'");
    expect(() => gp.add(gp.array([true]), 3, { dtype: 'bool' })).to.throw(TypeError, "input 1 from int64 to bool with casting rule 'same_kind'");
    expect(() => gp.add(a, true, { casting: 'no' })).to.throw(TypeError, "input 1 from bool to int8 with casting rule 'no'");
    // A weak number of the loop's kind or below passes any rule: [4, 5] and [4.5].
    expect(gp.add(a, 3, { dtype: 'int8', casting: 'no' }).toArray()).to.deep.equal([4, 5]);
    expect(gp.add(gp.array([1.5], 'float32'), 3, { dtype: 'float32', casting: 'no' }).toArray()).to.deep.equal([4.5]);
    // 1e300 is a float, not an out-of-range integer: allowed under 'unsafe'.
    expect(gp.multiply(a, 1e300, { dtype: 'int8', casting: 'unsafe' }).dtype.name).to.equal('int8');
    // A comparison with an out-of-range int checks its bool result into out under the rule too.
    expect(() => gp.less(gp.array([1], 'int8'), 300, { out: gp.zeros([1], 'int8'), casting: 'no' })).to.throw(TypeError, "output from bool to int8 with casting rule 'no'");
    expect(nums(gp.less(gp.array([1], 'int8'), 300, { out: gp.zeros([1], 'int8'), casting: 'unsafe' }))).to.deep.equal([1]);
  });

  it('a float16 loop takes its inputs rounded to float16, as NumPy casts them into the loop', () => {
    // np.floor_divide([1., 7.], [.1, .1], dtype='float16') -> [10., 70.] (0.1 is 0.0999755859375 in float16)
    expect(gp.floorDivide(gp.array([1, 7]), gp.array([0.1, 0.1]), { dtype: 'float16' }).toArray()).to.deep.equal([10, 70]);
    // np.floor_divide(uint16 65535, 17, dtype='float16'): 65535 is inf in float16 -> nan
    expect(Number.isNaN((gp.floorDivide(gp.array([65535], 'uint16'), gp.array([17], 'uint16'), { dtype: 'float16' }).toArray() as number[])[0])).to.equal(true);
    // np.add(float32 [0.1], [0.2], dtype='float16').tolist() -> [0.2998046875]
    expect(gp.add(gp.array([0.1], 'float32'), gp.array([0.2]), { dtype: 'float16' }).toArray()).to.deep.equal([0.2998046875]);
  });

  it("order: 'F' allocates column-major outputs, 'K' and 'A' follow F-ordered inputs, 'C' and the default are row-major", () => {
    const c = gp.ones([2, 3], 'float32');
    const fIn = gp.ones([3, 2], 'float32').T; // F-contiguous, not C
    const f = gp.add(c, 1, { order: 'F' });
    expect([f.flags.fContiguous, f.flags.cContiguous, nums(f)]).to.deep.equal([true, false, [2, 2, 2, 2, 2, 2]]);
    expect(gp.add(fIn, 1, { order: 'K' }).flags.fContiguous).to.equal(true);
    expect(gp.add(fIn, 1, { order: 'A' }).flags.fContiguous).to.equal(true);
    expect(gp.add(fIn, c, { order: 'K' }).flags.cContiguous).to.equal(true); // mixed layouts: C
    expect(gp.add(fIn, 1, { order: 'C' }).flags.cContiguous).to.equal(true);
    expect(gp.add(fIn, 1).flags.cContiguous).to.equal(true);
    const [m, e] = gp.frexp(fIn, { order: 'F' });
    expect([m.flags.fContiguous, e.flags.fContiguous]).to.deep.equal([true, true]);
    expect(() => gp.add(c, 1, { order: 'X' as never })).to.throw(RangeError, /order must be one of/);
  });
});
