// numpy.save/load/savez/savez_compressed against NumPy 2.4: the .npy and .npz bytes below were
// written by np.save / np.savez / np.savez_compressed (base64), and our load must give the values
// NumPy put in; our save must write the very same bytes as np.save.
import { expect } from 'chai';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { load, save, savez, savezCompressed, NpzFile } from '../lib/io/npy.js';
import { wrapHeader, npyHeader } from '../lib/io/npy-header.js';
import { describeEachDevice } from './helpers.js';

const b64 = (s: string) => Buffer.from(s, 'base64');
const values = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, (v) => (typeof v === 'bigint' ? v : Number(v)));
const asArray = (x: gp.GpuArray | NpzFile): gp.GpuArray => {
  if (!(x instanceof gp.GpuArray)) throw new Error('expected an array');
  return x;
};

// np.save of each array named in the key (Python expression in the comment).
const NPY = {
  // np.array([[1.5, -2, 3], [0.1, 1e300, -0.0]])
  f8_2x3: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsIDMpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAD4PwAAAAAAAADAAAAAAAAACECamZmZmZm5P5x1AIg85Dd+AAAAAAAAAIA=',
  // np.array([1, -2, 300, -32768], '>i2')
  i2_be: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPmkyJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDQsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAf/+ASyAAA==',
  // np.array([1, -2, 300, -32768], '<i2')
  i2_le: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGkyJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDQsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAP7/LAEAgA==',
  // np.array([True, False, True])
  bool: 'k05VTVBZAQB2AHsnZGVzY3InOiAnfGIxJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDMsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAAE=',
  // np.array([1+2j, -3.5-0.25j], np.complex64)
  c8: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGM4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAIA/AAAAQAAAYMAAAIC+',
  // np.array([1-2j, 0.5+0.25j])
  c16: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGMxNicsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICgyLCksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAADwPwAAAAAAAADAAAAAAAAA4D8AAAAAAADQPw==',
  // np.array([0.1, -2, 65504, np.inf], np.float16)
  f2: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGYyJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDQsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIApmLgDA/3sAfA==',
  // np.asfortranarray(np.arange(6, dtype='<i4').reshape(2, 3))
  fortran: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGk0JywgJ2ZvcnRyYW5fb3JkZXInOiBUcnVlLCAnc2hhcGUnOiAoMiwgMyksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAwAAAAEAAAAEAAAAAgAAAAUAAAA=',
  // np.array(3.25)
  scalar: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKCksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAAKQA==',
  // np.zeros((0, 3), np.float32)
  empty: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGY0JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDAsIDMpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo=',
  // np.array([1.5, -0.1], '>f8')
  f8_be: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPmY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo/+AAAAAAAAL+5mZmZmZma',
  // np.array([1-2j], '>c16')
  c16_be: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPmMxNicsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICgxLCksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo/8AAAAAAAAMAAAAAAAAAA',
  // np.array([2**64 - 1, 7], np.uint64)
  u8: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPHU4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAr//////////wcAAAAAAAAA',
  // np.array([-2**63, 5], np.int64)
  i8: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGk4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAAAgAUAAAAAAAAA',
  // np.arange(8, dtype=np.uint8).reshape(2, 2, 2)
  u1_3d: 'k05VTVBZAQB2AHsnZGVzY3InOiAnfHUxJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsIDIsIDIpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAQIDBAUGBw==',
  // np.array([-128, 127], np.int8)
  i1: 'k05VTVBZAQB2AHsnZGVzY3InOiAnfGkxJywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAqAfw==',
  // a = np.arange(12.).reshape(3, 4) / 8; np.ascontiguousarray(a.T)
  aT: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDQsIDMpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAAAAAAAAAAAAOA/AAAAAAAA8D8AAAAAAADAPwAAAAAAAOQ/AAAAAAAA8j8AAAAAAADQPwAAAAAAAOg/AAAAAAAA9D8AAAAAAADYPwAAAAAAAOw/AAAAAAAA9j8=',
  // a[::2, 1::2]
  strided: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPGY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsIDIpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAADAPwAAAAAAANg/AAAAAAAA8j8AAAAAAAD2Pw==',
  // np.array([4000000000], np.uint32)
  u4: 'k05VTVBZAQB2AHsnZGVzY3InOiAnPHU0JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDEsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAKGvu',
  // format.write_array(f, np.array([1, 2], np.uint8), version=(2, 0)) and version=(3, 0)
  v2: 'k05VTVBZAgB0AAAAeydkZXNjcic6ICd8dTEnLCAnZm9ydHJhbl9vcmRlcic6IEZhbHNlLCAnc2hhcGUnOiAoMiwpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAg==',
  v3: 'k05VTVBZAwB0AAAAeydkZXNjcic6ICd8dTEnLCAnZm9ydHJhbl9vcmRlcic6IEZhbHNlLCAnc2hhcGUnOiAoMiwpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAg==',
};

