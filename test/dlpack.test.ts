// Zero-copy interop: DLPack export and import (round trips of every dtype and of strided views,
// the deleter called once when the last view goes, tensors built by hand with a deleter of ours,
// refusals before anything is taken, the C layout read back by C code), and the CUDA array
// interface (its fields, a wrap in this thread and in a worker thread).
import { expect } from 'chai';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as gp from '../lib/index.js';
import { DL_CODE, DL_DEVICE, DL_FLAG, freeManagedTensor, readManagedTensor, registerDeleter, writeManagedTensor } from '../bindings/dlpack.js';
import { describeEachDevice } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));

const SAMPLES: Record<string, number[] | bigint[] | boolean[]> = {
  bool: [true, false, true, true, false, false],
  int8: [-128, -1, 0, 1, 2, 127],
  uint8: [0, 1, 2, 128, 254, 255],
  int16: [-32768, -2, 0, 3, 4, 32767],
  uint16: [0, 5, 6, 7, 65534, 65535],
  int32: [-2147483648, -3, 0, 5, 6, 2147483647],
  uint32: [0, 7, 8, 9, 4294967294, 4294967295],
  int64: [-(2n ** 63n), -4n, 0n, 6n, 7n, 2n ** 63n - 1n],
  uint64: [0n, 8n, 9n, 10n, 2n ** 64n - 2n, 2n ** 64n - 1n],
  float16: [-65504, -1.5, 0, 0.25, 2048, 65504],
  float32: [-3.5, -1e-30, 0, 1.25, 3e38, 7],
  float64: [-1e300, -2.5, 0, 1e-300, 3.75, 9],
};

