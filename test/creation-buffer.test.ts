// numpy.frombuffer and numpy.fromiter against NumPy 2.4: bytes as elements of a dtype, count and
// offset, NumPy's errors; any JS iterable, count, a short iterator, out-of-range values.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => Array.from(r.toTypedArray() as ArrayLike<number | bigint>, Number);

describeEachDevice('frombuffer and fromiter', () => {
  it('frombuffer reads the bytes (not the values) as the dtype, after offset, count of them', () => {
    const bytes = Float32Array.of(0, 1, 2, 3, 4, 5);
    const all = gp.frombuffer(bytes.buffer, 'float32');
    expect([all.dtype.name, values(all)]).to.deep.equal(['float32', [0, 1, 2, 3, 4, 5]]);
    expect(values(gp.frombuffer(bytes, 'float32', 2, 4))).to.deep.equal([1, 2]);
    expect(values(gp.frombuffer(bytes, { dtype: 'float32', count: 2, offset: 4 }))).to.deep.equal([1, 2]);
    expect(gp.frombuffer(bytes).shape).to.deep.equal([3]); // float64 by default: 24 bytes
    expect(values(gp.frombuffer(Uint8Array.of(1, 0, 2, 0), 'int16'))).to.deep.equal([1, 2]);
    expect(values(gp.frombuffer(Uint8Array.of(7, 8, 9), 'uint8', -1, 1))).to.deep.equal([8, 9]);
    expect(gp.frombuffer(new ArrayBuffer(0), 'float32').shape).to.deep.equal([0]);
    expect(gp.frombuffer(bytes, 'float32', 0).shape).to.deep.equal([0]);
    expect(() => gp.frombuffer(bytes.buffer.slice(0, 5), 'float32')).to.throw(RangeError, 'buffer size must be a multiple of element size');
    expect(() => gp.frombuffer(bytes, 'float32', -1, 30)).to.throw(RangeError, 'offset must be non-negative and no greater than buffer length (24)');
    expect(() => gp.frombuffer(bytes, 'float32', 10)).to.throw(RangeError, 'buffer is smaller than requested size');
    expect(() => gp.frombuffer([1, 2] as never, 'float32')).to.throw(TypeError);
  });

  it('fromiter takes any iterable, count of it, in the dtype', () => {
    const squares = function* () {
      for (let i = 0; i < 5; i++) yield i * i;
    };
    const r = gp.fromiter(squares(), 'int32');
    expect([r.dtype.name, values(r)]).to.deep.equal(['int32', [0, 1, 4, 9, 16]]);
    expect(values(gp.fromiter([1.5, 2], 'float64', 1))).to.deep.equal([1.5]);
    expect(values(gp.fromiter(new Set([3, 1, 2]), { dtype: 'uint8', count: 2 }))).to.deep.equal([3, 1]);
    expect(gp.fromiter([], 'float32').shape).to.deep.equal([0]);
    expect(() => gp.fromiter([0, 1, 2], 'int8', 5)).to.throw(RangeError, 'iterator too short: Expected 5 but iterator had only 3 items.');
    expect(() => gp.fromiter([300], 'int8')).to.throw(RangeError);
    expect(() => gp.fromiter(3 as never, 'int8')).to.throw(TypeError, /iterable/);
  });
});