// np.savez(f, np.array([1, 2, 3], np.int32), y=np.array([[1.5, 2.5]]))
const SAVEZ =
  'UEsDBC0AAAAAAAAAIQBRnmX3//////////8FABQAeS5ucHkBABAAkAAAAAAAAACQAAAAAAAAAJNOVU1QWQEAdgB7J2Rlc2NyJzogJzxmOCcsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICgxLCAyKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAKAAAAAAAA+D8AAAAAAAAEQFBLAwQtAAAAAAAAACEA68ArBP//////////CQAUAGFycl8wLm5weQEAEACMAAAAAAAAAIwAAAAAAAAAk05VTVBZAQB2AHsnZGVzY3InOiAnPGk0JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDMsKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoBAAAAAgAAAAMAAABQSwECLQMtAAAAAAAAACEAUZ5l95AAAACQAAAABQAAAAAAAAAAAAAAgAEAAAAAeS5ucHlQSwECLQMtAAAAAAAAACEA68ArBIwAAACMAAAACQAAAAAAAAAAAAAAgAHHAAAAYXJyXzAubnB5UEsFBgAAAAACAAIAagAAAI4BAAAAAA==';
// np.savez_compressed(f, x=np.zeros(100, np.int16), z=np.array(True))
const SAVEZ_COMPRESSED =
  'UEsDBC0AAAAIAAAAIQBQVDBD//////////8FABQAeC5ucHkBABAASAEAAAAAAABJAAAAAAAAAJvsF+obEMnIUMZQrZ6SWpxcpG6loG6TaaSuo6Cell9UUpSYF59flJIKEndLzClOBYoXZyQWpAL5GoYGBjqaOgq1CmQDLoZhAgBQSwMELQAAAAgAAAAhAIIt+NP//////////wUAFAB6Lm5weQEAEACBAAAAAAAAAEMAAAAAAAAAm+wX6hsQychQxlCtnpJanFykbqWgXpNkqK6joJ6WX1RSlJgXn1+UkgoSd0vMKU4FihdnJBakAvkamjoKtQoUAS5GAFBLAQItAy0AAAAIAAAAIQBQVDBDSQAAAEgBAAAFAAAAAAAAAAAAAACAAQAAAAB4Lm5weVBLAQItAy0AAAAIAAAAIQCCLfjTQwAAAIEAAAAFAAAAAAAAAAAAAACAAYAAAAB6Lm5weVBLBQYAAAAAAgACAGYAAAD6AAAAAAA=';