describeEachDevice('DLPack', (spec) => {
  const isCuda = spec.startsWith('cuda');

  it('a raw number that cannot be a tensor address is a TypeError, not a read of it (the fuzzer segfaulted here)', () => {
    for (const v of [5n, 2 ** 32 + 1, 8, 65535, -8]) expect(() => gp.fromDlpack(v as never), String(v)).to.throw(TypeError, /not a tensor address/);
  });

  it('toDlpack/fromDlpack round-trips every dtype, sharing the memory', () => {
    for (const [name, values] of [...Object.entries(SAMPLES), ['complex64', [1, -2, 3.5, 4, 0, -6]], ['complex128', [1e-200, 2, -3, 4.5, 5, 0]]] as const) {
      const a = name.startsWith('complex')
        ? gp.zeros(3, name).set((name === 'complex64' ? Float32Array : Float64Array).from(values as number[])) // (re, im) pairs
        : gp.array(values as never, name);
      const t = a.toDlpack();
      expect(t.taken).to.equal(false);
      const b = gp.fromDlpack(t);
      expect(t.taken, name).to.equal(true);
      expect(b.dtype.name, name).to.equal(name);
      expect(b.device).to.equal(a.device);
      expect(b.shape).to.deep.equal(a.shape);
      expect(b.ptr, name).to.equal(a.ptr);
      expect(b.toArray(), name).to.deep.equal(a.toArray());
      expect(() => gp.fromDlpack(t)).to.throw(TypeError, /already consumed/);
      b.dispose();
      a.dispose();
    }
  });

  it('exports strided and reversed views with element strides, and DLPack devices', () => {
    const a = gp.arange(24, 'float32').reshape(2, 3, 4);
    for (const v of [a.T, a.slice('::-1', '1:', '::2'), a.slice(1, null, '...', 3)]) {
      const b = gp.fromDlpack(v.toDlpack());
      expect(b.shape).to.deep.equal(v.shape);
      expect(b.strides).to.deep.equal(v.strides);
      expect(b.toArray()).to.deep.equal(v.toArray());
      b.dispose();
      v.dispose();
    }
    expect(a.dlpackDevice()).to.deep.equal(isCuda ? [DL_DEVICE.CUDA, a.device.id] : [DL_DEVICE.CPU, 0]);
    expect(a.__dlpack_device__()).to.deep.equal(a.dlpackDevice());
    const w = gp.fromDlpack(a.__dlpack__({ versioned: true, stream: -1 }));
    w.fill(5);
    expect(a.toArray()).to.deep.equal(gp.full([2, 3, 4], 5, 'float32').toArray());
    expect(() => a.toDlpack({ stream: 0 })).to.throw(TypeError, /ambiguous/);
    expect(() => a.toDlpack({ sream: 1 } as gp.ToDlpackOptions)).to.throw(TypeError, /unknown option 'sream'/);
    const re = gp.zeros(3, 'complex64').real.reshape(3, 1).broadcastTo([3, 2]);
    expect(re.strides).to.deep.equal([8, 0]);
    expect(gp.fromDlpack(re.toDlpack()).strides).to.deep.equal([8, 0]);
  });

  it("keeps the exporter's memory until the consumer's deleter runs, once, after the last view", () => {
    const pool = gp.getMemoryPool();
    const before = pool.usedBytes();
    const a = gp.arange(1000, 'float64');
    const held = pool.usedBytes() - before;
    expect(held).to.be.greaterThan(0);
    const t = a.toDlpack();
    a.dispose(); // the tensor still holds the block
    expect(pool.usedBytes() - before).to.equal(held);
    const b = gp.fromDlpack(t);
    const view = b.slice('10:20');
    b.dispose();
    expect(pool.usedBytes() - before, 'a view keeps it').to.equal(held);
    expect(view.toArray()).to.deep.equal(Array.from({ length: 10 }, (_, i) => 10 + i));
    view.dispose(); // the last holder: the deleter runs and gives the block back
    expect(pool.usedBytes() - before).to.equal(0);
    // A capsule nobody consumed gives the memory back when disposed.
    const ten = gp.arange(10);
    const c = ten.toDlpack({ versioned: true });
    ten.dispose();
    expect(pool.usedBytes() - before).to.be.greaterThan(0);
    c.dispose();
    expect(pool.usedBytes() - before).to.equal(0);
    expect(() => c.take()).to.throw(TypeError, /already consumed/);
  });

  it("imports a tensor made by someone else and calls its deleter with the tensor's address", () => {
    const owner = gp.arange(12, 'int32');
    const calls: number[] = [];
    const deleter = registerDeleter((self) => {
      calls.push(self);
      freeManagedTensor(self);
    });
    const [type, id] = owner.dlpackDevice();
    const make = (over: Partial<Parameters<typeof writeManagedTensor>[0]> = {}, versioned = false, flags = 0) =>
      writeManagedTensor(
        { data: owner.ptr, deviceType: type, deviceId: id, code: DL_CODE.INT, bits: 32, lanes: 1, shape: [3, 2], strides: [1, 3], byteOffset: 8, ...over },
        7,
        deleter,
        versioned,
        flags,
      );
    const p = make();
    const a = gp.fromDlpack(p);
    // byte_offset 8 skips two int32; element strides [1, 3]: a Fortran-ordered 3 x 2 view.
    expect(a.toArray()).to.deep.equal([[2, 5], [3, 6], [4, 7]]);
    const v = a.slice(':', 1);
    a.dispose();
    expect(calls).to.deep.equal([]);
    v.dispose();
    expect(calls).to.deep.equal([p]);

    const q = make({ strides: null, shape: [12], byteOffset: 0 }, true);
    const b = gp.fromDlpack(BigInt(q), { versioned: true });
    expect(b.toArray()).to.deep.equal(Array.from({ length: 12 }, (_, i) => i));
    b.dispose();
    expect(calls).to.deep.equal([p, q]);

    // Refused before anything is taken: the deleter is not called, the caller still owns it.
    const refusals: [number, RegExp][] = [
      [make({ lanes: 4 }), /lanes 4/],
      [make({ code: DL_CODE.BFLOAT, bits: 32 }), /code 4 with 32 bits \(bfloat16\)/],
      [make({ deviceType: 4 }), /device type 4/],
      [make({ shape: [-1, 2] }), /shape must be/],
    ];
    for (const [r, why] of refusals) {
      expect(() => gp.fromDlpack(r)).to.throw(TypeError, why);
      freeManagedTensor(r);
    }
    // A legacy tensor said to be versioned: its data address is where the version would be, and
    // no pointer of it is followed.
    const legacy = make();
    expect(() => gp.fromDlpack(legacy, { versioned: true })).to.throw(TypeError, /version \d+\.\d+ .*versioned: false/);
    freeManagedTensor(legacy);
    // A read-only tensor is a read-only array (NumPy's from_dlpack), and exports as one.
    const ro = make({}, true, DL_FLAG.READ_ONLY);
    const r = gp.fromDlpack(ro, { versioned: true });
    expect(r.flags.writeable).to.equal(false);
    expect(() => r.fill(0)).to.throw(RangeError, /read-only/);
    const back = r.toDlpack({ versioned: true });
    expect(readManagedTensor(back.pointer, true).flags).to.equal(DL_FLAG.READ_ONLY);
    gp.fromDlpack(back).dispose();
    r.dispose();
    expect(calls).to.deep.equal([p, q, ro]);
    expect(() => gp.fromDlpack('x' as never)).to.throw(TypeError, /expected a DlpackCapsule/);
    owner.dispose();
  });

  if (spec === 'cpu') {
    it("writes DLManagedTensor as dlpack.h lays it out (read back by C code of the cpu backend)", () => {
      const k = gp.RawKernel(
        `typedef struct { int device_type; int device_id; } DLDevice;
typedef struct { unsigned char code; unsigned char bits; unsigned short lanes; } DLDataType;
typedef struct { void* data; DLDevice device; int ndim; DLDataType dtype; long long* shape; long long* strides; unsigned long long byte_offset; } DLTensor;
typedef struct DLManagedTensor { DLTensor dl_tensor; void* manager_ctx; void (*deleter)(struct DLManagedTensor*); } DLManagedTensor;
extern "C" __global__ void read_dl(unsigned long long p, long long* out) {
  const DLManagedTensor* t = (const DLManagedTensor*)p;
  const DLTensor& x = t->dl_tensor;
  long long v[16] = { (long long)x.data, x.device.device_type, x.device.device_id, x.ndim, x.dtype.code, x.dtype.bits, x.dtype.lanes,
    x.shape[0], x.shape[1], x.strides[0], x.strides[1], (long long)x.byte_offset, (long long)sizeof(DLTensor), (long long)sizeof(DLManagedTensor),
    (long long)(t->deleter != 0), 0 };
  for (int i = 0; i < 16; i++) out[i] = v[i];
}`,
        'read_dl',
      );
      const a = gp.arange(12, 'float64').reshape(3, 4).T;
      const t = a.toDlpack();
      const out = gp.zeros(16, 'int64');
      k([1], [1], [t.pointer, out]);
      const got = Array.from(out.toTypedArray() as BigInt64Array, Number);
      expect(got).to.deep.equal([a.ptr, DL_DEVICE.CPU, 0, 2, DL_CODE.FLOAT, 64, 1, 4, 3, 1, 4, 0, 48, 64, 1, 0]);
      t.dispose();
    });
  }
});

