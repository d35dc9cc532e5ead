// Arithmetic ufuncs on every dtype they support, against the BigInt / float64 reference with
// NumPy's semantics: wrapping, floor division and remainder signs, division by zero, MIN // -1,
// integer powers, float16 rounding, complex arithmetic.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { checkUfunc, D, download, dt, randomValues, V } from './ufunc-reference.js';

const N = 67; // not a multiple of the vector width: exercises the tail loop too
const ALL = ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128'];
const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];

/** Exact results except where C's complex multiply may fuse on the GPU. */
const tolFor = (name: string, d: string) => (d.startsWith('complex') && (name === 'multiply' || name === 'divide' || name === 'square' || name === 'reciprocal') ? { rtol: 4e-7 } : {});

describeEachDevice('ufunc arithmetic', () => {
  const binaryCases: [string, string[]][] = [
    ['add', ALL],
    ['multiply', ['bool', 'int8', 'uint16', 'int32', 'uint64', 'float16', 'float32', 'complex128']],
    ['subtract', ['uint8', 'int64', 'float16', 'complex64']],
    ['divide', ['float16', 'float32', 'float64', 'complex64', 'complex128']],
    ['floorDivide', [...INTS, 'float16', 'float64']],
    ['remainder', ['int8', 'uint16', 'int32', 'int64', 'uint64', 'float16', 'float32']],
  ];
  binaryCases.forEach(([name, names], ci) => {
    for (const n of names) {
      it(`${name} on ${n} matches the reference`, () => {
        const d = dt(n);
        const rand = rng(1000 * ci + names.indexOf(n));
        const a = randomValues(d, N, rand, { specials: true });
        const b = randomValues(d, N, rand, { specials: true });
        // Divisors: make sure 0, -1 and 1 meet the extreme values.
        if (name === 'floorDivide' || name === 'remainder') {
          const divs: V[] = d.isInteger ? (d.kind === 'i' ? [0, -1, 1, 0, -1] : [0, 1, 0]) : [0, -0, -1, 1, 0.5];
          divs.forEach((v, k) => (b[k * 7] = d.isBigInt ? BigInt(v as number) : v));
          if (d.kind === 'i') a[0] = d.isBigInt ? -(2n ** 63n) : -(2 ** (d.itemsize * 8 - 1)); // MIN // -1, MIN % -1
          if (d.kind === 'i') b[0] = d.isBigInt ? -1n : -1;
        }
        checkUfunc(name, [{ d, values: a }, { d, values: b }], d, tolFor(name, n));
      });
    }
  });

  it('divide on integers and bool computes in float64 (true division)', () => {
    for (const [n, seed] of [['int32', 1], ['uint64', 2], ['bool', 3]] as const) {
      const d = dt(n);
      const rand = rng(50 + seed);
      const a = randomValues(d, N, rand);
      const b = randomValues(d, N, rand);
      checkUfunc('divide', [{ d, values: a }, { d, values: b }], D.float64, {}, D.float64);
    }
  });

  it('integer floor_divide/remainder follow Python signs and give 0 on division by zero', () => {
    const a = gp.array([7, -7, 7, -7, 5, -128, -128, 0, 3], 'int8');
    const b = gp.array([2, 2, -2, -2, 0, -1, 1, 0, -4], 'int8');
    expect(a.floorDivide(b).toArray()).to.deep.equal([3, -4, -4, 3, 0, -128, -128, 0, -1]);
    expect(a.remainder(b).toArray()).to.deep.equal([1, 1, -1, -1, 0, 0, 0, 0, -1]);
    expect(gp.mod(a, b).toArray()).to.deep.equal([1, 1, -1, -1, 0, 0, 0, 0, -1]);
  });

  it('float floor_divide/remainder follow NumPy (signs of zero, division by zero, infinities)', () => {
    const a = gp.array([7, -7, 7, -7, 1, -1, 0, 5, Infinity, 5], 'float64');
    const b = gp.array([2, 2, -2, -2, 0, 0, 0, Infinity, 3, -Infinity], 'float64');
    const q = download(a.floorDivide(b)) as number[];
    const r = download(a.remainder(b)) as number[];
    expect(q.slice(0, 6)).to.deep.equal([3, -4, -4, 3, Infinity, -Infinity]);
    expect(Number.isNaN(q[6]) && Number.isNaN(q[8])).to.equal(true);
    expect(Object.is(q[7], 0)).to.equal(true);
    expect(q[9]).to.equal(-1);
    expect(r.slice(0, 4)).to.deep.equal([1, 1, -1, -1]);
    expect(Number.isNaN(r[4]) && Number.isNaN(r[5]) && Number.isNaN(r[8])).to.equal(true);
    expect(r[7]).to.equal(5);
    expect(r[9]).to.equal(-Infinity);
  });

  it('power on every integer dtype wraps; negative exponents give CuPy device results', () => {
    ['int8', 'uint8', 'int16', 'int32', 'int64', 'uint64'].forEach((n, k) => {
      const d = dt(n);
      const rand = rng(300 + k);
      const a = randomValues(d, N, rand, { intLo: d.kind === 'u' ? 0n : -5n, intHi: 5n, edges: false });
      const e = randomValues(d, N, rand, { intLo: d.kind === 'u' ? 0n : -3n, intHi: 70n, edges: false });
      checkUfunc('power', [{ d, values: a }, { d, values: e }], d);
    });
  });

  it('power on floats and complex', () => {
    for (const [n, tol] of [['float32', { ulps: 4 }], ['float64', { ulps: 4 }], ['complex128', { rtol: 1e-12 }]] as const) {
      const d = dt(n);
      const rand = rng(400 + n.length);
      const a = randomValues(d, N, rand, { scale: 3 });
      const b = randomValues(d, N, rand, { scale: 3 });
      if (d.kind === 'c') {
        // Small integer exponents take NumPy's repeated-multiplication path.
        for (let i = 0; i < 10; i++) b[i] = { re: i - 4, im: 0 };
        b[10] = { re: 0, im: 0 };
        a[11] = { re: 0, im: 0 };
        // NumPy 2: 0**w is 0 when Re w > 0 whatever Im w, NaN when Re w <= 0.
        Object.assign(a, { 12: { re: 0, im: 0 }, 13: { re: 0, im: 0 } });
        Object.assign(b, { 12: { re: 1.5, im: -2 }, 13: { re: -1, im: 2 } });
      } else {
        Object.assign(a, { 0: 1, 1: -1, 2: 0, 3: NaN, 4: -2 });
        Object.assign(b, { 0: NaN, 1: Infinity, 2: -1, 3: 0, 4: 3 });
      }
      checkUfunc('power', [{ d, values: a }, { d, values: b }], d, tol);
    }
  });

  it('power refuses a negative integer scalar exponent for integer arrays, as NumPy', () => {
    const a = gp.array([1, 2, 3], 'int32');
    expect(() => a.power(-1)).to.throw(RangeError, /negative integer powers/);
    expect(a.power(2).toArray()).to.deep.equal([1, 4, 9]);
    expect(download(a.power(-1.0 + 0.5))).to.have.length(3); // a float exponent goes to float64
    // NumPy raises from its loop: an empty result takes no power.
    const e = gp.power(gp.array([], 'int64'), -1);
    expect([e.dtype.name, e.shape]).to.deep.equal(['int64', [0]]);
    expect(gp.power(gp.zeros([0, 2], 'int8'), gp.int8(-2)).shape).to.deep.equal([0, 2]);
  });

  const unaryCases: [string, string[]][] = [
    ['negative', ['int8', 'uint32', 'int64', 'float16', 'complex64']],
    ['positive', ['complex128']],
    ['absolute', ['bool', 'int8', 'float32', 'complex64', 'complex128']],
    ['sign', ['int8', 'uint8', 'float64', 'complex128']],
    ['square', ['uint16', 'float32', 'complex64']],
    ['reciprocal', ['int32', 'float64', 'complex128']],
  ];
  unaryCases.forEach(([name, names], ci) => {
    for (const n of names) {
      it(`${name} on ${n} matches the reference`, () => {
        const d = dt(n);
        const a = randomValues(d, N, rng(2000 + 100 * ci + names.indexOf(n)), { specials: true });
        if (name === 'sign' && d.kind === 'c') a.push({ re: Infinity, im: 1 }, { re: 2, im: -Infinity }, { re: Infinity, im: Infinity }, { re: 0, im: 0 });
        const tol = name === 'absolute' && d.kind === 'c' ? { ulps: 2 } : name === 'sign' && d.kind === 'c' ? { rtol: 1e-15 } : tolFor(name, n);
        checkUfunc(name, [{ d, values: a }], d, tol, name === 'absolute' && d.kind === 'c' ? (n === 'complex64' ? D.float32 : D.float64) : undefined);
      });
    }
  });

  it('boolean subtract/negative and sign/positive of bool are TypeErrors, as NumPy', () => {
    const t = gp.array([true, false]);
    expect(() => t.subtract(t)).to.throw(TypeError, /boolean subtract/);
    expect(() => gp.negative(t)).to.throw(TypeError, /boolean negative/);
    expect(() => t.sign()).to.throw(TypeError, /sign/);
    expect(() => t.positive()).to.throw(TypeError, /positive/);
    // With an integer operand the bool goes to the integer loop.
    expect(t.subtract(1).toArray()).to.deep.equal([0n, -1n]);
    expect(t.square().dtype.name).to.equal('int8');
  });

  it('float16 arithmetic computes in float32 and rounds once to half', () => {
    // 2049 is not a float16; 1 + 2^-11 rounds to 1 (ties to even); 65504 + 16 overflows.
    const a = gp.array([2048, 1, 65504, 0.1, 3], 'float16');
    const b = gp.array([1, 2 ** -11, 16, 0.2, 7], 'float16');
    const got = a.add(b).toArray() as number[];
    expect(got.slice(0, 3)).to.deep.equal([2048, 1, Infinity]);
    expect(got[4]).to.equal(10);
    expect(a.add(b).dtype.name).to.equal('float16');
  });
});
