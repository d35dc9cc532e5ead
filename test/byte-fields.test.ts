// ndarray.byteswap, ndarray.getfield and ndarray.setfield against NumPy 2.4.6: the result's bytes
// (`tobytes()` as hex), shapes, views writing through, and NumPy's errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** NumPy's dtypes and bfloat16 (ml_dtypes'), each with 3 elements of bytes 01 02 03 ... (bool: 01 00 01) and NumPy's byteswap of them. */
const SWAPPED: Record<string, [string, string]> = {
  bool: ['010001', '010001'],
  int8: ['010203', '010203'],
  uint8: ['010203', '010203'],
  int16: ['010203040506', '020104030605'],
  uint16: ['010203040506', '020104030605'],
  int32: ['0102030405060708090a0b0c', '04030201080706050c0b0a09'],
  uint32: ['0102030405060708090a0b0c', '04030201080706050c0b0a09'],
  int64: ['0102030405060708090a0b0c0d0e0f101112131415161718', '0807060504030201100f0e0d0c0b0a091817161514131211'],
  uint64: ['0102030405060708090a0b0c0d0e0f101112131415161718', '0807060504030201100f0e0d0c0b0a091817161514131211'],
  float16: ['010203040506', '020104030605'],
  float32: ['0102030405060708090a0b0c', '04030201080706050c0b0a09'],
  float64: ['0102030405060708090a0b0c0d0e0f101112131415161718', '0807060504030201100f0e0d0c0b0a091817161514131211'],
  // Each part swapped on its own.
  complex64: ['0102030405060708090a0b0c0d0e0f101112131415161718', '04030201080706050c0b0a09100f0e0d1413121118171615'],
  complex128: [
    '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f30',
    '0807060504030201100f0e0d0c0b0a091817161514131211201f1e1d1c1b1a192827262524232221302f2e2d2c2b2a29',
  ],
  bfloat16: ['010203040506', '020104030605'],
};

/** For the same arrays, NumPy's getfield(uint8, itemsize - 1) (the top bytes) and the bytes after setfield(255, uint8, itemsize - 1). */
const TOP_BYTE: Record<string, [number[], string]> = {
  bool: [[1, 0, 1], 'ffffff'],
  int8: [[1, 2, 3], 'ffffff'],
  uint8: [[1, 2, 3], 'ffffff'],
  int16: [[2, 4, 6], '01ff03ff05ff'],
  uint16: [[2, 4, 6], '01ff03ff05ff'],
  int32: [[4, 8, 12], '010203ff050607ff090a0bff'],
  uint32: [[4, 8, 12], '010203ff050607ff090a0bff'],
  int64: [[8, 16, 24], '01020304050607ff090a0b0c0d0e0fff11121314151617ff'],
  uint64: [[8, 16, 24], '01020304050607ff090a0b0c0d0e0fff11121314151617ff'],
  float16: [[2, 4, 6], '01ff03ff05ff'],
  float32: [[4, 8, 12], '010203ff050607ff090a0bff'],
  float64: [[8, 16, 24], '01020304050607ff090a0b0c0d0e0fff11121314151617ff'],
  complex64: [[8, 16, 24], '01020304050607ff090a0b0c0d0e0fff11121314151617ff'],
  complex128: [[16, 32, 48], '0102030405060708090a0b0c0d0e0fff1112131415161718191a1b1c1d1e1fff2122232425262728292a2b2c2d2e2fff'],
  bfloat16: [[2, 4, 6], '01ff03ff05ff'],
};

/** An array of `dtype` holding exactly these bytes (no cast on the way: a uint8 upload viewed). */
const fromHex = (hex: string, dtype: string): gp.GpuArray => gp.asarray(Uint8Array.from(Buffer.from(hex, 'hex')), 'uint8').view(dtype);
/** An array of `dtype` and `n` elements of bytes 01 02 03 .... */
const counting = (dtype: string, n: number): gp.GpuArray => {
  const size = gp.dtype(dtype).itemsize * n;
  return fromHex(Buffer.from(Array.from({ length: size }, (_, i) => i + 1)).toString('hex'), dtype);
};
const hexOf = (a: gp.GpuArray): string => Buffer.from(a.tobytes()).toString('hex');