describeEachDevice('CUDA array interface', (spec) => {
  it("describes an array as CuPy's __cuda_array_interface__ v3", () => {
    const a = gp.arange(12, 'float32').reshape(3, 4);
    const d = a.cudaArrayInterface;
    expect(d).to.deep.equal({
      shape: [3, 4],
      typestr: '<f4',
      data: [a.ptr, false],
      version: 3,
      strides: null,
      stream: spec === 'cpu' ? null : 1,
      descr: [['', '<f4']],
      device: spec,
    });
    expect(a.__cuda_array_interface__).to.deep.equal(d);
    expect(a.T.cudaArrayInterface.strides).to.deep.equal([4, 16]);
    const types = Object.fromEntries(['bool', 'int8', 'uint16', 'int64', 'float16', 'float64', 'complex64', 'complex128'].map((n) => [n, gp.zeros(1, n as gp.DTypeName).cudaArrayInterface.typestr]));
    expect(types).to.deep.equal({ bool: '|b1', int8: '|i1', uint16: '<u2', int64: '<i8', float16: '<f2', float64: '<f8', complex64: '<c8', complex128: '<c16' });
  });

  it('wraps a descriptor without a copy (keeping the owner alive), and refuses what it cannot hold', () => {
    const a = gp.arange(12, 'int16').reshape(3, 4);
    const v = a.slice('::-1', '1:3');
    const b = gp.fromCudaArrayInterface(v.cudaArrayInterface, { owner: v });
    expect(b.toArray()).to.deep.equal(v.toArray());
    expect(b.ptr).to.equal(v.ptr);
    b.fill(-1);
    expect(a.toArray()).to.deep.equal([[0, -1, -1, 3], [4, -1, -1, 7], [8, -1, -1, 11]]);
    const c = gp.fromCudaArrayInterface({ __cuda_array_interface__: a.cudaArrayInterface });
    expect(c.shape).to.deep.equal([3, 4]);
    const base = a.cudaArrayInterface;
    const ro = gp.fromCudaArrayInterface({ ...base, data: [a.ptr, true] });
    expect(ro.flags.writeable).to.equal(false);
    expect(ro.cudaArrayInterface.data[1]).to.equal(true);
    expect(() => ro.fill(0)).to.throw(RangeError, /read-only/);
    expect(() => gp.fromCudaArrayInterface({ ...base, typestr: '>i2' })).to.throw(TypeError, /little-endian/);
    expect(() => gp.fromCudaArrayInterface({ ...base, version: 1 })).to.throw(TypeError, /version 1/);
    expect(() => gp.fromCudaArrayInterface({ ...base, mask: {} as unknown as null })).to.throw(TypeError, /masked/);
    expect(() => gp.fromCudaArrayInterface({ ...base, strides: [2] })).to.throw(TypeError, /strides must be/);
    // Nothing is read where no memory can be: a small address, or past gpuarray's own block.
    expect(() => gp.fromCudaArrayInterface({ ...base, data: [8, false] })).to.throw(TypeError, /address 8, where no memory is allocated/);
    expect(() => gp.fromCudaArrayInterface({ ...base, shape: [1_000_000] }, { owner: a })).to.throw(RangeError, /past the end of the gpuarray allocation/);
    expect(() => gp.fromCudaArrayInterface({ ...base, shape: [3], strides: [2 ** 40] }, { owner: a })).to.throw(RangeError, /past the end/);
    expect(gp.fromCudaArrayInterface({ ...base, shape: [12], strides: null }, { owner: a }).toArray()).to.deep.equal(a.ravel().toArray());
  });

  it('crosses to a worker thread, which wraps and writes the same memory', async () => {
    const a = gp.arange(6, 'float64');
    const w = new Worker(join(here, 'fixtures', 'cai-worker.js'), { workerData: a.cudaArrayInterface });
    const reply = await new Promise<{ seen: number[]; device: string; shape: number[] }>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
    await w.terminate();
    expect(reply).to.deep.equal({ seen: [0, 1, 2, 3, 4, 5], device: spec, shape: [6] });
    expect(a.toArray()).to.deep.equal([0, 2, 4, 6, 8, 10]);
  });
});
