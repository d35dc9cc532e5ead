// numpy.polydiv and numpy.poly against NumPy 2.4: quotients, remainders (leading near-zeros
// dropped), dtypes (float32 stays float32), complex division, and poly's roots and refusals
// (matrices and complex roots: linalg-eig.test.ts).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describeEachDevice('polydiv and poly', () => {
  it('polydiv: NumPy\'s quotients and remainders', () => {
    const cases: [number[], number[], number[], number[]][] = [
      [[3, 5, 2], [2, 1], [1.5, 1.75], [0.25]],
      [[1, 0, 0, -1], [1, -1], [1, 1, 1], [0]],
      [[1, 2], [1, 2, 3], [0], [1, 2]],
      [[4], [2], [2], [0]],
      [[1e-9, 2, 3], [1, 1], [1e-9, 1.999999999], [1.000000001]],
      [[1, 5, 6], [1, 2], [1, 3], [0]],
    ];
    for (const [u, v, q, r] of cases) {
      const [gq, gr] = gp.polydiv(u, v);
      expect([gq.dtype.name, gr.dtype.name]).to.deep.equal(['float64', 'float64']);
      values(gq).forEach((x, i) => expect(x).to.be.closeTo(q[i], 1e-15));
      expect(gr.size, `${u} / ${v}`).to.equal(r.length);
      values(gr).forEach((x, i) => expect(x).to.be.closeTo(r[i], 1e-15));
    }
    const [q32, r32] = gp.polydiv(gp.array([3, 5, 2], 'float32'), gp.array([2, 1], 'float32'));
    expect([q32.dtype.name, values(q32), r32.dtype.name, values(r32)]).to.deep.equal(['float32', [1.5, 1.75], 'float32', [0.25]]);
    const [qc, rc] = gp.polydiv(gp.array([{ re: 1, im: 1 }, { re: 2, im: 0 }]), gp.array([{ re: 1, im: 0 }, { re: 0, im: 1 }]));
    expect([qc.toArray(), rc.toArray()].map((a) => (a as { re: number; im: number }[]).map((z) => [z.re, z.im]))).to.deep.equal([[[1, 1]], [[3, -1]]]);
    expect(() => gp.polydiv([1, 2], [])).to.throw(gp.IndexError, /index 0 is out of bounds/);
    expect(() => gp.polydiv([], [1, 2])).to.throw(gp.IndexError, /index 0 is out of bounds/);
  });

  it('poly: the monic polynomial of 1-D roots, NumPy\'s dtypes; an empty list gives 1; other shapes refused', () => {
    const p = gp.poly([1, 2]) as gp.GpuArray;
    expect([p.dtype.name, values(p)]).to.deep.equal(['float64', [1, -3, 2]]);
    expect(values(gp.poly([3]) as gp.GpuArray)).to.deep.equal([1, -3]);
    expect((gp.poly(gp.array([0.5, -1], 'float32')) as gp.GpuArray).dtype.name).to.equal('float32');
    expect((gp.poly(gp.array([1, 2], 'int8')) as gp.GpuArray).dtype.name).to.equal('float64');
    expect(values(gp.poly([1, -1, 2, 0.5]) as gp.GpuArray)).to.deep.equal([1, -2.5, 0, 2.5, -1]);
    expect(gp.poly([])).to.equal(1);
    expect(values(gp.poly(gp.eye(2)) as gp.GpuArray)).to.deep.equal([1, -2, 1]);
    expect(() => gp.poly(gp.ones([2, 3]))).to.throw(RangeError, /1d or non-empty square 2d/);
  });
});