describeEachDevice('ndarray.byteswap', () => {
  it("reverses every element's bytes for every dtype (complex: each part), 1-byte dtypes unchanged", () => {
    gp.scope(() => {
      for (const [name, [input, swapped]] of Object.entries(SWAPPED)) {
        const a = fromHex(input, name);
        const r = a.byteswap();
        expect(r.dtype.name, name).to.equal(name);
        expect(r.shape, name).to.deep.equal([3]);
        expect(r).to.not.equal(a);
        expect(hexOf(r), name).to.equal(swapped);
        expect(hexOf(a), `${name} unchanged`).to.equal(input);
      }
      return null;
    });
  });

  it("gives NumPy's bits as ordinary little-endian values (float32 1.0 is 0x0000803f)", () => {
    gp.scope(() => {
      expect(gp.array([1], 'float32').byteswap().view('uint32').toArray()).to.deep.equal([32831]);
      expect(gp.array([1], 'float16').byteswap().view('uint16').toArray()).to.deep.equal([60]);
      expect(gp.array([1], 'bfloat16').byteswap().view('uint16').toArray()).to.deep.equal([0x803f]);
      expect(gp.array([1, 256], 'int16').byteswap().toArray()).to.deep.equal([256, 1]);
      return null;
    });
  });

  it('reads strided, transposed and reversed views, 0-d and empty arrays', () => {
    gp.scope(() => {
      const t = counting('int32', 6).reshape(2, 3).T;
      const rt = t.byteswap();
      expect(rt.shape).to.deep.equal([3, 2]);
      expect(hexOf(rt)).to.equal('04030201100f0e0d08070605141312110c0b0a0918171615');
      // NumPy copies in order 'A': a view only F-contiguous gives an F-ordered result.
      expect(rt.flags.fContiguous).to.equal(true);
      expect(hexOf(counting('float64', 6).slice('::2').byteswap())).to.equal('080706050403020118171615141312112827262524232221');
      expect(hexOf(counting('complex64', 4).slice('::-1').byteswap())).to.equal('1c1b1a19201f1e1d14131211181716150c0b0a09100f0e0d0403020108070605');
      const z = counting('float32', 1).reshape([]).byteswap();
      expect(z.shape).to.deep.equal([]);
      expect(hexOf(z)).to.equal('04030201');
      const e = gp.zeros([0, 3], 'int64').byteswap();
      expect(e.shape).to.deep.equal([0, 3]);
      expect(e.dtype.name).to.equal('int64');
      // A read-only broadcast view may be swapped into a new array.
      const b = gp.array([1, 2], 'uint16').broadcastTo([2, 2]).byteswap();
      expect(b.toArray()).to.deep.equal([[256, 512], [256, 512]]);
      expect(b.flags.writeable).to.equal(true);
      return null;
    });
  });

  it('swaps in place (by position or option) through views, returning the array', () => {
    gp.scope(() => {
      const a = counting('int16', 6).reshape(2, 3);
      const v = a.slice(':', '1:');
      expect(v.byteswap(true)).to.equal(v);
      expect(hexOf(a)).to.equal('01020403060507080a090c0b');
      const c = counting('complex128', 2);
      expect(c.byteswap({ inplace: true })).to.equal(c);
      expect(hexOf(c)).to.equal(SWAPPED.complex128[1].slice(0, 64));
      const u = counting('uint8', 3);
      expect(u.byteswap(true)).to.equal(u);
      expect(hexOf(u)).to.equal('010203');
      expect(hexOf(counting('int32', 3).byteswap(false))).to.equal(SWAPPED.int32[1]);
      return null;
    });
  });

  it("refuses in place on a read-only array (NumPy's ValueError) and a non-boolean inplace", () => {
    gp.scope(() => {
      const a = gp.array([1, 2], 'int32');
      a.setflags(false);
      expect(() => a.byteswap(true)).to.throw(RangeError, /array to be byte-swapped is read-only/);
      expect(hexOf(a.byteswap())).to.equal('0000000100000002');
      const b = gp.array([1, 2], 'int8').broadcastTo([2, 2]);
      expect(() => b.byteswap({ inplace: true })).to.throw(RangeError, /read-only/);
      expect(() => gp.array([1], 'int32').byteswap(1 as unknown as boolean)).to.throw(TypeError);
      expect(() => gp.array([1], 'int32').byteswap({ inPlace: true } as never)).to.throw(TypeError);
      expect(() => (gp.array([1], 'int32').byteswap as (...x: unknown[]) => unknown)(true, false)).to.throw(TypeError);
      return null;
    });
  });
});