describeEachDevice('save and load (.npy, .npz) against NumPy', () => {
  let dir = '';
  let n = 0;
  const tmp = (name: string) => join(dir, `${n++}-${name}`);
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gpuarray-io-npy-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads the values NumPy saved: every dtype, both byte orders, 0-d and empty shapes', () => {
    const f8 = asArray(load(b64(NPY.f8_2x3)));
    expect([f8.dtype.name, f8.shape, values(f8)]).to.deep.equal(['float64', [2, 3], [1.5, -2, 3, 0.1, 1e300, -0]]);
    for (const k of ['i2_be', 'i2_le'] as const) {
      const a = asArray(load(b64(NPY[k])));
      expect([a.dtype.name, a.shape, values(a)]).to.deep.equal(['int16', [4], [1, -2, 300, -32768]]);
    }
    const bool = asArray(load(b64(NPY.bool)));
    expect([bool.dtype.name, bool.toArray()]).to.deep.equal(['bool', [true, false, true]]);
    const c8 = asArray(load(b64(NPY.c8)));
    expect([c8.dtype.name, values(c8)]).to.deep.equal(['complex64', [1, 2, -3.5, -0.25]]);
    const c16 = asArray(load(b64(NPY.c16)));
    expect([c16.dtype.name, values(c16)]).to.deep.equal(['complex128', [1, -2, 0.5, 0.25]]);
    const f2 = asArray(load(b64(NPY.f2)));
    expect([f2.dtype.name, values(f2)]).to.deep.equal(['float16', [0.0999755859375, -2, 65504, Infinity]]);
    const s = asArray(load(b64(NPY.scalar)));
    expect([s.shape, s.item()]).to.deep.equal([[], 3.25]);
    const e = asArray(load(b64(NPY.empty)));
    expect([e.dtype.name, e.shape, e.size]).to.deep.equal(['float32', [0, 3], 0]);
    expect(values(asArray(load(b64(NPY.f8_be))))).to.deep.equal([1.5, -0.1]);
    expect(values(asArray(load(b64(NPY.c16_be))))).to.deep.equal([1, -2]);
    expect(values(asArray(load(b64(NPY.u8))))).to.deep.equal([2n ** 64n - 1n, 7n]);
    expect(values(asArray(load(b64(NPY.i8))))).to.deep.equal([-(2n ** 63n), 5n]);
    expect(values(asArray(load(b64(NPY.u4))))).to.deep.equal([4000000000]);
    const u1 = asArray(load(b64(NPY.u1_3d)));
    expect([u1.shape, u1.toArray()]).to.deep.equal([[2, 2, 2], [[[0, 1], [2, 3]], [[4, 5], [6, 7]]]]);
  });

  it("loads fortran_order True as NumPy's F-ordered array, and format versions 2.0 and 3.0", () => {
    const f = asArray(load(b64(NPY.fortran)));
    expect([f.dtype.name, f.shape, f.toArray(), f.flags.fContiguous]).to.deep.equal(['int32', [2, 3], [[0, 1, 2], [3, 4, 5]], true]);
    for (const k of ['v2', 'v3'] as const) {
      const a = asArray(load(b64(NPY[k])));
      expect([a.dtype.name, values(a)]).to.deep.equal(['uint8', [1, 2]]);
    }
  });

  it("saves exactly np.save's bytes (C order for views), appending '.npy' to the name", () => {
    const a = gp.arange(12, 'float64').reshape(3, 4).divide(8);
    const cases: [string, gp.GpuArray][] = [
      [NPY.f8_2x3, gp.array([[1.5, -2, 3], [0.1, 1e300, -0]])],
      [NPY.i2_le, gp.array([1, -2, 300, -32768], 'int16')],
      [NPY.bool, gp.array([true, false, true])],
      [NPY.c8, gp.asarray(Float32Array.of(1, 2, -3.5, -0.25)).view('complex64')],
      [NPY.c16, gp.asarray(Float64Array.of(1, -2, 0.5, 0.25)).view('complex128')],
      [NPY.f2, gp.array([0.1, -2, 65504, Infinity], 'float16')],
      [NPY.scalar, gp.array(3.25)],
      [NPY.empty, gp.zeros([0, 3], 'float32')],
      [NPY.u8, gp.array([2n ** 64n - 1n, 7n], 'uint64')],
      [NPY.i8, gp.array([-(2n ** 63n), 5n], 'int64')],
      [NPY.u1_3d, gp.arange(8, 'uint8').reshape(2, 2, 2)],
      [NPY.i1, gp.array([-128, 127], 'int8')],
      [NPY.u4, gp.array([4000000000], 'uint32')],
      [NPY.aT, a.T],
      [NPY.strided, a.slice('::2', '1::2')],
    ];
    for (const [want, arr] of cases) {
      const p = tmp('x');
      save(p, arr);
      expect(readFileSync(`${p}.npy`).toString('base64')).to.equal(want, arr.dtype.name);
      // and it reads back to the same values
      expect(values(asArray(load(`${p}.npy`)))).to.deep.equal(values(arr));
    }
    const p = tmp('kept.npy');
    save(p, [1.5, -2, 3]); // host data: np.asarray's dtype (float64)
    expect(existsSync(p) && !existsSync(`${p}.npy`)).to.equal(true);
    expect(values(load(p as `${string}.npy`))).to.deep.equal([1.5, -2, 3]);
  });

  it('round-trips every NumPy dtype through a file, a descriptor and bytes', () => {
    const names = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128'] as const;
    for (const name of names) {
      const a = gp.arange(-3, 9).astype(name).reshape(3, 4).T; // a view: saved in C order
      const p = tmp(`${name}.npy`);
      save(p, a);
      for (const src of [p, readFileSync(p)]) {
        const b = asArray(load(src));
        expect([b.dtype.name, b.shape, values(b)]).to.deep.equal([name, [4, 3], values(a)], name);
      }
    }
    const p = tmp('fd.npy');
    const fd = openSync(p, 'w');
    try {
      save(fd, gp.array([7, 8], 'int32'));
    } finally {
      closeSync(fd);
    }
    const rfd = openSync(p, 'r');
    try {
      expect(values(asArray(load(rfd)))).to.deep.equal([7, 8]);
    } finally {
      closeSync(rfd);
    }
  });

  it("refuses what it cannot read or write with NumPy's errors", () => {
    expect(() => save(tmp('b.npy'), gp.zeros(2, 'bfloat16'))).to.throw(TypeError, /bfloat16/);
    expect(() => save(tmp('b.npy'), gp.zeros(2), { fortranOrder: true } as never)).to.throw(TypeError, /unknown option 'fortranOrder'/);
    expect(() => load(Buffer.from('hello world'))).to.throw(RangeError, /pickled data/);
    const header = (dict: string) => Buffer.concat([wrapHeader(dict), Buffer.alloc(16)]);
    expect(() => load(header("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }"))).to.throw(TypeError, /object arrays.*pickle/);
    expect(() => load(header("{'descr': '<U3', 'fortran_order': False, 'shape': (1,), }"))).to.throw(TypeError, /string dtypes/);
    expect(() => load(header("{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }"))).to.throw(TypeError, /structured/);
    expect(() => load(header("{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }"))).to.throw(TypeError, /long double/);
    expect(() => load(header("{'descr': '<f8', 'shape': (1,), }"))).to.throw(RangeError, "Header does not contain the correct keys: ['descr', 'shape']");
    expect(() => load(header("{'descr': '<f8', 'fortran_order': 0, 'shape': (1,), }"))).to.throw(RangeError, /fortran_order is not a valid bool/);
    expect(() => load(header("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }"))).to.throw(RangeError, /shape is not valid/);
    expect(() => load(header("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }"))).to.throw(RangeError, 'EOF: reading array data, expected 24 bytes got 16');
    // Python 2's long suffix and a one-element tuple are read as NumPy reads them.
    expect(asArray(load(header("{'descr': '<f8', 'fortran_order': False, 'shape': (2L,), }"))).shape).to.deep.equal([2]);
    const v9 = b64(NPY.f8_be);
    v9[6] = 9;
    expect(() => load(v9)).to.throw(RangeError, 'we only support format version (1,0), (2,0), and (3,0), not (9, 0)');
    expect(() => load(b64(NPY.f8_2x3), { maxHeaderSize: 50 })).to.throw(RangeError, /Header info length \(118\) is large/);
    expect(() => load(b64(NPY.f8_2x3), { allowPickle: true } as never)).to.throw(TypeError, /unknown option 'allowPickle'/);
    const npz = tmp('wrong.npy');
    writeFileSync(npz, b64(SAVEZ));
    expect(() => load(npz as `${string}.npy`)).to.throw(TypeError, /named .npy but holds a zip/);
  });

  it('writes version 2.0 only when the header does not fit 64 KiB, padded to 64 bytes', () => {
    const small = npyHeader('<f8', false, [3, 4]);
    expect([small.length, small[6], Buffer.from(small).toString('latin1', 10)]).to.deep.equal([
      128,
      1,
      "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }" + ' '.repeat(20 + 38) + '\n',
    ]);
    const big = wrapHeader(`{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }${' '.repeat(70000)}`);
    expect([big[6], big.length % 64, Buffer.from(big).readUInt32LE(8), big[big.length - 1]]).to.deep.equal([2, 0, big.length - 12, 10]);
  });

  it("loads NumPy's .npz archives, stored and deflated, as an NpzFile", () => {
    const z = load(b64(SAVEZ));
    if (!(z instanceof NpzFile)) throw new Error('expected an NpzFile');
    expect([...z.files]).to.deep.equal(['y', 'arr_0']);
    expect([...z]).to.deep.equal(['y', 'arr_0']);
    expect([z.has('y'), z.has('y.npy'), z.has('q')]).to.deep.equal([true, true, false]);
    expect(z.get('y').toArray()).to.deep.equal([[1.5, 2.5]]);
    const a0 = z.get('arr_0.npy');
    expect([a0.dtype.name, values(a0)]).to.deep.equal(['int32', [1, 2, 3]]);
    expect(() => z.get('q')).to.throw(RangeError, 'q is not a file in the archive');
    z.close();
    expect(() => z.get('y')).to.throw(RangeError, /closed/);
    const p = tmp('c.npz');
    writeFileSync(p, b64(SAVEZ_COMPRESSED));
    const c = load(p as `${string}.npz`);
    expect([c.files, c.get('x').dtype.name, values(c.get('x')), c.get('z').shape, c.get('z').item()]).to.deep.equal([['x', 'z'], 'int16', new Array(100).fill(0), [], true]);
  });

  it("savez writes np.savez's bytes; savezCompressed deflates; both load back", () => {
    const p = tmp('s');
    savez(p, gp.array([1, 2, 3], 'int32'), { y: gp.array([[1.5, 2.5]]) });
    expect(readFileSync(`${p}.npz`).toString('base64')).to.equal(SAVEZ);
    const q = tmp('c.npz');
    const big = gp.arange(1000, 'int64').remainder(7);
    savezCompressed(q, { big, t: gp.array([true]), none: gp.zeros([0, 2]) });
    const bytes = readFileSync(q);
    expect([bytes.readUInt16LE(8), bytes.length < 1000]).to.deep.equal([8, true]); // deflated
    const z = load(q as `${string}.npz`);
    expect([z.files, values(z.get('big')), z.get('t').toArray(), z.get('none').shape]).to.deep.equal([['big', 't', 'none'], values(big), [true], [0, 2]]);
    const e = tmp('empty.npz');
    savez(e);
    expect(asNpz(load(readFileSync(e))).files).to.deep.equal([]);
    expect(() => savez(tmp('x'), gp.zeros(1), { arr_0: gp.zeros(1) })).to.throw(RangeError, 'Cannot use un-named variables and keyword arr_0');
    // a damaged member is caught by its CRC
    const broken = b64(SAVEZ);
    broken[190] ^= 1;
    expect(() => asNpz(load(broken)).get('y')).to.throw(RangeError, /CRC-32/);
  });
});

function asNpz(x: gp.GpuArray | NpzFile): NpzFile {
  if (!(x instanceof NpzFile)) throw new Error('expected an NpzFile');
  return x;
}
