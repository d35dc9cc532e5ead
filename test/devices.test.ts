// Several devices in one program: gp.cuda.deviceCount / Device(n) / withDevice, arrays that
// remember their device, a.toDevice and cross-device copyto, one memory pool per device, and the
// TypeError of an op mixing devices. On every backend with the devices it has; the tests that
// need two GPUs skip (saying so) on a host with fewer, and those mixing a GPU with the cpu
// backend run where both are usable.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, DEVICE_SPECS, rng } from './helpers.js';

describeEachDevice('devices', (spec) => {
  const cuda = spec.startsWith('cuda');

  it('deviceCount() counts the backend\'s devices; Device(n) is CuPy\'s', () => {
    const n = gp.cuda.deviceCount();
    if (cuda) expect(n).to.be.at.least(1);
    else expect(n).to.equal(1); // the cpu backend's one device
    const d = gp.cuda.Device(0);
    expect(d).to.equal(gp.currentDevice()); // tests run on device 0 of the backend
    expect(d).to.be.instanceOf(gp.cuda.Device);
    expect(new gp.cuda.Device(0)).to.equal(d);
    expect(gp.cuda.Device()).to.equal(gp.currentDevice());
    expect(d.id).to.equal(0);
    expect(String(d)).to.equal(cuda ? '<CUDA Device 0>' : '<CPU Device (cpu backend)>');
    expect(gp.cuda.Device(spec)).to.equal(d);
    expect(() => gp.cuda.Device(n)).to.throw(RangeError, new RegExp(`Device ${n} does not exist: the ${cuda ? 'cuda' : 'cpu'} backend has ${n} device`));
    expect(() => gp.cuda.Device(-1)).to.throw(TypeError, /non-negative integer/);
    expect(() => gp.cuda.Device(1.5)).to.throw(TypeError, /non-negative integer/);
    expect(d.canAccessPeer(d)).to.equal(true);
    expect(() => d.canAccessPeer(0 as never)).to.throw(TypeError, /expected a Device/);
    const info = d.memGetInfo();
    expect(info.total).to.be.greaterThan(0);
    d.synchronize();
    expect(gp.getMemoryPool(d)).to.equal(d.pool);
  });

  it('withDevice(n, fn) runs fn on device n and restores the previous device, even when fn throws', () => {
    const before = gp.currentDevice();
    const a = gp.withDevice(0, () => gp.arange(3));
    expect(a.device).to.equal(gp.cuda.Device(0));
    expect(gp.currentDevice()).to.equal(before);
    expect(() =>
      gp.withDevice(spec, () => {
        throw new RangeError('inside');
      }),
    ).to.throw(RangeError, 'inside');
    expect(gp.currentDevice()).to.equal(before);
    expect(() => gp.withDevice(0, (async () => 1) as never)).to.throw(TypeError, /synchronous/);
    expect(gp.currentDevice()).to.equal(before);
    expect(() => gp.withDevice(0, 'f' as never)).to.throw(TypeError, /fn must be a function/);
    expect(() => gp.withDevice(gp.cuda.deviceCount(), () => 0)).to.throw(RangeError, /does not exist/);
  });

  it('toDevice copies to a device (a new C-contiguous array, also from strided views)', () => {
    const r = rng(3);
    const host = Float64Array.from({ length: 60 }, () => r() * 100 - 50);
    const a = gp.array(host).reshape(3, 4, 5);
    const b = a.toDevice(0);
    expect(b.device).to.equal(a.device);
    expect(b.ptr).to.not.equal(a.ptr);
    expect(b.toArray()).to.deep.equal(a.toArray());
    a.fill(0);
    expect(Array.from(b.toTypedArray() as Float64Array)).to.deep.equal(Array.from(host));
    const t = b.transpose(2, 0, 1).slice('::-1');
    const c = t.toDevice(spec);
    expect(c.flags.cContiguous).to.equal(true);
    expect(c.toArray()).to.deep.equal(t.toArray());
    expect(gp.zeros([0, 3]).toDevice(0).shape).to.deep.equal([0, 3]);
    const gone = gp.arange(2);
    gone.dispose();
    expect(() => gone.toDevice(0)).to.throw(TypeError, /after dispose/);
    expect(() => b.toDevice('tpu:0')).to.throw(TypeError, /invalid device/);
  });
});

/** Whether this host has two usable GPUs. */
function twoGpus(): boolean {
  return DEVICE_SPECS.includes('cuda:0') && gp.withDevice('cuda:0', () => gp.cuda.deviceCount()) >= 2;
}

