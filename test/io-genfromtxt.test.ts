// numpy.genfromtxt against NumPy 2.4: the dtypes, shapes, values and error messages below are
// what np.genfromtxt gave for the same text written to a file (or for the same list of lines).
import { expect } from 'chai';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, (v) => (typeof v === 'bigint' ? v : Number(v)));
const result = (a: gp.GpuArray) => [a.dtype.name, a.shape, values(a)];

describeEachDevice('genfromtxt against NumPy', () => {
  let dir = '';
  let n = 0;
  /** genfromtxt of `text` written to a fresh file. */
  const gf = (text: string, o?: gp.GenfromtxtOptions) => {
    const p = join(dir, `${n++}.txt`);
    writeFileSync(p, text);
    return result(gp.genfromtxt(p, o));
  };
  /** The warnings `f` emits, as "name: message". */
  const warningsOf = async (f: () => void) => {
    const seen: string[] = [];
    const listener = (e: Error) => seen.push(`${e.name}: ${e.message}`);
    process.on('warning', listener);
    try {
      f();
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', listener);
    }
    return seen;
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gpuarray-genfromtxt-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("genfromtxt squeezes as NumPy's: rows, one row, one column, one value, ndmin, unpack", () => {
    expect(gf("1 2 3\n4 5 6\n")).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, 5, 6]]);
    expect(gf("1 2 3\n")).to.deep.equal(['float64', [3], [1, 2, 3]]);
    expect(gf("1\n2\n3\n")).to.deep.equal(['float64', [3], [1, 2, 3]]);
    expect(gf("5\n")).to.deep.equal(['float64', [], [5]]);
    expect(gf("5\n", { ndmin: 1 })).to.deep.equal(['float64', [1], [5]]);
    expect(gf("5\n", { ndmin: 2 })).to.deep.equal(['float64', [1, 1], [5]]);
    expect(gf("1 2 3\n", { ndmin: 2 })).to.deep.equal(['float64', [1, 3], [1, 2, 3]]);
    expect(gf("1\n2\n3\n", { ndmin: 2 })).to.deep.equal(['float64', [3, 1], [1, 2, 3]]);
    expect(gf("1 2 3\n4 5 6\n", { unpack: true })).to.deep.equal(['float64', [3, 2], [1, 4, 2, 5, 3, 6]]);
    expect(gf("1\n2\n", { ndmin: 2, unpack: true })).to.deep.equal(['float64', [1, 2], [1, 2]]);
    expect(() => gf("1 2\n", { ndmin: 3 })).to.throw(RangeError, "Illegal value of ndmin keyword: 3");
  });

  it("genfromtxt splits lines as NumPy's LineSplitter: delimiters, comments, widths, line ends", () => {
    expect(gf("# header\n\n1 2 # c\n3 4#x\n")).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(gf("// header\n1 2 // c\n3 4\n", { comments: "//" })).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(() => gf("1 2 # c\n3 4\n", { comments: null })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 2 columns instead of 4)");
    expect(gf("1\t2\n3\t\t4\n")).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(() => gf("1\t2\n3\t\t4\n", { delimiter: "\t" })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 3 columns instead of 2)");
    expect(gf("1, 2\n3, 4\n", { delimiter: ", " })).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(gf("1 ;; 2\n3;;4\n", { delimiter: ";;" })).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(gf("1 2\r\n3 4\r\n")).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(gf("1 2\r3 4\r")).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(() => gf("123456\n78\n", { delimiter: 2 })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 1 columns instead of 3)");
    expect(gf("123456\n78\n", { delimiter: [1, 2, 3] })).to.deep.equal(['float64', [2, 3], [1, 23, 456, 7, 8, NaN]]);
    expect(gf("1 23 456\n7 8\n", { delimiter: [2, 3, 4] })).to.deep.equal(['float64', [2, 3], [1, 23, 456, 7, 8, NaN]]);
    expect(gf("1 23 456 # c\n7 8\n", { delimiter: [2, 3, 4] })).to.deep.equal(['float64', [2, 3], [1, 23, 456, 7, 8, NaN]]);
    expect(gf(" True , false \nTRUE,x\n", { delimiter: ",", dtype: "bool" })).to.deep.equal(['bool', [2, 2], [0, 0, 1, 0]]);
    expect(gf(" True , false \nTRUE,x\n", { delimiter: ",", dtype: "bool", autostrip: true })).to.deep.equal(['bool', [2, 2], [1, 0, 1, 0]]);
  });

  it("genfromtxt fills missing fields: NumPy's defaults, missingValues and fillingValues", () => {
    expect(gf("1,2,3\n4,,6\n", { delimiter: "," })).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, NaN, 6]]);
    expect(gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: "int64" })).to.deep.equal(['int64', [2, 3], [1n, 2n, 3n, 4n, -1n, 6n]]);
    expect(gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: "int32" })).to.deep.equal(['int32', [2, 3], [1, 2, 3, 4, -1, 6]]);
    expect(gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: "bool" })).to.deep.equal(['bool', [2, 3], [0, 0, 0, 0, 0, 0]]);
    expect(gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: "complex128" })).to.deep.equal(['complex128', [2, 3], [1, 0, 2, 0, 3, 0, 4, 0, NaN, 0, 6, 0]]);
    expect(gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: "float32", fillingValues: 0 })).to.deep.equal(['float32', [2, 3], [1, 2, 3, 4, 0, 6]]);
    expect(() => gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: "uint8" })).to.throw(RangeError, "Python integer -1 out of bounds for uint8");
    expect(gf("1,N/A,3\n4,5,NA\n", { delimiter: ",", missingValues: "N/A,NA" })).to.deep.equal(['float64', [2, 3], [1, NaN, 3, 4, 5, NaN]]);
    expect(gf("1,N/A,3\n4,5,NA\n", { delimiter: ",", missingValues: ["x", "N/A", "NA"], loose: false })).to.deep.equal(['float64', [2, 3], [1, NaN, 3, 4, 5, NaN]]);
    expect(() => gf("1,N/A,3\n4,5,NA\n", { delimiter: ",", missingValues: "N/A", loose: false })).to.throw(RangeError, "Cannot convert string 'NA'");
    expect(gf("1,N/A,3\n4,5,NA\n", { delimiter: ",", missingValues: { 1: "N/A", 2: ["NA"] }, fillingValues: { 1: -5, "-1": 9 }, loose: false })).to.deep.equal(['float64', [2, 3], [1, -5, 3, 4, 5, 9]]);
    expect(gf("1,,3\n4,5,\n", { delimiter: ",", fillingValues: [7, 8] })).to.deep.equal(['float64', [2, 3], [1, 8, 3, 4, 5, NaN]]);
    expect(gf("1,,3\n4,5,\n", { delimiter: ",", usecols: [2, 1], fillingValues: { 2: 100 } })).to.deep.equal(['float64', [2, 2], [3, NaN, 100, 5]]);
    expect(gf("1,,3\n4,5,\n", { delimiter: ",", usecols: [2, 1], fillingValues: { 0: 100 } })).to.deep.equal(['float64', [2, 2], [3, NaN, 100, 5]]);
    expect(gf("1,-999,3\n", { delimiter: ",", missingValues: "-999", fillingValues: 0 })).to.deep.equal(['float64', [3], [1, -999, 3]]);
    expect(gf("1,x,3\n", { delimiter: "," })).to.deep.equal(['float64', [3], [1, NaN, 3]]);
    expect(() => gf("1,x,3\n", { delimiter: ",", loose: false })).to.throw(RangeError, "Cannot convert string 'x'");
    expect(gf("1,,3\n", { delimiter: ",", dtype: "int32", fillingValues: 2.7 })).to.deep.equal(['int32', [3], [1, 2, 3]]);
    expect(gf("1,,3\n", { delimiter: ",", dtype: "bool", fillingValues: 2 })).to.deep.equal(['bool', [3], [1, 1, 1]]);
  });

  it("genfromtxt parses fields as Python's float(), int(), complex() and NumPy's str2bool", () => {
    expect(gf("1_000 2_0.5 inf -Infinity NaN +nan 1e400\n")).to.deep.equal(['float64', [7], [1000, 20.5, Infinity, -Infinity, NaN, NaN, Infinity]]);
    expect(gf("1.7,-2.9\n1e3,nan\n", { delimiter: ",", dtype: "int32" })).to.deep.equal(['int32', [2, 2], [1, -2, 1000, -1]]);
    expect(() => gf("1.7,-2.9\n1e3,inf\n", { delimiter: ",", dtype: "int32" })).to.throw(RangeError, "cannot convert float infinity to integer");
    expect(gf("1.7,-2.9\n1e3,4\n", { delimiter: ",", dtype: "int64" })).to.deep.equal(['int64', [2, 2], [-1n, -1n, -1n, 4n]]);
    expect(() => gf("300,1\n", { delimiter: ",", dtype: "int8" })).to.throw(RangeError, "Python integer 300 out of bounds for int8");
    expect(() => gf("-1,1\n", { delimiter: ",", dtype: "uint64" })).to.throw(RangeError, "Python integer -1 out of bounds for uint64");
    expect(gf("18446744073709551615,1\n", { delimiter: ",", dtype: "uint64" })).to.deep.equal(['uint64', [2], [18446744073709551615n, 1n]]);
    expect(() => gf("99999999999999999999,1\n", { delimiter: ",", dtype: "int64" })).to.throw(RangeError, "Python int too large to convert to C long");
    expect(gf("(1+2j) j -j 1+j 2J ( 3-4j ) nanj\n", { dtype: "complex128" })).to.deep.equal(['complex128', [9], [1, 2, 0, 1, 0, -1, 1, 1, 0, 2, NaN, 0, 3, -4, NaN, 0, 0, NaN]]);
    expect(gf("1+2j 1.1\n", { dtype: "complex64" })).to.deep.equal(['complex64', [2], [1, 2, 1.100000023841858, 0]]);
    expect(gf("1.1 3.3e38 1e39\n", { dtype: "float32" })).to.deep.equal(['float32', [3], [1.100000023841858, 3.299999965482712e+38, Infinity]]);
    expect(gf("True false TRUE 1 0\n", { dtype: "bool" })).to.deep.equal(['bool', [5], [1, 0, 1, 0, 0]]);
  });

  it("genfromtxt with dtype null infers one numeric type for all columns, as NumPy's converters upgrade", () => {
    expect(gf("1,2,3\n4,,6\n", { delimiter: ",", dtype: null })).to.deep.equal(['int64', [2, 3], [1n, 2n, 3n, 4n, -1n, 6n]]);
    expect(gf("1.5,2.5\n4,6e3\n", { delimiter: ",", dtype: null })).to.deep.equal(['float64', [2, 2], [1.5, 2.5, 4, 6000]]);
    expect(gf("1+2j,3\n4,5j\n", { delimiter: ",", dtype: null })).to.deep.equal(['complex128', [2, 2], [1, 2, 3, 0, 4, 0, 0, 5]]);
    expect(gf("True,False\nfalse,TRUE\n", { delimiter: ",", dtype: null })).to.deep.equal(['bool', [2, 2], [1, 0, 0, 1]]);
    expect(gf("True,\nFalse,\n", { delimiter: ",", dtype: null })).to.deep.equal(['bool', [2, 2], [1, 0, 0, 0]]);
    expect(gf("1,N/A,3\n4,5,NA\n", { delimiter: ",", missingValues: "N/A,NA", dtype: null })).to.deep.equal(['int64', [2, 3], [1n, -1n, 3n, 4n, 5n, -1n]]);
    expect(gf("1,N/A,3\n4,5,NA\n", { delimiter: ",", missingValues: "N/A,NA", dtype: null, fillingValues: 0 })).to.deep.equal(['int64', [2, 3], [1n, 0n, 3n, 4n, 5n, 0n]]);
    expect(gf("99999999999999999999\n1\n", { dtype: null })).to.deep.equal(['float64', [2], [1e+20, 1]]);
    expect(gf("1_000 2\n", { dtype: null })).to.deep.equal(['int64', [2], [1000n, 2n]]);
  });

  it("genfromtxt reports rows with the wrong number of columns as NumPy does", () => {
    expect(() => gf("# hdr\n\n1 2\n1 2 3\n4 5\n6\n")).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 3 columns instead of 2)\n    Line #4 (got 1 columns instead of 2)");
    expect(() => gf("# hdr\n\n1 2\n1 2 3\n4 5\n6\n", { skipHeader: 1 })).to.throw(RangeError, "Some errors were detected !\n    Line #3 (got 3 columns instead of 2)\n    Line #5 (got 1 columns instead of 2)");
    expect(gf("1 2\n3\n5 6\n7 8 9\n", { invalidRaise: false })).to.deep.equal(['float64', [2, 2], [1, 2, 5, 6]]);
    expect(() => gf("1 2\n3\n5 6\n7 8 9\n", { skipFooter: 1 })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 1 columns instead of 2)");
    expect(() => gf("1 2\n3\n5 6\n7 8 9\n", { skipFooter: 2 })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 1 columns instead of 2)");
    expect(gf("1 2\n3\n5 6\n7 8 9\n", { skipFooter: 5 })).to.deep.equal(['float64', [0], []]);
    expect(() => gf("\n\n1,2\n\n3\n", { delimiter: "," })).to.throw(RangeError, "Some errors were detected !\n    Line #3 (got 1 columns instead of 2)");
    expect(() => gf("1 2 3\n4 5\n", { usecols: [2] })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 2 columns instead of 1)");
    expect(() => gf("1 2 3\n4 5\n", { usecols: [-1] })).to.throw(RangeError, "Some errors were detected !\n    Line #2 (got 2 columns instead of 1)");
    expect(gf("123456\n78\n", { delimiter: 2, invalidRaise: false })).to.deep.equal(['float64', [3], [12, 34, 56]]);
  });

  it("genfromtxt: headers, footers, maxRows and usecols", () => {
    expect(gf("h1\nh2\n1 2\n3 4\nf1\n", { skipHeader: 2, skipFooter: 1 })).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(gf("1 2\n3 4\n5 6\n", { maxRows: 2 })).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    // A negative skipHeader skips nothing, but still counts in the line numbers (Python's range()).
    expect(() => gf("a\n1 2\n", { skipHeader: -1 })).to.throw(RangeError, "Some errors were detected !\n    Line #1 (got 2 columns instead of 1)");
    expect(() => gf("1 2\n3 4\n5 6\n", { maxRows: 2, skipFooter: 1 })).to.throw(RangeError, "The keywords 'skip_footer' and 'max_rows' can not be specified at the same time.");
    expect(() => gf("1 2\n3 4\n5 6\n", { maxRows: 0 })).to.throw(RangeError, "'max_rows' must be at least 1.");
    expect(gf("1 2 3\n4 5 6\n", { usecols: -1 })).to.deep.equal(['float64', [2], [3, 6]]);
    expect(gf("1 2 3\n4 5 6\n", { usecols: [-1, 0] })).to.deep.equal(['float64', [2, 2], [3, 1, 6, 4]]);
    expect(gf("1 2 3\n4 5 6\n", { usecols: -4 })).to.deep.equal(['float64', [2], [3, 6]]);
    expect(gf("1 2 3\n4 5 6\n", { usecols: [] })).to.deep.equal(['float64', [2, 3], [1, 2, 3, 4, 5, 6]]);
    expect(() => gf("1 2\n", { caseSensitive: "bogus" })).to.throw(RangeError, "unrecognized case_sensitive value bogus.");
    expect(gf("1 2\n", { caseSensitive: "lower" })).to.deep.equal(['float64', [2], [1, 2]]);
  });

  it("genfromtxt of no data: NumPy's empty shapes and its UserWarning", async () => {
    const got: unknown[] = [];
    const seen = await warningsOf(() => {
      got.push(result(gp.genfromtxt([])));
      got.push(result(gp.genfromtxt([], { ndmin: 2 })));
      got.push(result(gp.genfromtxt(['# only', ''], { ndmin: 1 })));
      got.push(result(gp.genfromtxt([], { usecols: [0, 1] })));
      got.push(result(gp.genfromtxt([], { dtype: null, usecols: [0, 1] })));
      got.push(result(gp.genfromtxt([], { ndmin: 2, unpack: true })));
      got.push(result(gp.genfromtxt(['x', '1 2'], { skipHeader: 5 })));
    });
    expect(got).to.deep.equal([
      ['float64', [0], []],
      ['float64', [0, 1], []],
      ['float64', [0], []],
      ['float64', [0], []],
      ['bool', [0], []],
      ['float64', [1, 0], []],
      ['float64', [0], []],
    ]);
    expect(seen).to.deep.equal(new Array(7).fill('UserWarning: genfromtxt: Empty input file: "list of lines"'));
  });

  it('genfromtxt with invalidRaise false warns as NumPy (ConversionWarning)', async () => {
    let got: unknown;
    const seen = await warningsOf(() => (got = gf('1 2\n3\n5 6\n7 8 9\n', { invalidRaise: false })));
    expect(got).to.deep.equal(['float64', [2, 2], [1, 2, 5, 6]]);
    expect(seen).to.deep.equal(['ConversionWarning: Some errors were detected !\n    Line #2 (got 1 columns instead of 2)\n    Line #4 (got 3 columns instead of 2)']);
  });

  it('genfromtxt reads a .gz path, a file descriptor and a list of lines (each element one line)', () => {
    const gz = join(dir, 'a.txt.gz');
    writeFileSync(gz, gzipSync('1 2\n3 4'));
    expect(result(gp.genfromtxt(gz))).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    const p = join(dir, 'fd.txt');
    writeFileSync(p, '1,2\n3,4\n');
    const fd = openSync(p, 'r');
    try {
      expect(result(gp.genfromtxt(fd, { delimiter: ',', dtype: 'int16' }))).to.deep.equal(['int16', [2, 2], [1, 2, 3, 4]]);
    } finally {
      closeSync(fd);
    }
    expect(result(gp.genfromtxt(['1 2', '3 4\n']))).to.deep.equal(['float64', [2, 2], [1, 2, 3, 4]]);
    expect(() => gp.genfromtxt(['1 2\n', '3,4'], { delimiter: ',' })).to.throw(RangeError, 'Some errors were detected !\n    Line #2 (got 2 columns instead of 1)');
  });

  it("genfromtxt's parameters by position, in NumPy's order, or in one options object", () => {
    expect(result(gp.genfromtxt(['1,2', '3,4'], 'int32', '#', ','))).to.deep.equal(['int32', [2, 2], [1, 2, 3, 4]]);
    expect(result(gp.genfromtxt(['1,2', '3,4'], null, '#', ','))).to.deep.equal(['int64', [2, 2], [1n, 2n, 3n, 4n]]);
    expect(result(gp.genfromtxt(['1,2', '3,4'], null, { delimiter: ',' }))).to.deep.equal(['int64', [2, 2], [1n, 2n, 3n, 4n]]);
    expect(result(gp.genfromtxt(['h', '1,2', '3,4', 'f'], 'float32', '#', ',', 1, 1))).to.deep.equal(['float32', [2, 2], [1, 2, 3, 4]]);
    expect(result(gp.genfromtxt(['1 N/A'], { missingValues: new Map([[null, 'N/A']]), fillingValues: new Map([[1, 7]]) }))).to.deep.equal(['float64', [2], [1, 7]]);
    expect(result(gp.genfromtxt(['1,,3'], { delimiter: ',', dtype: 'complex128', fillingValues: { re: 1, im: -1 } }))).to.deep.equal(['complex128', [3], [1, 0, 1, -1, 3, 0]]);
    expect(() => gp.genfromtxt(['1'], 'float64', { dtype: 'int8' })).to.throw(TypeError, "genfromtxt() got multiple values for argument 'dtype'");
  });

  it("genfromtxt's refusals: structured results, names, converters, usemask, encodings, bad options", () => {
    // NumPy gives structured arrays (or strings) for these.
    expect(() => gp.genfromtxt(['1,2.5', '4,6'], { delimiter: ',', dtype: null })).to.throw(TypeError, 'genfromtxt: dtype=null gives a structured dtype here (columns of int64, float64)');
    expect(() => gp.genfromtxt(['True,1', 'false,0'], { delimiter: ',', dtype: null })).to.throw(TypeError, 'columns of bool, int64');
    expect(() => gp.genfromtxt(['a,1', 'b,0'], { delimiter: ',', dtype: null })).to.throw(TypeError, 'genfromtxt: dtype=null infers column 0 as longdouble or str');
    expect(() => gp.genfromtxt(['', ''], { dtype: null })).to.throw(TypeError, 'no typed column');
    expect(() => gp.genfromtxt(['1 2'], { names: true as unknown as null })).to.throw(TypeError, 'structured array');
    expect(() => gp.genfromtxt(['1 2'], { names: false as unknown as null })).to.throw(TypeError, "object of type 'bool' has no len()");
    expect(() => gp.genfromtxt(['1'], { converters: { 0: () => 1 } as unknown as null })).to.throw(TypeError, 'converters are not supported');
    expect(() => gp.genfromtxt(['1'], { usemask: true })).to.throw(TypeError, 'usemask');
    expect(() => gp.genfromtxt(['1'], { encoding: 'latin1' })).to.throw(TypeError, 'only the UTF-8 encoding');
    expect(result(gp.genfromtxt(['1'], { encoding: 'UTF-8', converters: null, usemask: false, names: null }))).to.deep.equal(['float64', [], [1]]);
    expect(() => gp.genfromtxt(['1'], { delimiter: true as unknown as null })).to.throw(TypeError, 'delimiter must be');
    expect(() => gp.genfromtxt(['1'], { comments: '' })).to.throw(RangeError, 'empty separator');
    expect(() => gp.genfromtxt(['1,'], { delimiter: ',', fillingValues: 'x' as unknown as number })).to.throw(TypeError, 'a filling value must be');
    expect(() => gp.genfromtxt(['1,'], { delimiter: ',', fillingValues: { 5: 1 } })).to.throw(gp.IndexError);
    expect(() => gp.genfromtxt(['1'], { bogus: 1 } as gp.GenfromtxtOptions)).to.throw(TypeError, "unknown option 'bogus'");
    expect(() => gp.genfromtxt(5.5)).to.throw(TypeError, 'fname must be');
  });
});
