// numpy.packbits and unpackbits against NumPy 2.4: axes, bit orders, padding, count, errors, and
// a round trip over random bits.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describeEachDevice('packbits and unpackbits', () => {
  it('packbits: flattened or along an axis, big or little endian, padded with zeros (NumPy values)', () => {
    const a = gp.array([[1, 0, 1], [0, 0, 1]]);
    expect([gp.packbits(a).shape, values(gp.packbits(a))]).to.deep.equal([[1], [164]]);
    expect([gp.packbits(a, 1).shape, values(gp.packbits(a, 1))]).to.deep.equal([[2, 1], [160, 32]]);
    expect([gp.packbits(a, { axis: 0 }).shape, values(gp.packbits(a, { axis: 0 }))]).to.deep.equal([[1, 3], [128, 0, 192]]);
    expect(values(gp.packbits(a, { bitorder: 'little' }))).to.deep.equal([37]);
    expect(values(gp.packbits(gp.array([true, true, false, true, true, true, true, true, true])))).to.deep.equal([223, 128]);
    expect(values(gp.packbits(gp.array([-3, 0, 255], 'int16')))).to.deep.equal([160]);
    expect([gp.packbits(gp.array(1)).shape, values(gp.packbits(gp.array(1)))]).to.deep.equal([[1], [128]]);
    expect(gp.packbits(gp.zeros([0], 'bool')).shape).to.deep.equal([0]);
    expect(gp.packbits(gp.zeros([2, 0], 'uint8'), 1).shape).to.deep.equal([2, 0]);
    expect(gp.packbits([1, 0, 1]).dtype.name).to.equal('uint8');
    expect(() => gp.packbits(gp.array([1.5]))).to.throw(TypeError, /integer or boolean/);
    expect(() => gp.packbits(a, { bitorder: 'x' as never })).to.throw(RangeError, /'little' or 'big'/);
  });

  it('unpackbits: axis, count (positive pads, negative drops), bit order (NumPy values)', () => {
    const b = gp.array([[2], [7], [23]], 'uint8');
    expect(values(gp.unpackbits(b, 1))).to.deep.equal([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1, 1, 1]);
    expect(gp.unpackbits(b).shape).to.deep.equal([24]);
    const dropped = gp.unpackbits(b, 1, { count: -3 });
    expect([dropped.shape, values(dropped)]).to.deep.equal([[3, 5], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]]);
    const padded = gp.unpackbits(b, { axis: 1, count: 10 });
    expect([padded.shape, values(padded.slice(2))]).to.deep.equal([[3, 10], [0, 0, 0, 1, 0, 1, 1, 1, 0, 0]]);
    expect(values(gp.unpackbits(b, { count: 3, bitorder: 'little' }))).to.deep.equal([0, 1, 0]);
    expect(gp.unpackbits(b, 0).shape).to.deep.equal([24, 1]);
    expect(gp.unpackbits(gp.zeros([2, 0], 'uint8'), { axis: 1, count: 4 }).shape).to.deep.equal([2, 4]);
    expect(() => gp.unpackbits(gp.array([1]))).to.throw(TypeError, /unsigned byte/);
    expect(() => gp.unpackbits(b, 1, { count: -20 })).to.throw(RangeError, /-count larger/);
  });

  it('a round trip over random bits and shapes, either bit order', () => {
    const r = rng(11);
    for (const [shape, axis] of [[[5, 19], 1], [[13, 4, 3], 0], [[2, 3, 17], -1], [[40], null]] as [number[], number | null][]) {
      const n = shape.reduce((x, y) => x * y, 1);
      const host = Array.from({ length: n }, () => (r() < 0.5 ? 1 : 0));
      const a = gp.array(host, 'uint8').reshape(shape);
      for (const bitorder of ['big', 'little'] as const) {
        const packed = gp.packbits(a, { axis, bitorder });
        const len = axis === null ? n : shape.at(axis)!;
        const back = gp.unpackbits(packed, { axis, bitorder, count: len });
        expect(back.shape).to.deep.equal(axis === null ? [n] : shape);
        expect(values(back)).to.deep.equal(host);
      }
    }
  });
});
