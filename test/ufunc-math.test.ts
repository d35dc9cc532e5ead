// Transcendental and rounding ufuncs against float64 JS math (rounded to the loop dtype, within a
// few ulps where libm and the device's math library legitimately differ) and mathjs for complex.
// Dtypes are sampled: every function in float64, most in float32, a few in float16 / complex64,
// every complex-capable one in complex128.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { C, checkUfunc, D, download, dt, Gen, randomValues } from './ufunc-reference.js';

const N = 67;

/** Input ranges per function: mostly the domain, with some values outside it (NaN results). */
const DOMAIN: Record<string, Gen> = {
  sqrt: { lo: -1, hi: 100 },
  cbrt: { scale: 100 },
  exp: { scale: 20 },
  exp2: { scale: 30 },
  expm1: { scale: 5 },
  log: { lo: -1, hi: 1000 },
  log2: { lo: -1, hi: 1000 },
  log10: { lo: -1, hi: 1000 },
  log1p: { lo: -1.5, hi: 50 },
  sin: { scale: 50 },
  cos: { scale: 50 },
  tan: { scale: 3 },
  arcsin: { scale: 1.2 },
  arccos: { scale: 1.2 },
  arctan: { scale: 50 },
  sinh: { scale: 10 },
  cosh: { scale: 10 },
  tanh: { scale: 10 },
  arcsinh: { scale: 1000 },
  arccosh: { lo: 0.5, hi: 100 },
  arctanh: { scale: 1.2 },
};
const FUNCS = Object.keys(DOMAIN);
const COMPLEX_FUNCS = FUNCS.filter((f) => f !== 'cbrt');
const F32_FUNCS = ['sqrt', 'exp', 'log1p', 'sin', 'tan', 'arctanh'];
const F16_FUNCS = ['sqrt', 'exp', 'log', 'sin'];
const C64_FUNCS = ['sqrt', 'exp', 'log', 'arcsin', 'arctanh'];

// libm and CUDA's math library are within a few ulps; float16 results are one rounding of a
// float32 result; complex functions are compared with mathjs by relative error.
const ULPS = { float16: 1, float32: 4, float64: 4 } as const;