describeEachDevice('ndarray.getfield / ndarray.setfield', () => {
  it("reads and writes the top byte of every dtype's elements", () => {
    gp.scope(() => {
      for (const [name, [top, written]] of Object.entries(TOP_BYTE)) {
        const a = counting(name, 3);
        if (name === 'bool') a.assign([true, false, true]);
        const g = a.getfield('uint8', a.itemsize - 1);
        expect(g.dtype.name, name).to.equal('uint8');
        expect(g.toArray(), name).to.deep.equal(top);
        a.setfield(255, 'uint8', a.itemsize - 1);
        expect(hexOf(a), name).to.equal(written);
        // The whole element as its own dtype is a plain view.
        expect(hexOf(a.getfield(name)), name).to.equal(written);
      }
      return null;
    });
  });

  it("views a complex array's parts and an int32's halves, writing through", () => {
    gp.scope(() => {
      const c = gp.array([{ re: 1, im: 2 }, { re: -3.5, im: 0.25 }], 'complex128');
      expect(c.getfield('float64', 8).toArray()).to.deep.equal([2, 0.25]);
      expect(c.getfield(gp.float64).toArray()).to.deep.equal([1, -3.5]);
      const i = gp.array([0x10002, -5, 0x7fff0000], 'int32');
      expect(i.getfield('int16', 2).toArray()).to.deep.equal([1, -1, 32767]);
      expect(i.getfield('int16').toArray()).to.deep.equal([2, -5, 0]);
      expect(i.getfield({ dtype: 'uint16', offset: 2 }).toArray()).to.deep.equal([1, 65535, 32767]);
      const hi = i.getfield('int16', { offset: gp.int64(2) });
      expect(hi.base).to.equal(i);
      hi.fill(0);
      expect(i.toArray()).to.deep.equal([2, 65531, 0]);
      // A transposed view keeps its shape and strides.
      const t = counting('int64', 6).reshape(2, 3).T;
      const g = t.getfield('int32', 4);
      expect(g.shape).to.deep.equal([3, 2]);
      expect(g.strides).to.deep.equal([8, 24]);
      expect(g.toArray()).to.deep.equal([[134678021, 538910237], [269422093, 673654309], [404166165, 808398381]]);
      // 0-d and empty arrays.
      const z = gp.array(3, 'float64').getfield('uint32', 4);
      expect(z.shape).to.deep.equal([]);
      expect(z.toArray()).to.equal(1074266112);
      expect(gp.zeros([0, 3], 'int32').getfield('int16', 2).shape).to.deep.equal([0, 3]);
      // A read-only array's field is read-only.
      const r = gp.array([1, 2], 'int32');
      r.setflags(false);
      expect(r.getfield('int16', 2).flags.writeable).to.equal(false);
      return null;
    });
  });

  it("refuses fields that do not fit the element (NumPy's ValueError) and non-integer offsets", () => {
    gp.scope(() => {
      const x = gp.array([1, 2], 'int32');
      expect(() => x.getfield('int64')).to.throw(RangeError, 'new type is larger than original type');
      expect(() => x.getfield('int64', -1)).to.throw(RangeError, 'new type is larger than original type');
      expect(() => x.getfield('int16', -1)).to.throw(RangeError, 'offset is negative');
      expect(() => x.getfield('int16', 3)).to.throw(RangeError, 'new type plus offset is larger than original type');
      expect(() => x.getfield('int16', 4)).to.throw(RangeError, 'new type plus offset is larger than original type');
      expect(() => x.getfield('int16', 1.5)).to.throw(TypeError);
      expect(() => x.getfield('int16', null as never)).to.throw(TypeError);
      expect(() => x.getfield('int16', gp.float64(2) as never)).to.throw(TypeError);
      expect(() => (x.getfield as (...a: unknown[]) => unknown)()).to.throw(TypeError, /missing required argument 'dtype'/);
      expect(() => (x.getfield as (...a: unknown[]) => unknown)('int16', 0, 1)).to.throw(TypeError);
      expect(() => (x.getfield as (...a: unknown[]) => unknown)('int16', 2, { offset: 2 })).to.throw(TypeError);
      // gp refuses a view whose loads would be misaligned (NumPy allows it), as ndarray.view.
      expect(() => x.getfield('int16', 1)).to.throw(RangeError, /not aligned/);
      expect(() => x.setfield(1, 'int16', 1)).to.throw(RangeError, /not aligned/);
      expect(x.getfield('int8', 3).toArray()).to.deep.equal([0, 0]);
      return null;
    });
  });

  it('writes values broadcast and cast (unsafely) to the field', () => {
    gp.scope(() => {
      const x = gp.array([1, 2], 'int32');
      x.setfield(7, 'int16', 2);
      expect(x.toArray()).to.deep.equal([458753, 458754]);
      const y = gp.array([1, 2], 'int32');
      y.setfield(1.5, 'int16', { offset: 2 });
      expect(y.toArray()).to.deep.equal([65537, 65538]);
      const c = gp.array([{ re: 1, im: 2 }, { re: -3.5, im: 0.25 }], 'complex128');
      c.setfield([10, 20], gp.float64, 8);
      expect(c.real.toArray()).to.deep.equal([1, -3.5]);
      expect(c.imag.toArray()).to.deep.equal([10, 20]);
      const m = gp.zeros([2, 3], 'uint32');
      m.setfield(gp.array([1, 2, 3], 'uint8'), { dtype: 'uint8', offset: 3 });
      expect(m.toArray()).to.deep.equal([[16777216, 33554432, 50331648], [16777216, 33554432, 50331648]]);
      const f = gp.array([1, 2], 'float32');
      f.setfield(-1, 'int16');
      expect(f.view('uint32').toArray()).to.deep.equal([1065418751, 1073807359]);
      // Through a view: only its elements change.
      const a = gp.zeros([4], 'int32');
      a.slice('1::2').setfield(1, 'int8', 1);
      expect(a.toArray()).to.deep.equal([0, 256, 0, 256]);
      return null;
    });
  });

  it("refuses a read-only destination first, and values that do not broadcast (NumPy's ValueErrors)", () => {
    gp.scope(() => {
      const x = gp.array([1, 2], 'int32');
      x.setflags(false);
      expect(() => x.setfield(7, 'int16', 2)).to.throw(RangeError, /assignment destination is read-only/);
      expect(() => x.setfield(7, 'int16', 9)).to.throw(RangeError, /assignment destination is read-only/);
      const y = gp.array([1, 2], 'int32');
      expect(() => y.setfield([1, 2, 3], 'int16', 2)).to.throw(RangeError);
      expect(() => y.setfield(1, 'int64')).to.throw(RangeError, 'new type is larger than original type');
      expect(() => (y.setfield as (...a: unknown[]) => unknown)(1)).to.throw(TypeError, /missing required argument 'dtype'/);
      expect(y.toArray()).to.deep.equal([1, 2]);
      return null;
    });
  });
});
