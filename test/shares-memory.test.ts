// gp.sharesMemory (numpy.shares_memory) against NumPy 2.4's answers and a brute-force reference
// over random views of one buffer: interleaved, transposed, reversed, broadcast and byte-offset
// views, maxWork and TooHardError.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

/** Every byte address an array's elements cover. */
function bytes(a: gp.GpuArray): Set<number> {
  const out = new Set<number>();
  const idx = new Array<number>(a.ndim).fill(0);
  if (a.size === 0) return out;
  for (;;) {
    let addr = a.offset;
    for (let d = 0; d < a.ndim; d++) addr += idx[d] * a.strides[d];
    for (let t = 0; t < a.itemsize; t++) out.add(addr + t);
    let k = a.ndim - 1;
    while (k >= 0 && ++idx[k] === a.shape[k]) idx[k--] = 0;
    if (k < 0) return out;
  }
}
const bruteForce = (a: gp.GpuArray, b: gp.GpuArray) => {
  const s = bytes(a);
  return [...bytes(b)].some((x) => s.has(x));
};

describeEachDevice('sharesMemory', () => {
  it("NumPy's answers: interleaved views share nothing, overlapping ones do; bounds only with maxWork 0", () => {
    const x = gp.arange(10, 'float64');
    expect(gp.sharesMemory(x.slice('::2'), x.slice('1::2'))).to.equal(false);
    expect(gp.mayShareMemory(x.slice('::2'), x.slice('1::2'))).to.equal(true);
    expect(gp.sharesMemory(x.slice('::2'), x.slice('1::2'), 0)).to.equal(true);
    expect(gp.sharesMemory(x.slice('::2'), x.slice('::3'))).to.equal(true);
    expect(gp.sharesMemory(x, x.slice('::-1'))).to.equal(true);
    expect(gp.sharesMemory(x.slice(':5'), x.slice('5:'))).to.equal(false);
    expect(gp.sharesMemory(x, gp.arange(10, 'float64'))).to.equal(false);
    expect(gp.sharesMemory(x, [1, 2, 3])).to.equal(false);
    const m = gp.zeros([6, 6], 'float32');
    expect(gp.sharesMemory(m.slice(':', ':3'), m.slice(':', '3:'))).to.equal(false);
    expect(gp.sharesMemory(m.slice(':', ':3'), m.T.slice(':', ':3'))).to.equal(true);
    expect(gp.sharesMemory(m.slice('::2'), m.slice('1::2'))).to.equal(false);
    // float32 bytes inside a complex64's real parts.
    const z = gp.zeros([4], 'complex64');
    expect(gp.sharesMemory(z.real, z.imag)).to.equal(false);
    expect(gp.sharesMemory(z.real, z)).to.equal(true);
  });

  it('agrees with a brute-force byte reference over random strided views', () => {
    const r = rng(7);
    const base = gp.zeros([12, 10], 'float32');
    const views = [':', '::2', '1::2', '::-1', '2:9:3', '1::3', '5:'];
    for (let trial = 0; trial < 150; trial++) {
      const pick = () => {
        const v = base.slice(views[Math.floor(r() * views.length)], views[Math.floor(r() * views.length)]);
        return r() < 0.3 ? v.T : v;
      };
      const a = pick();
      const b = pick();
      expect(gp.sharesMemory(a, b), `trial ${trial}: [${a.shape}]/${a.strides}@${a.offset} vs [${b.shape}]/${b.strides}@${b.offset}`).to.equal(bruteForce(a, b));
    }
  });

  it('maxWork: a search that needs more steps raises TooHardError; bad values are refused', () => {
    const x = gp.zeros([64, 64, 4], 'float32');
    const a = x.slice('::3', '::3', ':');
    const b = x.slice('::3', '::5', '1::2');
    expect(gp.sharesMemory(a, b)).to.equal(bruteForce(a, b));
    expect(() => gp.sharesMemory(a, b, { maxWork: 2 })).to.throw(gp.TooHardError);
    // Bytes apart by the gcd of the strides: decided without a step.
    expect(gp.sharesMemory(x.slice('::3', '::5', '::2'), x.slice('1::7', '2::3', '1::2'), 1)).to.equal(false);
    expect(() => gp.sharesMemory(a, b, -5)).to.throw(RangeError);
  });
});
