// float32 sums as accurate as NumPy's pairwise summation: the same value 0.1 (not exactly
// representable) added a thousand to a million times, along the whole array, along rows and along
// columns. A sum that adds one element at a time would be off by 1e-5 to 4e-5 here.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => Array.from(r.toTypedArray() as Float32Array);
const tenth = Math.fround(0.1);

describeEachDevice('float32 reductions keep pairwise accuracy', () => {
  for (const n of [1000, 1 << 20]) {
    it(`sum and mean of ${n} copies of 0.1`, () => {
      const a = gp.full([n], 0.1, 'float32');
      const exact = n * tenth;
      expect(Math.abs(values(a.sum())[0] / exact - 1)).to.be.below(1e-6);
      expect(Math.abs(values(a.mean())[0] / tenth - 1)).to.be.below(1e-6);
    });
  }

  it('row and column sums of a 64 x 65536 array', () => {
    const a = gp.full([64, 65536], 0.1, 'float32');
    for (const s of values(a.sum({ axis: 1 }))) expect(Math.abs(s / (65536 * tenth) - 1)).to.be.below(1e-6);
    const t = gp.full([65536, 3], 0.1, 'float32');
    for (const s of values(t.sum({ axis: 0 }))) expect(Math.abs(s / (65536 * tenth) - 1)).to.be.below(1e-6);
  });
});
