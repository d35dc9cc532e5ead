// median and nanmedian of complex arrays against NumPy 2.4: the middle of NumPy's complex order,
// NaN rows (median: the row's last element; nanmedian: skipped, all-NaN nan+0j), axes, keepdims,
// dtypes; quantiles of complex refused as NumPy's.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

type C = { re: number; im: number };
const C = (re: number, im: number): C => ({ re, im });
const parts = (a: gp.GpuArray): number[][] => {
  const v = a.toArray();
  return (Array.isArray(v) ? (v as unknown[]).flat(3) : [v]).map((z) => [(z as C).re, (z as C).im]);
};

describeEachDevice('median of complex arrays', () => {
  it("NumPy's medians: middle elements in complex order, axes and keepdims, complex64 stays", () => {
    const z = gp.array([C(3, 1), C(1, 5), C(2, -1), C(1, 2)], 'complex128');
    expect(parts(gp.median(z))).to.deep.equal([[1.5, 2]]);
    expect(parts(gp.median(z.reshape([2, 2]), 0))).to.deep.equal([[2.5, 0], [1, 3.5]]);
    expect(parts(gp.median(z.slice(':3')))).to.deep.equal([[2, -1]]);
    const f = gp.median(gp.array([C(1, 1), C(2, 2)], 'complex64'), { keepdims: true });
    expect([f.dtype.name, f.shape, parts(f)]).to.deep.equal(['complex64', [1], [[1.5, 1.5]]]);
  });

  it('NaNs: median gives the NaN element, nanmedian skips them (all-NaN: nan+0j); empty: nan+nanj', () => {
    const z2 = gp.array([C(3, 1), C(1, 5), C(NaN, 0), C(1, 2)], 'complex128');
    const m = parts(gp.median(z2))[0];
    expect([Number.isNaN(m[0]), m[1]]).to.deep.equal([true, 0]);
    expect(parts(gp.nanmedian(z2))).to.deep.equal([[1, 5]]);
    const z3 = gp.array([[C(NaN, 0), C(NaN, NaN)], [C(1, 1), C(2, 0)]], 'complex128');
    const nm = parts(gp.nanmedian(z3, 1));
    expect([Number.isNaN(nm[0][0]), nm[0][1], nm[1]]).to.deep.equal([true, 0, [1.5, 0.5]]);
    const md = parts(gp.median(z3, 1));
    expect([Number.isNaN(md[0][0]), Number.isNaN(md[0][1]), md[1]]).to.deep.equal([true, true, [1.5, 0.5]]);
    expect(parts(gp.median(gp.zeros([0], 'complex128')))[0].every(Number.isNaN)).to.equal(true);
  });

  it('random complex rows against a host reference (lexicographic sort, mean of the middle)', () => {
    const r = rng(3);
    for (const [rows, cols] of [[3, 7], [4, 8], [1, 1], [5, 2]]) {
      const data: C[] = Array.from({ length: rows * cols }, () => C(Math.floor(r() * 5), Math.floor(r() * 9) - 4));
      const got = parts(gp.median(gp.array(data, 'complex128').reshape([rows, cols]), 1));
      for (let i = 0; i < rows; i++) {
        const row = data.slice(i * cols, (i + 1) * cols).sort((a, b) => a.re - b.re || a.im - b.im);
        const a = row[Math.floor((cols - 1) / 2)];
        const b = row[Math.floor(cols / 2)];
        expect(got[i], `${rows}x${cols} row ${i}`).to.deep.equal([(a.re + b.re) / 2, (a.im + b.im) / 2]);
      }
    }
  });

  it("quantiles and percentiles of complex are refused with NumPy's message", () => {
    const z = gp.array([C(1, 1)], 'complex64');
    expect(() => gp.percentile(z, 50)).to.throw(TypeError, 'a must be an array of real numbers');
    expect(() => gp.nanquantile(z, 0.5)).to.throw(TypeError, 'a must be an array of real numbers');
  });
});
