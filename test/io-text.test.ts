// numpy.loadtxt and numpy.savetxt against NumPy 2.4: the shapes, values, texts and error messages
// below are what NumPy gave for the same input (np.loadtxt on lists of lines, np.savetxt into a
// StringIO).
import { expect } from 'chai';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as gp from '../lib/index.js';
import { loadtxt, savetxt, type LoadtxtOptions, type SavetxtOptions } from '../lib/io/text.js';
import { describeEachDevice } from './helpers.js';

const values = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, (v) => (typeof v === 'bigint' ? v : Number(v)));
/** [dtype, shape, values in C order] of loadtxt(lines, options). */
const lt = (lines: string[], o?: LoadtxtOptions) => {
  const a = loadtxt(lines, o);
  return [a.dtype.name, a.shape, values(a)];
};

describeEachDevice('loadtxt and savetxt against NumPy', () => {
  let dir = '';
  let n = 0;
  const tmp = (name: string) => join(dir, `${n++}-${name}`);
  /** What savetxt writes for X, as text. */
  const st = (X: gp.ArrayLike, o?: SavetxtOptions) => {
    const p = tmp('out.txt');
    savetxt(p, X, o);
    return readFileSync(p, 'utf8');
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gpuarray-io-text-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("loadtxt squeezes as NumPy's: rows, one row, one column, one value, no data, ndmin, unpack", () => {
    expect(lt(['1 2 3', '4 5 6'])).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, 5, 6]]);
    expect(lt(['1 2 3'])).to.deep.equal(['float64', [3], [1, 2, 3]]);
    expect(lt(['5'])).to.deep.equal(['float64', [], [5]]);
    expect(lt(['5'], { ndmin: 1 })).to.deep.equal(['float64', [1], [5]]);
    expect(lt(['5'], { ndmin: 2 })).to.deep.equal(['float64', [1, 1], [5]]);
    expect(lt(['1', '2', '3'])).to.deep.equal(['float64', [3], [1, 2, 3]]);
    expect(lt(['1', '2', '3'], { ndmin: 2 })).to.deep.equal(['float64', [3, 1], [1, 2, 3]]);
    expect(lt(['1 2 3'], { ndmin: 2 })).to.deep.equal(['float64', [1, 3], [1, 2, 3]]);
    expect(lt(['1 2', '3 4'], { usecols: [] })).to.deep.equal(['float64', [2, 0], []]);
    expect(lt(['1 2 3', '4 5 6'], { unpack: true })).to.deep.equal(['float64', [3, 2], [1, 4, 2, 5, 3, 6]]);
    expect(lt(['1 2 3'], { unpack: true })).to.deep.equal(['float64', [3], [1, 2, 3]]);
    expect(lt(['1', '2'], { unpack: true, ndmin: 2 })).to.deep.equal(['float64', [1, 2], [1, 2]]);
  });

  it('loadtxt of no data: an empty array of NumPy\'s shape, and its UserWarning', async () => {
    const seen: string[] = [];
    const listener = (e: Error) => seen.push(`${e.name}: ${e.message}`);
    process.on('warning', listener);
    try {
      expect(lt([])).to.deep.equal(['float64', [0], []]);
      expect(lt([], { ndmin: 2 })).to.deep.equal(['float64', [0, 1], []]);
      expect(lt(['#only'], { ndmin: 2 })).to.deep.equal(['float64', [0, 1], []]);
      expect(lt([], { usecols: [0, 1] })).to.deep.equal(['float64', [0, 2], []]);
      expect(lt(['a', '1 2 3', '4 5 6'], { skiprows: 1, maxRows: 0 })).to.deep.equal(['float64', [0], []]);
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', listener);
    }
    expect(seen).to.deep.equal(new Array(5).fill('UserWarning: loadtxt: input contained no data: "list of lines"'));
  });

  it('loadtxt: comments, delimiters, skiprows, maxRows and usecols as NumPy reads them', () => {
    expect(lt(['# c', '1 2 3 # x', '', '  4\t5 6  ', '7\x0b8\xa09'])).to.deep.equal(['float64', [3, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(lt(['1 2 3 // x', '4 5 6 % y'], { comments: ['//', '%'] })).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, 5, 6]]);
    expect(lt(['1 # 2', '3 # 4'], { comments: null, usecols: 0 })).to.deep.equal(['float64', [2], [1, 3]]);
    expect(lt(['1, 2 ,3 ', ' 4,5,6', ''], { delimiter: ',' })).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, 5, 6]]);
    expect(lt(['1;2', '3;4'], { delimiter: ';', dtype: 'int32' })).to.deep.equal(['int32', [2, 2], [1, 2, 3, 4]]);
    expect(lt(['1 2 3', '#', '', '4 5 6', '7 8 9'], { maxRows: 2 })).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, 5, 6]]);
    expect(lt(['1 2 3', '4 5'], { maxRows: 1 })).to.deep.equal(['float64', [3], [1, 2, 3]]);
    expect(lt(['x y', '# c', '1 2'], { skiprows: 2 })).to.deep.equal(['float64', [2], [1, 2]]);
    expect(lt(['1 2 3', '4 5 6'], { usecols: -1 })).to.deep.equal(['float64', [2], [3, 6]]);
    expect(lt(['1 2 3', '4 5 6'], { usecols: [2, 0] })).to.deep.equal(['float64', [2, 2], [3, 1, 6, 4]]);
    expect(lt(['1 2', '3 4'], { usecols: [0, 0] })).to.deep.equal(['float64', [2, 2], [1, 1, 3, 3]]);
    expect(lt(['1 2 3', '', '4 5 6', '1'], { usecols: [0] })).to.deep.equal(['float64', [3], [1, 4, 1]]);
    expect(lt(['1 2', '3 4'], { delimiter: null, comments: ['#', '#'] })).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
  });

  it('loadtxt parses fields per dtype as NumPy does', () => {
    expect(lt(['inf -inf nan NaN Inf +nan INFINITY infinity'])[2]).to.deep.equal([Infinity, -Infinity, NaN, NaN, Infinity, NaN, Infinity, Infinity]);
    expect(lt(['1e5 1E5 .5 5. 1.e5 -0'])[2]).to.deep.equal([1e5, 1e5, 0.5, 5, 1e5, -0]);
    expect(lt(['1e400 -1e400 1e-400'])[2]).to.deep.equal([Infinity, -Infinity, 0]);
    expect(lt(['1 -2 +3 007'], { dtype: 'int8' })).to.deep.equal(['int8', [4], [1, -2, 3, 7]]);
    expect(lt(['9223372036854775807 -9223372036854775808'], { dtype: 'int64' })).to.deep.equal(['int64', [2], [2n ** 63n - 1n, -(2n ** 63n)]]);
    expect(lt(['18446744073709551615'], { dtype: 'uint64' })).to.deep.equal(['uint64', [], [2n ** 64n - 1n]]);
    expect(lt(['1 0 2 -1'], { dtype: 'bool' })).to.deep.equal(['bool', [4], [1, 0, 1, 1]]);
    expect(lt(['0.1'], { dtype: 'float32' })).to.deep.equal(['float32', [], [Math.fround(0.1)]]);
    expect(lt(['0.1 65520'], { dtype: 'float16' })).to.deep.equal(['float16', [2], [0.0999755859375, Infinity]]);
    expect(lt(['1j +1j 1e1j nanj (1) 1e+2j', '-1-2j 1e-3-2.5e+2j inf+infj (1+2j) 5 2j'], { dtype: 'complex128' })).to.deep.equal([
      'complex128',
      [2, 6],
      [0, 1, 0, 1, 0, 10, 0, NaN, 1, 0, 0, 100, -1, -2, 0.001, -250, Infinity, Infinity, 1, 2, 5, 0, 0, 2],
    ]);
    for (const [field, d] of [['0x10', 'float64'], ['1_000', 'float64'], ['1d5', 'float64'], ['-.e5', 'float64'], ['1e+', 'float64'], ['+', 'float64'], ['1.0', 'int64'], ['1e3', 'int64'], ['300', 'int8'], ['-1', 'uint8'], ['-0', 'uint8'], ['True', 'bool'], ['1.5', 'bool'], ['j', 'complex128'], ['-j', 'complex128'], ['1+j', 'complex128'], ['1+2J', 'complex128'], ['1j+2', 'complex128'], ['()', 'complex128'], ['1+2', 'complex128']] as const) {
      expect(() => loadtxt(['1', field], { dtype: d }), field).to.throw(RangeError, `could not convert string '${field}' to ${d} at row 1, column 1.`);
    }
  });

  it("loadtxt's errors are NumPy's", () => {
    const err = (lines: string[], o: LoadtxtOptions | undefined, type: typeof RangeError | typeof TypeError, msg: string) => expect(() => loadtxt(lines, o)).to.throw(type, msg);
    const changed = (a: number, b: number, row: number) => `the number of columns changed from ${a} to ${b} at row ${row}; use \`usecols\` to select a subset and avoid this error`;
    err(['1 2 3', '4 5'], undefined, RangeError, changed(3, 2, 2));
    err(['# c', '', '1 2', '', '3 4 5'], undefined, RangeError, changed(2, 3, 2));
    err(['1,2,3', '   # c', '4,5,6'], { delimiter: ',' }, RangeError, changed(3, 1, 2));
    err(['1,2,3', '4,,6'], { delimiter: ',' }, RangeError, "could not convert string '' to float64 at row 1, column 2.");
    err(['1, x '], { delimiter: ',' }, RangeError, "could not convert string ' x ' to float64 at row 0, column 2.");
    err(['1  2 3'], { delimiter: ' ' }, RangeError, "could not convert string '' to float64 at row 0, column 2.");
    err(['h', '# c', '', '1 2', '', '3 x'], { skiprows: 1 }, RangeError, "could not convert string 'x' to float64 at row 1, column 2.");
    err(['1 2 3', '1 2 x'], { usecols: [0, 2] }, RangeError, "could not convert string 'x' to float64 at row 1, column 3.");
    err(['1 2 3', '4 5 6'], { usecols: [3] }, RangeError, 'invalid column index 3 at row 1 with 3 columns');
    err(['1 2 3', '4 5 6'], { usecols: [-4] }, RangeError, 'invalid column index -4 at row 1 with 3 columns');
    err(['1 2 3', '4 5 6', '1'], { usecols: [1] }, RangeError, 'invalid column index 1 at row 3 with 1 columns');
    err(['1'], { usecols: [0.5] }, TypeError, "usecols must be an int or a sequence of ints but it contains at least one element of type 'float'");
    err(['1'], { ndmin: 3 }, RangeError, 'Illegal value of ndmin keyword: 3');
    err(['1'], { skiprows: -1 }, RangeError, 'nonnegative');
    err(['1'], { maxRows: 1.5 }, TypeError, 'must be an integer');
    err(['1'], { comments: '' }, RangeError, 'comments cannot be an empty string. Use comments=None to disable comments.');
    err(['1'], { delimiter: ',', comments: ',' }, TypeError, "The values for control characters 'comment' and 'delimiter' are incompatible");
    err(['1'], { delimiter: ',', comments: ['#', ','] }, TypeError, "Comment characters '('#', ',')' cannot include the delimiter ','");
    err(['1'], { delimiter: 'ab' }, TypeError, "Text reading control character must be a single unicode character or None; but got: 'ab'");
    err(['1'], { delimiter: '\n' }, TypeError, "control character 'delimiter' cannot be a newline");
    err(['1'], { converters: {} } as never, TypeError, "unknown option 'converters'");
  });

  it('loadtxt reads paths (gzipped too) and file descriptors', () => {
    const p = tmp('in.csv');
    writeFileSync(p, 'a,b\r\n1,2\r\n3,4\r\n');
    expect(values(loadtxt(p, { delimiter: ',', skiprows: 1, dtype: 'int16' }))).to.deep.equal([1, 2, 3, 4]);
    const fd = openSync(p, 'r');
    try {
      expect(loadtxt(fd, { delimiter: ',', skiprows: 1 }).shape).to.deep.equal([2, 2]);
    } finally {
      closeSync(fd);
    }
  });

  it("savetxt writes NumPy's text: default %.18e, fmt forms, header/footer, newline", () => {
    const a = gp.array([[1.5, -2, 3], [0.1, 1e300, -0]]);
    expect(st(a)).to.equal('1.500000000000000000e+00 -2.000000000000000000e+00 3.000000000000000000e+00\n1.000000000000000056e-01 1.000000000000000053e+300 -0.000000000000000000e+00\n');
    expect(st(gp.array([[1.5, -2, 3], [0.1, 1e25, -0]]), { fmt: '%.3f', delimiter: ',', header: 'a,b,c', footer: 'end', comments: '# ' })).to.equal(
      '# a,b,c\n1.500,-2.000,3.000\n0.100,10000000000000000905969664.000,-0.000\n# end\n',
    );
    expect(st(gp.array([1, -2, 30], 'int32'), { fmt: '%d' })).to.equal('1\n-2\n30\n');
    expect(st(gp.array([[1, 2.5, 3.25], [-4, 5e-5, 6]]), { fmt: ['%d', '%.2e', '%10.5f'] })).to.equal('1 2.50e+00    3.25000\n-4 5.00e-05    6.00000\n');
    expect(st(gp.array([[1, 2.5], [3, -4.25]]), { fmt: '%d|%.1f' })).to.equal('1|2.5\n3|-4.2\n');
    expect(st(gp.array([1]), { header: 'l1\nl2', footer: 'f1\nf2', comments: '% ', newline: '\r\n', fmt: '%g' })).to.equal('% l1\n% l2\r\n1\r\n% f1\n% f2\r\n');
    expect(st(gp.array([[1e-5, 123456789, 0.5, 100]]), { fmt: '%g', delimiter: '\t' })).to.equal('1e-05\t1.23457e+08\t0.5\t100\n');
    expect(st(gp.array([[3, -3]]), { fmt: ['%+05d', '%-6d'] })).to.equal('+0003 -3    \n');
    expect(st(gp.zeros([0, 3]), { header: 'h' })).to.equal('# h\n');
  });

  it('savetxt formats each dtype as NumPy scalars format', () => {
    expect(st(gp.array([true, false]))).to.equal('1.000000000000000000e+00\n0.000000000000000000e+00\n');
    expect(st(gp.array([[true, false]]), { fmt: '%d' })).to.equal('1 0\n');
    expect(st(gp.array([[true, false]]), { fmt: '%s' })).to.equal('True False\n');
    expect(st(gp.array([-(2n ** 63n), 2n ** 63n - 1n], 'int64'), { fmt: '%d' })).to.equal('-9223372036854775808\n9223372036854775807\n');
    expect(st(gp.array([2n ** 64n - 1n], 'uint64'), { fmt: '%d' })).to.equal('18446744073709551615\n');
    expect(st(gp.array([[7, -1]], 'int16'))).to.equal('7.000000000000000000e+00 -1.000000000000000000e+00\n');
    expect(st(gp.array([0.1, 1e-5, 3e20], 'float32'), { fmt: '%s' })).to.equal('0.1\n1e-05\n3e+20\n');
    expect(st(gp.array([0.1, 1e-5, 1e16, 123]), { fmt: '%s' })).to.equal('0.1\n1e-05\n1e+16\n123.0\n');
    expect(st(gp.array([0.1], 'float32'))).to.equal('1.000000014901161194e-01\n');
    expect(st(gp.array([0.1, 65504], 'float16'))).to.equal('9.997558593750000000e-02\n6.550400000000000000e+04\n');
    expect(st(gp.array([0.1, 1000, 2049], 'float16'), { fmt: '%s' })).to.equal('0.1\n1e+03\n2.048e+03\n');
    expect(st(gp.array([255, 16], 'uint8'), { fmt: '%#x' })).to.equal('0xff\n0x10\n');
    expect(st(gp.array([1.7, -2.9, 1e20]), { fmt: '%d' })).to.equal('1\n-2\n100000000000000000000\n');
    expect(st(gp.array([NaN, Infinity, -Infinity]), { fmt: '%8.2f' })).to.equal('     nan\n     inf\n    -inf\n');
  });

  it("savetxt writes complex values NumPy's way", () => {
    // complex arrays from (re, im) pairs
    const c = (re: number[], im: number[], d: 'complex64' | 'complex128' = 'complex128') => gp.asarray(Float64Array.from(re.flatMap((r, i) => [r, im[i]]))).view('complex128').astype(d);
    expect(st(c([1, -3.5], [2, -0.5]).reshape(1, 2))).to.equal(' (1.000000000000000000e+00+2.000000000000000000e+00j)  (-3.500000000000000000e+00-5.000000000000000000e-01j)\n');
    expect(st(c([1, 0.5], [-2, 0], 'complex64'), { fmt: '%.3f' })).to.equal(' (1.000-2.000j)\n (0.500+0.000j)\n');
    expect(st(c([1, 3], [-2, 4]).reshape(1, 2), { fmt: '%.1f%+.1fj,%.1f%+.1fj' })).to.equal('1.0-2.0j,3.0+4.0j\n');
    // and loadtxt reads NumPy's complex text back
    const z = c([0.1, -1e-300, 5], [-7.25, 3, 0]).reshape(1, 3);
    const p = tmp('c.txt');
    savetxt(p, z);
    const back = loadtxt(p, { dtype: 'complex128' });
    expect([back.shape, values(back)]).to.deep.equal([[3], values(z)]);
  });

  it("savetxt's errors are NumPy's; it writes to descriptors and .gz paths", () => {
    expect(() => st(gp.array([1.5]), { fmt: '%x' })).to.throw(TypeError, "Mismatch between array dtype ('float64') and format specifier ('%x')");
    expect(() => st(gp.array([NaN]), { fmt: '%d' })).to.throw(RangeError, 'cannot convert float NaN to integer');
    expect(() => st(gp.zeros([2, 2, 2]))).to.throw(RangeError, 'Expected 1D or 2D array, got 3D array instead');
    expect(() => st(gp.array(1))).to.throw(RangeError, 'Expected 1D or 2D array, got 0D array instead');
    expect(() => st(gp.zeros([2, 3]), { fmt: ['%d', '%d'] })).to.throw(RangeError, "fmt has wrong shape.  ['%d', '%d']");
    expect(() => st(gp.zeros([2, 3]), { fmt: '%d %d' })).to.throw(RangeError, 'fmt has wrong number of % formats:  %d %d');
    expect(() => st(gp.zeros([1, 2]), { fmt: '%d%% %d%%' })).to.throw(RangeError, 'fmt has wrong number of % formats:  %d%% %d%%');
    expect(() => st(gp.zeros([1, 2]), { fmt: '%d %q' })).to.throw(RangeError, "unsupported format character 'q' (0x71) at index 4");
    expect(() => st(gp.zeros(2), { encoding: 'latin1' } as never)).to.throw(TypeError, "unknown option 'encoding'");
    const p = tmp('fd.txt');
    const fd = openSync(p, 'w');
    try {
      savetxt(fd, gp.array([1, 2], 'int32'), { fmt: '%d' });
      savetxt(fd, gp.array([3], 'int32'), { fmt: '%d' });
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(p, 'utf8')).to.equal('1\n2\n3\n');
    const gz = tmp('x.txt.gz');
    const x = gp.arange(6, 'float64').reshape(2, 3).divide(3);
    savetxt(gz, x);
    expect(gunzipSync(readFileSync(gz)).toString('utf8').split('\n')[0]).to.equal('0.000000000000000000e+00 3.333333333333333148e-01 6.666666666666666297e-01');
    expect(values(loadtxt(gz))).to.deep.equal(values(x)); // %.18e round-trips float64 exactly
  });
});
