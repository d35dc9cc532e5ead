// Differences found by a differential sweep of interp, the window functions, the legacy poly*
// functions, text/binary I/O and printing against NumPy 2.4. Every expected value below is what
// NumPy 2.4 printed for the same call.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const vals = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

describeEachDevice('poly / io / printing sweep against NumPy 2.4', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gp-sweep4-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('interp: a NaN period makes every value NaN (NumPy: x % nan), real and complex fp', () => {
    // np.interp([1., 2, 3], [0., 1, 2, 3], [1, 2, 3, 4], period=np.nan) -> [nan nan nan]
    const r = gp.interp(gp.array([1, 2, 3]), [0, 1, 2, 3], [1, 2, 3, 4], { period: NaN });
    expect([r.dtype.name, r.shape]).to.deep.equal(['float64', [3]]);
    expect(vals(r).every(Number.isNaN)).to.equal(true);
    // np.interp([0.5], [0., 1], [1, 2j], period=np.nan) -> [nan+0.j]
    const z = gp.interp(gp.array([0.5]), [0, 1], [{ re: 1, im: 0 }, { re: 0, im: 2 }], { period: NaN });
    expect(z.dtype.name).to.equal('complex128');
    expect(Number.isNaN((z.toArray() as { re: number }[])[0].re)).to.equal(true);
  });

  it("interp: NumPy's compiled checks in its order (empty xp even for an empty x, lengths, then left/right)", () => {
    // np.interp([], [], []) and with period=2: ValueError 'array of sample points is empty'
    expect(() => gp.interp(gp.array([]), [], [])).to.throw(RangeError, 'array of sample points is empty');
    expect(() => gp.interp(gp.array([]), [], [], { period: 2 })).to.throw(RangeError, 'array of sample points is empty');
    // np.interp([1.], [], [], left=1+2j): the empty check comes before reading left
    expect(() => gp.interp(gp.array([1]), [], [], { left: { re: 1, im: 2 } })).to.throw(RangeError, 'array of sample points is empty');
    // np.interp([1.], [0., 1, 2], [1., 2], right=1j): ValueError 'fp and xp are not of the same length.'
    expect(() => gp.interp(gp.array([1]), [0, 1, 2], [1, 2], { right: { re: 0, im: 1 } })).to.throw(RangeError, 'fp and xp are not of the same length');
    // np.interp([1.], [0., 1], [1., 2], left=1j): TypeError 'must be real number, not complex'
    expect(() => gp.interp(gp.array([1]), [0, 1], [1, 2], { left: { re: 0, im: 1 } })).to.throw(TypeError);
  });

  it("tofile: format '' (NumPy's default) prints each item as str(item), complex too", () => {
    const f = join(dir, 'a.txt');
    // np.array([[1.5, 2], [3, -np.inf]], np.float32).tofile(f, sep=', ', format='')
    gp.array([[1.5, 2], [3, -Infinity]], 'float32').tofile(f, ', ', '');
    expect(readFileSync(f, 'utf8')).to.equal('1.5, 2.0, 3.0, -inf');
    // np.array([1+2j, -0.5j]).tofile(f, sep=' ', format='')  (NumPy's -0.5j has a -0 real part)
    gp.array([{ re: 1, im: 2 }, { re: -0, im: -0.5 }]).tofile(f, ' ', '');
    expect(readFileSync(f, 'utf8')).to.equal('(1+2j) (-0-0.5j)');
    gp.array([7, -3], 'int8').tofile(f, { sep: ',', format: '' });
    expect(readFileSync(f, 'utf8')).to.equal('7,-3');
  });

  it('fromstring: bool items are read as floats, true when not 0 (NumPy: strtod)', () => {
    // np.fromstring('1.5, 0, nan, -0.0, 1e3, inf, .5', dtype=bool, sep=',')
    const b = gp.fromstring('1.5, 0, nan, -0.0, 1e3, inf, .5', 'bool', { sep: ',' });
    expect(b.toArray()).to.deep.equal([true, false, true, false, true, true, true]);
    expect(() => gp.fromstring('True', 'bool', { sep: ',' })).to.throw(RangeError, 'unmatched data');
  });

  it('fromstring: a whitespace separator must consume something (NumPy: 1+2j is not 1 and +2)', () => {
    // np.fromstring('1+2j 3-4j', sep=' ', count=2) and ('1-2', sep=' ', count=2): unmatched data
    expect(() => gp.fromstring('1+2j 3-4j', 'float32', 2, { sep: ' ' })).to.throw(RangeError, 'unmatched data');
    expect(() => gp.fromstring('1-2', 'float64', 2, { sep: ' ' })).to.throw(RangeError, 'unmatched data');
    // np.fromstring('1 +2', sep=' ', count=2) -> [1. 2.]; np.fromstring('1\t\n 2', sep=' ') -> [1. 2.]
    expect(vals(gp.fromstring('1 +2', 'float64', 2, { sep: ' ' }))).to.deep.equal([1, 2]);
    expect(vals(gp.fromstring('1\t\n 2', { sep: ' ' }))).to.deep.equal([1, 2]);
  });

  it('loadtxt: a bool field is read as an int64 (one past its range is a conversion error)', () => {
    // np.loadtxt(['-9223372036854775808 9223372036854775807 0'], dtype=bool) -> [ True  True False]
    expect(gp.loadtxt(['-9223372036854775808 9223372036854775807 0'], { dtype: 'bool' }).toArray()).to.deep.equal([true, true, false]);
    // np.loadtxt(['1 9223372036854775808'], dtype=bool): ValueError
    expect(() => gp.loadtxt(['1 9223372036854775808'], { dtype: 'bool' })).to.throw(RangeError, "could not convert string '9223372036854775808' to bool at row 0, column 2.");
  });

  it("savetxt: %x/%o/%X of bool are NumPy's TypeError (np.bool has no __index__); tofile's Python bools take them", () => {
    const f = join(dir, 'b.txt');
    // np.savetxt(f, np.array([True]), fmt='%x'): TypeError Mismatch between array dtype ('bool') and format specifier ('%x')
    for (const fmt of ['%x', '%o', '%#X']) {
      expect(() => gp.savetxt(f, gp.array([true]), { fmt })).to.throw(TypeError, `Mismatch between array dtype ('bool') and format specifier ('${fmt}')`);
    }
    gp.savetxt(f, gp.array([true, false]), { fmt: '%d' });
    expect(readFileSync(f, 'utf8')).to.equal('1\n0\n');
    // np.array([True, False]).tofile(f, sep=',', format='%x') -> '1,0'
    gp.array([true, false]).tofile(f, ',', '%x');
    expect(readFileSync(f, 'utf8')).to.equal('1,0');
  });

  it('polydiv: an empty dividend or divisor is NumPy IndexError (u[0] + v[0])', () => {
    // np.polydiv(np.array([]), np.array([1., 2])): IndexError index 0 is out of bounds for axis 0 with size 0
    expect(() => gp.polydiv(gp.array([]), [1, 2])).to.throw(gp.IndexError, 'index 0 is out of bounds for axis 0 with size 0');
    expect(() => gp.polydiv([1, 2], gp.array([], 'float32'))).to.throw(gp.IndexError, 'index 0 is out of bounds for axis 0 with size 0');
  });
});
