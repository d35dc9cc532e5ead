// Issue 13, dtype names: only the dtype tables' own keys are names ('__proto__', 'constructor',
// 'toString' made arrays whose itemsize was undefined, so the pool's accounting went NaN), and
// promoteTypes/canCast/resultType take names as NumPy's promote_types/can_cast do. Expected
// promotions are NumPy 2's promote_types table.
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

const OBJECT_MEMBERS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

describeEachDevice('adversarial: dtype names', () => {
  for (const name of OBJECT_MEMBERS) {
    it(`'${name}' is an unknown dtype everywhere, and nothing is allocated`, () => {
      const pool = gp.getMemoryPool();
      const before = pool.usedBytes();
      expect(() => gp.dtype(name)).to.throw(TypeError, /unknown dtype/);
      expect(() => gp.zeros(3, name)).to.throw(TypeError, /zeros: dtype .*unknown dtype/);
      expect(() => gp.empty(3, name)).to.throw(TypeError, /unknown dtype/);
      expect(() => gp.full(3, 1, name)).to.throw(TypeError, /unknown dtype/);
      expect(() => gp.array([1, 2], name)).to.throw(TypeError, /unknown dtype/);
      expect(() => gp.arange(3, name)).to.throw(TypeError, /unknown dtype/);
      const a = gp.array([1, 2, 3], 'float32');
      const used = pool.usedBytes();
      expect(() => a.astype(name)).to.throw(TypeError, /unknown dtype/);
      expect(() => a.sum({ dtype: name })).to.throw(TypeError, /sum: dtype .*unknown dtype/);
      expect(() => gp.add(a, 1, { dtype: name })).to.throw(TypeError, /add: dtype .*unknown dtype/);
      expect(() => gp.ElementwiseKernel(`${name} x`, 'float32 y', 'y = x', 'k')).to.throw(TypeError, /unknown type/);
      expect(() => gp.promoteTypes(name, 'int8')).to.throw(TypeError, /unknown dtype/);
      expect(pool.usedBytes()).to.equal(used);
      a.dispose();
      expect(pool.usedBytes()).to.equal(before);
      expect(Number.isFinite(pool.totalBytes())).to.equal(true);
    });
  }

  it('aliases and one-letter codes still resolve', () => {
    expect(gp.dtype('double').name).to.equal('float64');
    expect(gp.dtype('f').name).to.equal('float32');
    expect(gp.dtype('intp').name).to.equal('int64');
    expect(gp.dtype('int_').name).to.equal('int64'); // NumPy 2's default integer
  });

  // [a, b, numpy.promote_types(a, b)]
  const PROMOTIONS: [string, string, string][] = [
    ['int8', 'int16', 'int16'],
    ['int8', 'uint8', 'int16'],
    ['uint8', 'int32', 'int32'],
    ['uint32', 'int32', 'int64'],
    ['int64', 'uint64', 'float64'],
    ['bool', 'uint16', 'uint16'],
    ['float16', 'int16', 'float32'],
    ['float16', 'uint8', 'float16'],
    ['int32', 'float32', 'float64'],
    ['complex64', 'float64', 'complex128'],
    ['complex64', 'int8', 'complex64'],
    ['f', 'd', 'float64'],
  ];
  for (const [x, y, want] of PROMOTIONS) {
    it(`promoteTypes('${x}', '${y}') is ${want}, with names, DTypes or both`, () => {
      expect(gp.promoteTypes(x, y).name).to.equal(want);
      expect(gp.promoteTypes(y, x).name).to.equal(want);
      expect(gp.promoteTypes(gp.dtype(x), y).name).to.equal(want);
      expect(gp.promoteTypes(x, gp.dtype(y)).name).to.equal(want);
    });
  }

  // [from, to, numpy.can_cast(from, to)] (safe casting)
  const CASTS: [string, string, boolean][] = [
    ['int8', 'int16', true],
    ['int16', 'int8', false],
    ['uint8', 'int8', false],
    ['uint8', 'int16', true],
    ['int64', 'float64', true],
    ['uint64', 'int64', false],
    ['float32', 'complex64', true],
    ['complex64', 'float64', false],
    ['bool', 'int8', true],
    ['float16', 'int32', false],
  ];
  for (const [from, to, want] of CASTS) {
    it(`canCast('${from}', '${to}') is ${want}`, () => {
      expect(gp.canCast(from, to)).to.equal(want);
      expect(gp.canCast(gp.dtype(from), gp.dtype(to))).to.equal(want);
    });
  }

  it('resultType takes dtype names', () => {
    expect(gp.resultType(['int8', 'uint8']).name).to.equal('int16');
    expect(gp.resultType(['float16', 'int16']).name).to.equal('float32');
  });
});
