// The complex elementary functions next to their singular points, at huge and at subnormal
// arguments, against NumPy 2.4.6's values: near z = i arctan lost its imaginary part (17% off at
// 1e-4 + 1.0001i in complex64, NaN closer in), arctanh near -1 gave -inf, log near |z| = 1 lost
// digits to cancellation (log(0.6 + 0.8i) had a real part of 0), and sqrt, log, arcsin, arccos,
// arccosh, arcsinh, tan and tanh overflowed to inf or NaN at |z| near the dtype's maximum.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

type C = { re: number; im: number };
// [function, dtype, z.re, z.im, NumPy's re, NumPy's im] (z as stored in the dtype).
const CASES: [string, 'complex64' | 'complex128', number, number, number, number][] = [
  ['arctan', 'complex64', 9.999999747378752e-05, 1.000100016593933, 1.178163766860962, 4.778440475463867],
  ['arctan', 'complex64', 5.99999978589949e-08, 1.0000001192092896, 1.3376476764678955, 8.26131534576416],
  ['arctan', 'complex128', 6e-09, 1.000000008, 1.249045773771929, 9.55691396442459],
  ['arctan', 'complex128', 1e-300, 1.0, 0.7853981633974483, 345.7343375393868],
  ['arctan', 'complex128', 6e-07, 1.0000008, 1.2490459224050958, 7.254329069252891],
  ['arctanh', 'complex64', -0.9998999834060669, 9.999999747378752e-06, -4.949149131774902, 0.04982861131429672],
  ['arctanh', 'complex64', -1.0, 3.085295020355261e-06, -6.691005229949951, 0.7853989005088806],
  ['arctanh', 'complex128', -1.0000000390084358, -9.82330828467719e-08, -8.377928538931844, -0.9744004735201844],
  ['arctanh', 'complex128', 1.0, 1e-300, 345.7343375393868, 0.7853981633974483],
  ['arctanh', 'complex128', 0.3, -0.2, 0.29574992023641433, -0.21547449370018829],
  ['arctanh', 'complex64', -0.5, 0.25, -0.5003700256347656, 0.3143981695175171],
  ['log', 'complex64', 0.9998999834060669, 0.0010000000474974513, -9.952149412129074e-05, 0.0010000996990129352],
  ['log', 'complex128', 1.000000001, 1e-09, 1.000000082740371e-09, 9.99999999e-10],
  ['log', 'complex128', 0.6, 0.8, 2.2204460492503132e-17, 0.9272952180016123],
  ['log', 'complex128', 1.7e+308, 1.7e+308, 710.0734104835082, 0.7853981633974483],
  ['log', 'complex64', 3.0000000054977558e+38, 3.0000000054977558e+38, 88.94342041015625, 0.7853981852531433],
  ['log2', 'complex128', 0.6, 0.8, 3.203426503814918e-17, 1.3378042124509764],
  ['log10', 'complex64', 0.9998999834060669, 0.0010000000474974513, -4.322163658798672e-05, 0.00043433779501356184],
  ['log', 'complex128', -2.5, 0.001, 0.9162908118741487, 3.1411926536111268],
  ['log', 'complex128', 5e-324, 0.0, -744.4400719213813, 0.0],
  ['log1p', 'complex128', 1e+308, 1e+308, 709.542782232446, 0.7853981633974483],
  ['log1p', 'complex128', -2.5, 0.001, 0.4054653303303372, 3.140925987021892],
  ['log1p', 'complex64', 3.0000000054977558e+38, 1.0, 88.59684753417969, 3.333333116818801e-39],
  ['sqrt', 'complex128', 1e+308, 0.0, 1e+154, 0.0],
  ['sqrt', 'complex64', 3.0000000054977558e+38, 0.0, 1.7320507716308828e+19, 0.0],
  ['sqrt', 'complex128', -1.7e+308, 1.0, 3.8348249442368524e-155, 1.3038404810405297e+154],
  ['sqrt', 'complex128', 0.0, 5e-324, 1.5717277847026288e-162, 1.5717277847026288e-162],
  ['sqrt', 'complex128', -4.0, -0.0, 0.0, -2.0],
  ['arcsin', 'complex128', 1e+308, 0.0, 1.5707963267948966, 709.8893558227259],
  ['arcsin', 'complex64', 3.0000000054977558e+38, 1.0, 1.5707963705062866, 89.28999328613281],
  ['arccos', 'complex64', 3.0000000054977558e+38, 1.0, 3.333333116818801e-39, -89.28999328613281],
  ['arccosh', 'complex128', 1e+308, 1.0, 709.8893558227259, 1e-308],
  ['arcsinh', 'complex64', 1.0, 3.0000000054977558e+38, 89.28999328613281, 1.5707963705062866],
  ['arccos', 'complex128', -1e+20, -2.0, 3.141592653589793, 46.74484904044086],
  ['arcsin', 'complex128', 0.5, 0.25, 0.5016088532755008, 0.28139605624529274],
  ['arccosh', 'complex64', 2.0, -0.5, 1.3618009090423584, -0.2777542471885681],
  ['tan', 'complex128', 1e+308, 0.0, -0.5086861259107567, 0.0],
  ['tan', 'complex64', 3.0000000054977558e+38, 1.0, -0.2622565031051636, 1.122422695159912],
  ['tanh', 'complex64', 1.0, 3.0000000054977558e+38, 1.122422695159912, -0.2622565031051636],
  ['tanh', 'complex128', 25.0, 1.0, 1.0, 3.5076145474880305e-22],
  ['tanh', 'complex128', 0.5, -0.75, 0.7282118012804722, -0.618096394806202],
  ['tan', 'complex64', 1.25, 0.5, 0.806634783744812, 1.583963394165039],
];

