// fromfile, fromstring and tofile against NumPy 2.4: raw bytes (C order, offset, count, partial
// elements), separated text (whitespace and separators, trailing separators, unmatched data,
// integer wrapping, complex), and tofile's text as Python formats the items.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const vals = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

describeEachDevice('fromfile, fromstring, tofile', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gp-raw-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('binary: tofile writes C-order bytes, fromfile reads them with dtype, count and offset', () => {
    const f = join(dir, 'x.bin');
    gp.arange(5, 'float32').tofile(f);
    expect(readFileSync(f).equals(Buffer.from(Float32Array.of(0, 1, 2, 3, 4).buffer))).to.equal(true);
    expect(vals(gp.fromfile(f, 'float32'))).to.deep.equal([0, 1, 2, 3, 4]);
    expect(vals(gp.fromfile(f, { dtype: 'float32', count: 2, offset: 4 }))).to.deep.equal([1, 2]);
    expect(vals(gp.fromfile(f, 'float32', 9))).to.deep.equal([0, 1, 2, 3, 4]); // NumPy reads what is there
    expect(vals(gp.fromfile(f, 'float64'))).to.deep.equal([0.0078125, 32.00000762939453]); // 20 bytes: 2 float64s
    // A transposed view is written in C order of its own shape.
    const t = join(dir, 't.bin');
    gp.arange(6, 'int16').reshape([2, 3]).T.tofile(t);
    expect(vals(gp.fromfile(readFileSync(t), 'int16'))).to.deep.equal([0, 3, 1, 4, 2, 5]);
  });

  it("fromstring: NumPy's separated text", () => {
    const s = (text: string, o: gp.FromstringOptions) => vals(gp.fromstring(text, o));
    expect(s('1 2 3', { sep: ' ' })).to.deep.equal([1, 2, 3]);
    expect(s('1, 2,3', { sep: ',' })).to.deep.equal([1, 2, 3]);
    expect(s('1,2,', { sep: ',' })).to.deep.equal([1, 2]);
    expect(s('  1\n2\t 3  ', { sep: ' ' })).to.deep.equal([1, 2, 3]);
    expect(s('1 , 2', { sep: ',' })).to.deep.equal([1, 2]);
    expect(s('1,2', { sep: ', ' })).to.deep.equal([1, 2]);
    expect(s('1 2 3', { sep: ' ', count: 2 })).to.deep.equal([1, 2]);
    expect(s('inf nan -1e3', { sep: ' ' }).map(String)).to.deep.equal(['Infinity', 'NaN', '-1000']);
    expect(s('', { sep: ' ' })).to.deep.equal([]);
    const i = gp.fromstring('1 2 3', 'int64', { sep: ' ' });
    expect([i.dtype.name, vals(i)]).to.deep.equal(['int64', [1, 2, 3]]);
    expect(vals(gp.fromstring('300', 'uint8', { sep: ' ' }))).to.deep.equal([44]); // NumPy's C cast wraps
    expect(gp.fromstring('1 2', 'bool', { sep: ' ' }).toArray()).to.deep.equal([true, true]);
    const z = gp.fromstring('1+2j 3', 'complex128', { sep: ' ' }).toArray() as { re: number; im: number }[];
    expect(z.map((c) => [c.re, c.im])).to.deep.equal([[1, 2], [3, 0]]);
    for (const [text, d, sep] of [['1,2,x', 'float64', ','], ['1.5 2', 'int64', ' '], ['1;;2', 'float64', ';'], ['0x10', 'float64', ' '], ['-1', 'uint8', ' ']]) {
      expect(() => gp.fromstring(text, d, { sep })).to.throw(RangeError, 'could not be read to its end due to unmatched data');
    }
    expect(() => gp.fromstring('1 2', { sep: '' })).to.throw(RangeError, 'binary mode of fromstring is removed');
  });

  it("text files: tofile formats items as Python's % does, fromfile reads them back", () => {
    const f = join(dir, 'x.txt');
    gp.array([[1.5, 2], [3, 4]], 'float64').tofile(f, ', ');
    expect(readFileSync(f, 'utf8')).to.equal('1.5, 2.0, 3.0, 4.0');
    expect(vals(gp.fromfile(f, { sep: ',' }))).to.deep.equal([1.5, 2, 3, 4]);
    expect(() => gp.fromfile(f, { sep: ',', offset: 2 })).to.throw(TypeError, "'offset' argument only permitted for binary files");
    gp.array([0.1, 1, 1e16], 'float32').tofile(f, { sep: ' ' });
    expect(readFileSync(f, 'utf8')).to.equal('0.10000000149011612 1.0 1.0000000272564224e+16');
    gp.array([1, 2]).tofile(f, '\n', '%05d');
    expect(readFileSync(f, 'utf8')).to.equal('00001\n00002');
    gp.array([{ re: 1, im: 2 }, { re: 0, im: -1.5 }, { re: -0, im: 0 }, { re: 1e16, im: 0.5 }], 'complex128').tofile(f, ' ');
    expect(readFileSync(f, 'utf8')).to.equal('(1+2j) -1.5j (-0+0j) (1e+16+0.5j)');
    gp.array([true, false]).tofile(f, ',');
    expect(readFileSync(f, 'utf8')).to.equal('True,False');
    writeFileSync(f, '7 8\n9');
    expect(vals(gp.fromfile(f, 'int32', -1, ' '))).to.deep.equal([7, 8, 9]);
  });
});
