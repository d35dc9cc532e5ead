// The complex elementary functions at infinite, NaN and huge arguments against NumPy's values
// (C99 Annex G as npymath returns them): the finite formulas alone gave inf - inf or 0 * inf
// there (atanh(inf + 2i) was NaN + i pi/2, arctan(inf) 3 pi / 8). Signs of zero are not compared:
// Annex G leaves several unspecified.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { COMPLEX128, COMPLEX64, SPECIAL_Z } from './complex-special-reference.js';

type C = { re: number; im: number };
const same = (got: number, want: number, rel: number) =>
  (Number.isNaN(got) && Number.isNaN(want)) || got === want || Math.abs(got - want) <= rel * Math.abs(want);

describeEachDevice('complex functions at infinities and NaN (NumPy 2.4 values)', () => {
  for (const [dtype, table, rel] of [['complex128', COMPLEX128, 1e-13], ['complex64', COMPLEX64, 4e-7]] as const) {
    it(`${Object.keys(table).join(', ')} on ${dtype}`, () => {
      const z = gp.array(SPECIAL_Z.map(([re, im]) => ({ re, im })), dtype);
      const bad: string[] = [];
      for (const [f, want] of Object.entries(table)) {
        const r = (gp as unknown as Record<string, (a: gp.GpuArray) => gp.GpuArray>)[f](z);
        const got = r.toArray() as C[];
        r.dispose();
        got.forEach((g, i) => {
          const [wr, wi] = want[i];
          if (!same(g.re, wr, rel) || !same(g.im, wi, rel)) bad.push(`${f}(${SPECIAL_Z[i].join(', ')}i) = ${g.re} + ${g.im}i, NumPy ${wr} + ${wi}i`);
        });
      }
      z.dispose();
      expect(bad).to.deep.equal([]);
    });
  }
});

describeEachDevice('complex division by a signed zero (NumPy 2.4 values)', () => {
  it("divides the dividend's parts by |0| = +0, whatever the zero's signs, as NumPy's loop", () => {
    const nums = [{ re: 3, im: -1 }, { re: -2, im: 5 }, { re: 0, im: 1 }, { re: -1, im: 0 }];
    // NumPy: inf - inf j, -inf + inf j, nan + inf j, -inf + nan j for each zero below.
    const want = [[Infinity, -Infinity], [-Infinity, Infinity], [NaN, Infinity], [-Infinity, NaN]];
    for (const dtype of ['complex128', 'complex64'] as const) {
      const a = gp.array(nums, dtype);
      const zeros = [{ re: -0, im: 0 }, { re: -0, im: -0 }, { re: 0, im: -0 }, { re: 0, im: 0 }].map((z) => gp.array([z, z, z, z], dtype));
      zeros.push(gp.array([-0, -0, -0, -0], dtype === 'complex128' ? 'float64' : 'float32'));
      for (const z of zeros) {
        const r = gp.divide(a, z);
        expect([r.dtype.name, (r.toArray() as C[]).map((c) => [c.re, c.im])]).to.deep.equal([dtype, want]);
        r.dispose();
        z.dispose();
      }
      a.dispose();
    }
  });
});
