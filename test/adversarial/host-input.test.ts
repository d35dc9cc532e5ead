// Issue 13, host input and object integrity: host data whose declared size, holes, cycles or
// changing answers used to crash Node (SIGSEGV, V8 fatal abort) or read process memory into the
// array. Each case is refused with a typed error, allocates nothing, or copies exactly the
// memory the host data really covers. GpuArray's geometry cannot be changed after the fact.
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

/** `fn` throws `type` matching `re`, and the pool's in-use bytes are unchanged (nothing leaked). */
function refusedCleanly(fn: () => unknown, type: new (...a: never[]) => Error, re: RegExp): void {
  const pool = gp.getMemoryPool();
  const before = pool.usedBytes();
  expect(fn).to.throw(type, re);
  expect(pool.usedBytes()).to.equal(before);
}

/** A JS array Proxy whose `length` shrinks by one at every read. */
function shrinkingProxy(values: number[]): number[] {
  let n = values.length;
  return new Proxy(values, {
    get(target, key, receiver) {
      if (key === 'length') return n--;
      return Reflect.get(target, key, receiver);
    },
  });
}

describeEachDevice('adversarial: host input', () => {
  const entryPoints: [string, (x: unknown) => gp.GpuArray][] = [
    ['asarray', (x) => gp.asarray(x)],
    ['array', (x) => gp.array(x)],
    ['cuda.toDevice', (x) => gp.cuda.toDevice(x as never)],
  ];

  for (const [fname, make] of entryPoints) {
    describe(fname, () => {
      it('refuses holey arrays (new Array(3), [[1, 2], new Array(2)])', () => {
        refusedCleanly(() => make(new Array(3)), TypeError, /hole \(an empty slot\) at \[0\]/);
        refusedCleanly(() => make([[1, 2], new Array(2)]), TypeError, /hole \(an empty slot\) at \[1\]\[0\]/);
        // eslint-disable-next-line no-sparse-arrays
        refusedCleanly(() => make([1, , 3]), TypeError, /hole .* at \[1\]/);
      });

      it('refuses a Proxy whose length shrinks between reads', () => {
        // The same Proxy twice: its second row is shorter than the first.
        const p = shrinkingProxy([1, 2, 3, 4]);
        refusedCleanly(() => make([p, p]), RangeError, /ragged nested array: expected 4 elements at \[1\], got 3/);
      });

      it('reads a Proxy length once: the values uploaded are the ones the shape says', () => {
        // Each row's length is read exactly once, so a shrinking Proxy as the only row is consistent.
        const a = make([shrinkingProxy([1, 2, 3, 4])]);
        expect(a.shape).to.deep.equal([1, 4]);
        expect(a.toArray()).to.deep.equal([[1n, 2n, 3n, 4n]]);
        a.dispose();
      });

      it('refuses self-referential arrays', () => {
        const a: unknown[] = [1];
        a[0] = a;
        refusedCleanly(() => make(a), TypeError, /contains itself/);
        const b: unknown[] = [[1], [2]];
        (b[1] as unknown[])[0] = b;
        refusedCleanly(() => make(b), TypeError, /contains itself|ragged/);
      });

      it('refuses nesting deeper than 64 dimensions', () => {
        let deep: unknown = 1;
        for (let i = 0; i < 65; i++) deep = [deep];
        refusedCleanly(() => make(deep), RangeError, /deeper than 64 dimensions/);
      });

      it('refuses a nested array too large to hold on the host, before reading its elements', () => {
        let reads = 0;
        const huge = new Proxy([1], {
          get(target, key, receiver) {
            if (key === 'length') return 2 ** 40;
            if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
            return Reflect.get(target, key, receiver);
          },
        });
        refusedCleanly(() => make(huge), RangeError, /too large/);
        expect(reads).to.equal(0);
      });

      it("refuses an ndarray-like whose declared shape exceeds its data ({data: Float32Array(4), shape: [2**31], stride: [0]})", () => {
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2 ** 31], stride: [0], offset: 0 }), RangeError, /declares 2147483648 elements but its data holds only 4/);
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [8], stride: [1], offset: 0 }), RangeError, /declares 8 elements/);
        refusedCleanly(() => make({ data: [1, 2, 3], shape: [2, 2], stride: [2, 1], offset: 0 }), RangeError, /declares 4 elements/);
      });

      it('refuses ndarray-like strides and offsets that reach outside the data', () => {
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2], stride: [4], offset: 0 }), RangeError, /reach indices \[0, 4\] outside its data of length 4/);
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2], stride: [-1], offset: 0 }), RangeError, /outside its data/);
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2], stride: [1], offset: 3 }), RangeError, /outside its data/);
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2], stride: [1], offset: -1 }), RangeError, /invalid offset/);
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2], stride: [0.5], offset: 0 }), RangeError, /invalid strides/);
        refusedCleanly(() => make({ data: new Float32Array(4), shape: [2, 2], stride: [1], offset: 0 }), RangeError, /invalid strides/);
        // eslint-disable-next-line no-sparse-arrays
        refusedCleanly(() => make({ data: [1, , 3], shape: [3], stride: [1], offset: 0 }), TypeError, /hole/);
      });

      it('still gathers a valid strided ndarray-like (negative strides, offsets)', () => {
        const data = Float32Array.from([10, 11, 12, 13, 14, 15]);
        // element (i, j) = data[1 + i + 2j]
        const a = make({ data, shape: [2, 2], stride: [1, 2], offset: 1 });
        expect(a.dtype.name).to.equal('float32');
        expect(a.toArray()).to.deep.equal([
          [11, 13],
          [12, 14],
        ]);
        const r = make({ data, shape: [3], stride: [-2], offset: 5 });
        expect(r.toArray()).to.deep.equal([15, 13, 11]);
        a.dispose();
        r.dispose();
      });

      it('copies what a TypedArray really covers, not what a subclass says its length is', () => {
        class Liar extends Float32Array {
          override get length(): number {
            return 1_000_000;
          }
          override get byteLength(): number {
            return 4_000_000;
          }
        }
        const liar = new Liar(4);
        liar.set([1.5, 2.5, 3.5, 4.5]);
        const a = make(liar);
        expect(a.shape).to.deep.equal([4]);
        expect(a.toArray()).to.deep.equal([1.5, 2.5, 3.5, 4.5]);
        a.dispose();
      });
    });
  }

  it('a RawKernel host-array argument is copied by its real extent, both ways', () => {
    class Liar extends Float32Array {
      override get byteLength(): number {
        return 4_000_000;
      }
    }
    const inc = gp.RawKernel(
      'extern "C" __global__ void adv_inc(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += 1.0f; }',
      'adv_inc',
    );
    const h = new Liar(4);
    h.set([1, 2, 3, 4]);
    inc(1, 4, [h, 4]);
    expect(Array.from(Float32Array.prototype.slice.call(h))).to.deep.equal([2, 3, 4, 5]);
  });

  it('set() refuses the same host inputs and keeps the array as it was', () => {
    const a = gp.array([1, 2, 3, 4], 'float32');
    expect(() => a.set({ data: new Float32Array(4), shape: [2 ** 31], stride: [0], offset: 0 })).to.throw(RangeError, /declares/);
    expect(() => a.set([1, 2, 3, new Array(1)[0]])).to.throw(TypeError, /undefined/);
    expect(() => a.set(new Array(4))).to.throw(TypeError, /hole/);
    expect(a.toArray()).to.deep.equal([1, 2, 3, 4]);
    a.dispose();
  });

  describe('GpuArray geometry is immutable', () => {
    it('a.shape[0] = 1e8 cannot change what a.sum() reads', () => {
      const a = gp.array([1, 2, 3]);
      expect(() => {
        (a.shape as number[])[0] = 1e8;
      }).to.throw(TypeError);
      expect(() => {
        (a.strides as number[])[0] = 1 << 20;
      }).to.throw(TypeError);
      expect(() => {
        (a as unknown as { offset: number }).offset = 1 << 20;
      }).to.throw(TypeError);
      expect(() => {
        (a as unknown as { shape: number[] }).shape = [1e8];
      }).to.throw(TypeError);
      expect(() => {
        (a.flags as { cContiguous: boolean }).cContiguous = false;
      }).to.throw(TypeError);
      expect(() => {
        (a as unknown as { size: number }).size = 1e8;
      }).to.throw(TypeError);
      expect(a.shape).to.deep.equal([3]);
      const s = a.sum();
      expect(s.toArray()).to.equal(6n);
      s.dispose();
      a.dispose();
    });

    it('the public constructor refuses a view outside its buffer, and bad arguments', () => {
      const a = gp.array([1, 2, 3]);
      const buf = a.buffer;
      const d = a.dtype;
      const make = (shape: unknown, strides: unknown, offset: unknown, dt: unknown = d, b: unknown = buf) =>
        () => new gp.GpuArray(b as never, shape as number[], strides as number[], offset as number, dt as gp.DType, null);
      expect(make([1e8], [8], 0)).to.throw(RangeError, /outside its buffer of 24 bytes/);
      expect(make([3], [8], 8)).to.throw(RangeError, /outside its buffer/);
      expect(make([3], [-8], 0)).to.throw(RangeError, /outside its buffer/);
      expect(make([2], [8], -8)).to.throw(RangeError, /outside its buffer/);
      expect(make([-1], [8], 0)).to.throw(RangeError, /invalid shape/);
      expect(make([3], [8, 8], 0)).to.throw(RangeError, /dims with/);
      expect(make([3], [8], 0.5)).to.throw(RangeError, /invalid offset/);
      expect(make([3], [8], 0, 'float64')).to.throw(TypeError, /dtype must be a DType/);
      expect(make([3], [8], 0, d, { ptr: 0, nbytes: 1e12 })).to.throw(TypeError, /live DeviceBuffer/);
      // A valid view through the constructor works (it takes over the reference it is given).
      const v = new gp.GpuArray(buf.retain(), [2], [-8], 16, d, a);
      expect(v.toArray()).to.deep.equal([3n, 2n]);
      v.dispose();
      expect(a.toArray()).to.deep.equal([1n, 2n, 3n]);
      a.dispose();
    });

    it('GpuArray.allocate validates its shape', () => {
      expect(() => gp.GpuArray.allocate([-1], gp.dtypes.float32)).to.throw(RangeError);
      expect(() => gp.GpuArray.allocate([2.5], gp.dtypes.float32)).to.throw(TypeError); // NumPy: a float is no length (TypeError)
    });
  });

  describe('eye', () => {
    it('refuses a diagonal offset that is no exact integer (2**70)', () => {
      refusedCleanly(() => gp.eye(3, 3, 2 ** 70), RangeError, /k = .* is out of range/);
      refusedCleanly(() => gp.eye(3, 3, -(2 ** 70)), RangeError, /out of range/);
      refusedCleanly(() => gp.eye(3, 3, 1.5), TypeError, /must be an integer/);
    });

    it('still builds the offset diagonal', () => {
      const e = gp.eye(3, 4, 1, 'int32');
      expect(e.toArray()).to.deep.equal([
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 1],
      ]);
      e.dispose();
    });
  });
});
