// The legacy RandomState's argument rules (and the module functions', its global instance's) where
// a differential sweep against NumPy 2.4 found them apart: hypergeometric's nsample, multinomial's n
// and pvals, random_integers' bounds, tomaxint's size, rand/randn dimensions, seed and constructor
// arity, seed lists past int64. Expected outcomes are NumPy 2.4's (written beside each line).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('gp.random legacy RandomState rules', () => {
  const rs = () => new gp.random.RandomState(3);
  const shapeOf = (r: gp.GpuArray) => [r.dtype.name, r.shape];

  it('RandomState.hypergeometric: nsample casts to int64 safely, then counts as the integer it truncates to', () => {
    // np: RandomState().hypergeometric(5, 7, np.array([4.0, 0.0])) -> TypeError (float64 to int64 'safe');
    // hypergeometric(5, 7, np.float32(0.5), size=2) -> ValueError 'nsample < 1'; hypergeometric(5, 7, 1.5) draws
    expect(() => rs().hypergeometric(5, 7, gp.array([4, 0], 'float64'))).to.throw(TypeError, /safe/);
    expect(() => rs().hypergeometric(5, 7, gp.array([4, -1], 'float64'))).to.throw(TypeError, /safe/);
    expect(() => rs().hypergeometric(5, 7, gp.float32(0.5), 2)).to.throw(RangeError, /nsample < 1/);
    expect(() => gp.random.hypergeometric(5, 7, 0.5, 2)).to.throw(RangeError, /nsample < 1/);
    expect(shapeOf(rs().hypergeometric(5, 7, 1.5, 2))).to.deep.equal(['int64', [2]]);
    // np: hypergeometric(5, 7, np.array([1, 2], 'int32')) -> int64 (2,)
    expect(shapeOf(rs().hypergeometric(5, 7, gp.array([1, 2], 'int32')))).to.deep.equal(['int64', [2]]);
  });

  it('RandomState.multinomial: n is a C long first (NaN, past int64), then a scalar pvals is a TypeError', () => {
    // np: RandomState().multinomial(5, 0.5) -> TypeError 'pvals must be a 1-d sequence' (also np.float64(0.5), np.array(0.5), and n=-1)
    expect(() => rs().multinomial(5, 0.5)).to.throw(TypeError, /1-d sequence/);
    expect(() => rs().multinomial(5, gp.float64(0.5))).to.throw(TypeError, /1-d sequence/);
    expect(() => rs().multinomial(5, gp.array(0.5))).to.throw(TypeError, /1-d sequence/);
    expect(() => gp.random.multinomial(-1, 0.5)).to.throw(TypeError, /1-d sequence/);
    // np: multinomial(nan, []) and multinomial(nan, 0.5) -> ValueError; multinomial(2**63, []) -> OverflowError; inf -> OverflowError
    expect(() => rs().multinomial(NaN, [])).to.throw(RangeError);
    expect(() => rs().multinomial(NaN, 0.5)).to.throw(RangeError);
    expect(() => rs().multinomial(2n ** 63n, [])).to.throw(RangeError, /too large/);
    expect(() => rs().multinomial(Infinity, [])).to.throw(RangeError);
    // np: multinomial(-0.5, []) -> int64 (0,) (n truncates to 0); multinomial(-1, []) -> ValueError 'n < 0'
    expect(shapeOf(rs().multinomial(-0.5, []))).to.deep.equal(['int64', [0]]);
    expect(() => rs().multinomial(-1, [])).to.throw(RangeError, /n < 0/);
  });

  it('RandomState.randomIntegers: array bounds are a TypeError (NumPy converts each to one int)', () => {
    // np: RandomState().random_integers(np.array([1, 5]), size=3) and random_integers(1, np.array([1, 5])) -> TypeError
    expect(() => rs().randomIntegers(gp.array([1, 5]), null, 3)).to.throw(TypeError, /0-dimensional/);
    expect(() => rs().randomIntegers(1, [1, 5])).to.throw(TypeError, /0-dimensional/);
    // np: random_integers(4, 4, size=3) -> [4, 4, 4]; random_integers(1, size=3) -> [1, 1, 1]
    expect(rs().randomIntegers(4, 4, 3).toArray()).to.deep.equal([4n, 4n, 4n]);
    expect(gp.random.randomIntegers(1, null, 3).toArray()).to.deep.equal([1n, 1n, 1n]);
  });

  it('RandomState.tomaxint takes size by position or option; rand/randn take a typed or 0-d integer dimension', () => {
    // np: RandomState().tomaxint(size=(2, 3)) -> int64 (2, 3); tomaxint(size=-1) -> ValueError; tomaxint() -> a scalar
    expect(shapeOf(rs().tomaxint({ size: [2, 3] }))).to.deep.equal(['int64', [2, 3]]);
    expect(shapeOf(rs().tomaxint(3))).to.deep.equal(['int64', [3]]);
    expect(rs().tomaxint().shape).to.deep.equal([]);
    expect(() => rs().tomaxint({ size: -1 })).to.throw(RangeError);
    expect(() => rs().tomaxint({ bogus: 1 } as never)).to.throw(TypeError);
    // np: rand(np.int64(2)) and randn(np.array(2)) -> float64 (2,); rand(np.array([2, 3])) -> TypeError
    expect(shapeOf(rs().rand(gp.int64(2)))).to.deep.equal(['float64', [2]]);
    expect(shapeOf(gp.random.randn(gp.array(2) as never, 3))).to.deep.equal(['float64', [2, 3]]);
    expect(() => rs().rand(gp.array([2, 3]) as never)).to.throw(TypeError);
    expect(() => rs().randn(gp.float64(2) as never)).to.throw(TypeError);
  });

  it('RandomState: one seed argument; a seed list with a value past int64 is a TypeError', () => {
    // np: RandomState(1, 2) and RandomState().seed(1, 2) -> TypeError (at most 1 positional argument)
    expect(() => new (gp.random.RandomState as new (...a: unknown[]) => unknown)(1, 2)).to.throw(TypeError, /positional/);
    expect(() => (rs().seed as (...a: unknown[]) => void)(1, 2)).to.throw(TypeError, /positional/);
    // np: RandomState([2**64]) -> TypeError (dtype('O') to int64); seed([2**63]) -> TypeError (dtype('uint64') to int64);
    // RandomState([2**32]) -> ValueError; RandomState(2**64) -> ValueError
    expect(() => new gp.random.RandomState([2n ** 64n])).to.throw(TypeError, /dtype\('O'\)/);
    expect(() => gp.random.seed([2n ** 63n])).to.throw(TypeError, /dtype\('uint64'\)/);
    expect(() => new gp.random.RandomState([2 ** 32])).to.throw(RangeError);
    expect(() => new gp.random.RandomState(2n ** 64n)).to.throw(RangeError);
    expect(() => rs().seed([1, 2 ** 32 - 1])).to.not.throw();
  });
  it('RandomState.dirichlet: a scalar alpha is a TypeError (no len()) before alpha <= 0', () => {
    // np: RandomState().dirichlet(-1.0), dirichlet(np.float64(-1)) -> TypeError; dirichlet([1.0, -1.0]) -> ValueError
    expect(() => rs().dirichlet(-1)).to.throw(TypeError);
    expect(() => rs().dirichlet(gp.float64(-1))).to.throw(TypeError);
    expect(() => gp.random.dirichlet(gp.array(-1.5))).to.throw(TypeError);
    expect(() => rs().dirichlet([1, -1])).to.throw(RangeError, /alpha <= 0/);
  });
  it('typed float scalars and 0-d arrays: choice/permutation refuse them, multinomial n and pvals items take them, uniform takes a uint64 scalar', () => {
    // np: default_rng().choice(np.float32(1.0), 2) -> ValueError; RandomState().choice(np.float64(-1.0), 2) -> ValueError
    // 'a must be 1-dimensional or an integer'; default_rng().permutation(np.float32(1.0)) -> AxisError; RandomState's -> IndexError
    expect(() => gp.random.defaultRng(3).choice(gp.float32(1), 2)).to.throw(RangeError, /sequence or an integer/);
    expect(() => rs().choice(gp.float64(-1), 2)).to.throw(RangeError, /1-dimensional or an integer/);
    expect(() => gp.random.defaultRng(3).permutation(gp.float32(1))).to.throw(RangeError);
    expect(() => rs().permutation(gp.float64(3))).to.throw(gp.IndexError);
    // np: RandomState().multinomial(np.array(1.0), [0.5, 0.5]) -> int64 (2,) summing to 1; np.float64(2.0) -> sum 2;
    // np.array(-1.0) -> ValueError 'n < 0'; np.array(nan) -> ValueError; multinomial(3, [0.5, np.array(0.5)]) -> sum 3
    const sum = (r: gp.GpuArray) => (r.toArray() as bigint[]).reduce((x, y) => x + y, 0n);
    const m1 = rs().multinomial(gp.array(1.0, 'float64'), [0.5, 0.5]);
    expect([...shapeOf(m1), sum(m1)]).to.deep.equal(['int64', [2], 1n]);
    expect(sum(rs().multinomial(gp.float64(2), [0.5, 0.5]))).to.equal(2n);
    expect(() => rs().multinomial(gp.array(-1.0, 'float64'), [0.5, 0.5])).to.throw(RangeError, /n < 0/);
    expect(() => rs().multinomial(gp.array(NaN), [0.5, 0.5])).to.throw(RangeError);
    expect(sum(gp.random.multinomial(3, [0.5, gp.array(0.5)]))).to.equal(3n);
    // np: RandomState().uniform(np.uint64(2**63), 2.0, size=2) -> float64 (2,) in (2, 2**63]
    const u = rs().uniform(gp.uint64(2n ** 63n), 2, 2);
    expect(shapeOf(u)).to.deep.equal(['float64', [2]]);
    expect((u.toArray() as number[]).every((v) => v > 2 && v <= 2 ** 63)).to.equal(true);
  });
});