/** Within `rel` of NumPy's part, or within `rel` of the other part's size where NumPy's is 0 (a signed-zero or rounding-level difference). */
const close = (got: number, want: number, other: number, rel: number) =>
  got === want || Math.abs(got - want) <= rel * Math.max(Math.abs(want), want === 0 ? Math.abs(other) : 0);

describeEachDevice('complex functions near their singular points and at extreme magnitudes (NumPy 2.4 values)', () => {
  it('arctan, arctanh, log, log2, log10, log1p, sqrt, arcsin, arccos, arccosh, arcsinh, tan, tanh on complex64 and complex128', () => {
    const bad: string[] = [];
    for (const [f, dtype, re, im, wr, wi] of CASES) {
      const z = gp.array([{ re, im }], dtype);
      const r = (gp as unknown as Record<string, (a: gp.GpuArray) => gp.GpuArray>)[f](z);
      const [g] = r.toArray() as C[];
      const rel = dtype === 'complex64' ? 1e-6 : 1e-14;
      if (r.dtype.name !== dtype || !close(g.re, wr, wi, rel) || !close(g.im, wi, wr, rel)) bad.push(`${f}(${re} + ${im}i) ${dtype} = ${g.re} + ${g.im}i, NumPy ${wr} + ${wi}i`);
      r.dispose();
      z.dispose();
    }
    expect(bad).to.deep.equal([]);
  });
});

describeEachDevice('complex prod past the largest values (NumPy 2.4 values)', () => {
  it('a partial that saw no element does not multiply: no NaN next to an infinite part', () => {
    // np.prod([1e200, 1e200]) (complex128) and np.prod([1e30, 1e30]) (complex64): inf+0j.
    for (const [dtype, v] of [['complex128', 1e200], ['complex64', 1e30]] as const) {
      const a = gp.array([{ re: v, im: 0 }, { re: v, im: 0 }], dtype);
      for (const r of [gp.prod(a), gp.multiply.reduce(a), gp.prod(a.reshape([1, 2]), { axis: 1 }).reshape([])]) {
        const g = r.toArray() as C;
        expect([g.re, g.im], dtype).to.deep.equal([Infinity, 0]);
      }
    }
    // np.prod([2+1j, 1e200, 3-1j, 1e200]): inf+infj.
    const mixed = gp.prod(gp.array([{ re: 2, im: 1 }, { re: 1e200, im: 0 }, { re: 3, im: -1 }, { re: 1e200, im: 0 }], 'complex128')).toArray() as C;
    expect([mixed.re, mixed.im]).to.deep.equal([Infinity, Infinity]);
    const small = gp.prod(gp.array([{ re: 2, im: 1 }, { re: 3, im: -1 }], 'complex64')).toArray() as C;
    expect([small.re, small.im]).to.deep.equal([7, 1]);
  });
});