describeEachDevice('ufunc math', () => {
  FUNCS.forEach((f, k) => {
    const dtypes = ['float64', ...(F32_FUNCS.includes(f) ? ['float32'] : []), ...(F16_FUNCS.includes(f) ? ['float16'] : [])];
    for (const n of dtypes) {
      it(`${f} on ${n} within ${ULPS[n as keyof typeof ULPS]} ulp`, () => {
        const d = dt(n);
        const g = DOMAIN[f];
        const a = randomValues(d, N, rng(5000 + 10 * k + n.length), g);
        a.push(NaN, Infinity, -Infinity, 0, -0, 1, -1);
        checkUfunc(f, [{ d, values: a }], d, { ulps: ULPS[n as keyof typeof ULPS] });
      });
    }
  });

  COMPLEX_FUNCS.forEach((f, k) => {
    for (const n of ['complex128', ...(C64_FUNCS.includes(f) ? ['complex64'] : [])]) {
      it(`${f} on ${n} matches mathjs`, () => {
        const d = dt(n);
        const s = f === 'exp' || f === 'exp2' || f.endsWith('h') ? 3 : 4;
        const a = randomValues(d, N, rng(6000 + 10 * k + n.length), { scale: s });
        // Near the real axis, near zero and beyond the real branch points.
        a.push({ re: 0.5, im: 1e-3 }, { re: -3, im: 0.25 }, { re: 2, im: -0.5 }, { re: 1e-4, im: -2e-4 }, { re: -0.7, im: 0.1 });
        checkUfunc(f, [{ d, values: a }], d, { rtol: n === 'complex128' ? 1e-11 : 2e-5 });
      });
    }
  });

  it('complex log1p and expm1 keep full precision for tiny z (against their Taylor series)', () => {
    const zs = [{ re: 1e-7, im: -3e-8 }, { re: -2e-9, im: 5e-9 }, { re: 3e-6, im: 1e-6 }];
    // log1p z = z - z^2/2 + z^3/3 - ..., expm1 z = z + z^2/2 + z^3/6 + ...: four terms are exact to double here.
    const series = (z: C, sign: number, inv: number[]): C => {
      let t: C = { re: 1, im: 0 };
      const acc = { re: 0, im: 0 };
      inv.forEach((c, k) => {
        t = { re: t.re * z.re - t.im * z.im, im: t.re * z.im + t.im * z.re };
        const s = k % 2 === 1 ? sign : 1;
        acc.re += s * c * t.re;
        acc.im += s * c * t.im;
      });
      return acc;
    };
    const a = gp.array(zs, 'complex128');
    const l = download(a.log1p()) as C[];
    const e = download(a.expm1()) as C[];
    zs.forEach((z, i) => {
      const wl = series(z, -1, [1, 1 / 2, 1 / 3, 1 / 4]);
      const we = series(z, 1, [1, 1 / 2, 1 / 6, 1 / 24]);
      expect(Math.hypot(l[i].re - wl.re, l[i].im - wl.im) / Math.hypot(wl.re, wl.im), `log1p(${z.re}+${z.im}j)`).to.be.below(1e-14);
      expect(Math.hypot(e[i].re - we.re, e[i].im - we.im) / Math.hypot(we.re, we.im), `expm1(${z.re}+${z.im}j)`).to.be.below(1e-14);
    });
  });

  it('sqrt of integers goes to the smallest safe float loop (int8 -> float16, int32 -> float64)', () => {
    const a = gp.array([0, 1, 4, 100, 127], 'int8');
    expect(a.sqrt().dtype.name).to.equal('float16');
    checkUfunc('sqrt', [{ d: D.int8, values: [0, 1, 4, 100, 127, -1] }], D.float16, { ulps: 1 }, D.float16);
    checkUfunc('sqrt', [{ d: D.int32, values: [0, 2, 99, 2 ** 31 - 1, -4] }], D.float64, { ulps: 1 }, D.float64);
  });

  for (const [f, names] of [['arctan2', ['float32', 'float64', 'float16']], ['hypot', ['float32', 'float64']]] as const) {
    for (const n of names) {
      it(`${f} on ${n}`, () => {
        const d = dt(n);
        const rand = rng(7000 + n.length + f.length);
        const a = randomValues(d, N, rand, { scale: 100, specials: true });
        const b = randomValues(d, N, rand, { scale: 100, specials: true });
        checkUfunc(f, [{ d, values: a }, { d, values: b }], d, { ulps: ULPS[n] });
      });
    }
  }

  const ROUNDING: [string, string[]][] = [
    ['floor', ['float32', 'float16', 'int16', 'bool']],
    ['ceil', ['float32', 'uint8']],
    ['trunc', ['float16', 'int64']],
    ['rint', ['float64', 'float16', 'complex64']],
  ];
  ROUNDING.forEach(([f, names], k) => {
    for (const n of names) {
      it(`${f} on ${n} is exact${n.startsWith('int') || n === 'bool' ? ' and keeps the dtype (NumPy 2.1+)' : ''}`, () => {
        const d = dt(n);
        const a = randomValues(d, N, rng(8000 + 10 * k + n.length), { scale: 6, specials: true });
        if (d.kind === 'f') a.push(0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 4.5, -0.4, 0.49999997, 1e10 + 0.5);
        checkUfunc(f, [{ d, values: a }], d, {}, d);
      });
    }
  });

  it('rint rounds half to even', () => {
    const got = download(gp.array([0.5, 1.5, 2.5, -0.5, -2.5, 3.5, -3.5]).rint());
    expect(got).to.deep.equal([0, 2, 2, -0, -2, 4, -4]);
    expect(Object.is(got[3], -0)).to.equal(true);
  });

  it('complex sign, reciprocal and division handle zeros, infinities and NaN as NumPy', () => {
    const z = gp.array([{ re: 0, im: 0 }, { re: 3, im: 4 }, { re: Infinity, im: 2 }, { re: NaN, im: 1 }], 'complex128');
    const s = download(z.sign());
    expect(s.slice(0, 3)).to.deep.equal([{ re: 0, im: 0 }, { re: 0.6, im: 0.8 }, { re: 1, im: 0 }]);
    expect(s[3]).to.satisfy((c: { re: number; im: number }) => Number.isNaN(c.re) && Number.isNaN(c.im));
    const q = download(gp.divide(gp.array([{ re: 1, im: 1 }, { re: 0, im: 0 }, { re: 1, im: 0 }], 'complex128'), gp.array([{ re: 0, im: 0 }, { re: 0, im: 0 }, { re: 0, im: 2 }], 'complex128')));
    expect(q[0]).to.deep.equal({ re: Infinity, im: Infinity });
    expect(q[1]).to.satisfy((c: { re: number; im: number }) => Number.isNaN(c.re) && Number.isNaN(c.im));
    expect(q[2]).to.deep.equal({ re: 0, im: -0.5 });
  });
});

/** [dtype name, values] of a result, which is disposed. */
const vals = (a: gp.GpuArray) => {
  try {
    return [a.dtype.name, a.toArray()];
  } finally {
    a.dispose();
  }
};