describe('devices: two GPUs (cuda:0 and cuda:1)', function () {
  before(function () {
    if (!twoGpus()) this.skip(); // this host lacks two GPUs
    gp.useDevice('cuda:0');
  });
  after(() => {
    if (DEVICE_SPECS.length > 0) gp.useDevice(DEVICE_SPECS[DEVICE_SPECS.length - 1]);
  });

  it('arrays live on the device current when they were made, in that device\'s pool', () => {
    const d0 = gp.cuda.Device(0);
    const d1 = gp.cuda.Device(1);
    const used0 = d0.pool.usedBytes();
    const used1 = d1.pool.usedBytes();
    const x = gp.withDevice(1, () => gp.arange(1 << 20, 'int64'));
    expect(x.device).to.equal(d1);
    expect(d1.pool.usedBytes() - used1).to.equal(8 << 20);
    expect(d0.pool.usedBytes()).to.equal(used0);
    // Element-wise ops and reductions run on their operands' device, whatever is current.
    const y = x.multiply(2).add(1);
    expect(y.device).to.equal(d1);
    expect(Number(y.sum())).to.equal(2 ** 40); // sum of 2i + 1 over i < 2^20
    d1.use();
    expect(gp.currentDevice()).to.equal(d1);
    expect(gp.zeros(2).device).to.equal(d1);
    d0.use();
    expect(typeof d0.canAccessPeer(d1)).to.equal('boolean');
    expect(d0.canAccessPeer(d1)).to.equal(d1.canAccessPeer(d0));
  });

  it('an op mixing devices is a TypeError that says how to move the data', () => {
    const a = gp.arange(4, 'float32');
    const b = gp.withDevice(1, () => gp.arange(4, 'float32'));
    expect(() => gp.add(a, b)).to.throw(TypeError, /arrays live on different devices \(cuda:0 and cuda:1\).*toDevice/);
    expect(() => gp.sum(gp.where(a.greater(1), a, b))).to.throw(TypeError, /different devices/);
    expect(() => gp.concatenate([a, b])).to.throw(TypeError, /different devices/);
  });

  it('peer copies: toDevice both ways, and copyto across devices with casting and broadcasting', () => {
    const r = rng(11);
    const host = Float32Array.from({ length: 3 << 20 }, () => r() * 2 - 1);
    const a = gp.array(host);
    const b = a.toDevice(1);
    expect(b.device.id).to.equal(1);
    const back = b.multiply(3).toDevice(0);
    expect(back.device.id).to.equal(0);
    const want = Array.from(host, (v) => Math.fround(v * 3));
    expect(Array.from(back.toTypedArray() as Float32Array)).to.deep.equal(want);
    // Same dtype and layout: straight into the destination; otherwise moved, then cast/broadcast there.
    const dst = gp.withDevice(1, () => gp.zeros(host.length, 'float32'));
    gp.copyto(dst, a);
    expect(Array.from(dst.toTypedArray() as Float32Array)).to.deep.equal(Array.from(host));
    const row = gp.array(Float32Array.of(1.5, -2.25, 3));
    const grid = gp.withDevice(1, () => gp.zeros([4, 3], 'float64'));
    gp.copyto(grid, row);
    expect(grid.toArray()).to.deep.equal(Array.from({ length: 4 }, () => [1.5, -2.25, 3]));
    grid.slice(':', 1).set(gp.array(Float64Array.of(9, 8, 7, 6)));
    expect(grid.toArray()).to.deep.equal([[1.5, 9, 3], [1.5, 8, 3], [1.5, 7, 3], [1.5, 6, 3]]);
  });

  it('streams, events, matrix products and FFTs on cuda:1 run in its context', () => {
    const r = rng(5);
    const m = Float32Array.from({ length: 64 * 64 }, () => r() - 0.5);
    const p0 = gp.matmul(gp.array(m).reshape(64, 64), gp.array(m).reshape(64, 64));
    const p1 = gp.withDevice(1, () => gp.matmul(gp.array(m).reshape(64, 64), gp.array(m).reshape(64, 64)));
    expect(p1.device.id).to.equal(1);
    expect(gp.allclose(p1.toDevice(0), p0, { rtol: 1e-6, atol: 1e-6 })).to.equal(true);
    const f0 = gp.fft.fft(gp.array(m.subarray(0, 256)));
    const f1 = gp.withDevice(1, () => gp.fft.fft(gp.array(m.subarray(0, 256))));
    expect(f1.device.id).to.equal(1);
    expect(gp.allclose(f1.toDevice(0), f0)).to.equal(true);
    const s = new gp.Stream({ device: gp.cuda.Device(1) });
    const ev = new gp.Event({ device: gp.cuda.Device(1) });
    ev.record(s);
    s.synchronize();
    expect(ev.query()).to.equal(true);
    s.dispose();
    ev.dispose();
  });
});

describe('devices: a GPU and the cpu backend', function () {
  before(function () {
    if (!(DEVICE_SPECS.includes('cuda:0') && DEVICE_SPECS.includes('cpu'))) this.skip(); // needs a usable GPU
  });
  after(() => {
    if (DEVICE_SPECS.length > 0) gp.useDevice(DEVICE_SPECS[DEVICE_SPECS.length - 1]);
  });

  it('moves arrays between backends through the host, and refuses to mix them in an op', () => {
    gp.useDevice('cuda:0');
    const a = gp.arange(1 << 16, 'int32').reshape(256, 256).T;
    const c = a.toDevice('cpu');
    expect(c.device.kind).to.equal('cpu');
    expect(c.toArray()).to.deep.equal(a.toArray());
    const back = c.toDevice('cuda:0');
    expect(gp.arrayEqual(back, a)).to.equal(true);
    expect(() => gp.add(a, c)).to.throw(TypeError, /different devices \(cuda:0 and cpu\)/);
    const dst = gp.withDevice('cpu', () => gp.zeros([256, 256], 'float64'));
    gp.copyto(dst, a, { casting: 'unsafe' });
    expect(dst.toArray()).to.deep.equal(a.toArray());
  });
});