describeEachDevice('round / around (NumPy 2.4 values)', () => {
  it('floats in their own dtype, negative decimals, integers through float64, complex parts, bool, out', () => {
    expect(vals(gp.round(gp.array([1.25, 2.5, 15.5, -0.5, 2.675, NaN, Infinity]), 1))).to.deep.equal(['float64', [1.2, 2.5, 15.5, -0.5, 2.7, NaN, Infinity]]);
    expect(vals(gp.around(gp.array([1234.5678, 1250, 1350, -1250.5]), -2))).to.deep.equal(['float64', [1200, 1200, 1400, -1300]]);
    expect(vals(gp.round(gp.array([1.25, 2.675, 0.1], 'float32'), 2))).to.deep.equal(['float32', [1.25, 2.680000066757202, 0.10000000149011612]]);
    expect(vals(gp.array([1.25, 2.675, 0.1], 'float16').round(1))).to.deep.equal(['float16', [1.2001953125, 2.69921875, 0.0999755859375]]);
    expect(vals(gp.round(gp.array([15, 25, -15, 127], 'int8'), { decimals: -1 }))).to.deep.equal(['int8', [20, 20, -20, -126]]);
    expect(vals(gp.round(gp.array([15n, 25n]), 2))).to.deep.equal(['int64', [15n, 25n]]);
    const c = gp.round(gp.array([{ re: 1.55, im: -2.45 }]), 1);
    const z = c.toArray() as { re: number; im: number }[];
    expect([c.dtype.name, z[0].re, z[0].im]).to.deep.equal(['complex128', 1.6, -2.4]);
    c.dispose();
    expect(vals(gp.round(gp.array([true, false])))).to.deep.equal(['float16', [1, 0]]);
    expect(() => gp.round(gp.array([true]), 1)).to.throw(TypeError);
    expect(() => gp.round(gp.array([1.5]), 0.5)).to.throw(TypeError, /integer/);
    const t = gp.arange(12).reshape(3, 4).T.multiply(0.37);
    expect(vals(gp.round(t, 1))).to.deep.equal(['float64', [[0, 1.5, 3], [0.4, 1.8, 3.3], [0.7, 2.2, 3.7], [1.1, 2.6, 4.1]]]);
    t.dispose();
    const o = gp.zeros(2, 'float32');
    expect(gp.round(gp.array([1.26, 2.5]), 1, { out: o })).to.equal(o);
    expect(vals(o)).to.deep.equal(['float32', [1.2999999523162842, 2.5]]);
    const oi = gp.zeros(2, 'int32');
    expect(() => gp.round(gp.array([1.26, 2.5]), 1, { out: oi })).to.throw(TypeError, /same_kind/);
    oi.dispose();
  });
});

describeEachDevice('nanToNum, isposinf, isneginf (NumPy 2.4 values)', () => {
  it('replacements per dtype, options, complex parts, in place; signed infinities', () => {
    expect(vals(gp.nanToNum(gp.array([NaN, Infinity, -Infinity, 1.5])))).to.deep.equal(['float64', [0, Number.MAX_VALUE, -Number.MAX_VALUE, 1.5]]);
    expect(vals(gp.nanToNum(gp.array([NaN, Infinity, -Infinity], 'float16')))).to.deep.equal(['float16', [0, 65504, -65504]]);
    expect(vals(gp.nanToNum(gp.array([NaN, Infinity, -Infinity], 'float32'), { nan: -1, posinf: 5 }))).to.deep.equal(['float32', [-1, 5, -3.4028234663852886e38]]);
    const c = gp.nanToNum(gp.array([{ re: NaN, im: Infinity }]));
    const z = (c.toArray() as { re: number; im: number }[])[0];
    expect([z.re, z.im]).to.deep.equal([0, Number.MAX_VALUE]);
    c.dispose();
    expect(vals(gp.nanToNum(gp.array([1, 2], 'int8')))).to.deep.equal(['int8', [1, 2]]);
    const a = gp.array([NaN, 1.5]);
    expect(gp.nanToNum(a, { copy: false })).to.equal(a);
    expect(vals(a)).to.deep.equal(['float64', [0, 1.5]]);
    expect(vals(gp.isposinf(gp.array([Infinity, -Infinity, NaN, 1])))).to.deep.equal(['bool', [true, false, false, false]]);
    expect(vals(gp.isneginf(gp.array([Infinity, -Infinity, NaN, 1])))).to.deep.equal(['bool', [false, true, false, false]]);
    expect(() => gp.isposinf(gp.array([{ re: 1, im: 1 }]))).to.throw(TypeError, /ambiguous/);
  });
});
