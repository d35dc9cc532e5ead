// The current stream: stream.use() / gp.withStream make every library op, kernel and copy queue
// on a stream; results on a user stream match host references; stream order and cross-stream
// events; two streams overlap on a GPU; the pool keeps blocks per stream; awaited host reads.
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { Stream } from '../lib/index.js';
import { REPO } from './consumer-app.js';
import { describeEachDevice } from './helpers.js';
import { close, flat, hostData, hostMatmul, spin } from './streams-support.js';

describe('library code queues on the current stream', () => {
  it('names no default stream outside lib/device (every op asks Device.currentStream())', () => {
    const files = (dir: string): string[] =>
      readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
    const offenders = files('lib')
      .filter((f) => !f.startsWith('lib/device/'))
      .filter((f) => /\.defaultStream\b/.test(readFileSync(join(REPO, f), 'utf8')));
    expect(offenders).to.deep.equal([]);
  });
});

describeEachDevice('the current stream', (spec) => {
  const cuda = spec.startsWith('cuda');

  it('use() returns the previous stream; withStream restores it on return, throw and settle', async () => {
    const d = Stream.null();
    expect(gp.cuda.getCurrentStream()).to.equal(d);
    const s = new Stream();
    const prev = s.use();
    expect(prev).to.equal(d);
    expect(gp.cuda.getCurrentStream()).to.equal(s);
    expect(gp.currentDevice().currentStream()).to.equal(s.handle);
    expect(prev.use()).to.equal(s);
    expect(gp.cuda.getCurrentStream()).to.equal(d);

    expect(gp.withStream(s, () => gp.cuda.getCurrentStream())).to.equal(s);
    expect(gp.cuda.getCurrentStream()).to.equal(d);
    expect(() => gp.withStream(s, () => { throw new RangeError('inside'); })).to.throw(RangeError, 'inside');
    expect(gp.cuda.getCurrentStream()).to.equal(d);

    const seen: Stream[] = [];
    const p = gp.withStream(s, async () => {
      seen.push(gp.cuda.getCurrentStream());
      await new Promise((r) => setTimeout(r, 5));
      seen.push(gp.cuda.getCurrentStream()); // still current: one current stream per device
      return 7;
    });
    expect(gp.cuda.getCurrentStream()).to.equal(s); // until the promise settles
    expect(await p).to.equal(7);
    expect(seen).to.deep.equal([s, s]);
    expect(gp.cuda.getCurrentStream()).to.equal(d);
    await gp.withStream(s, async () => { throw new TypeError('async'); }).catch((e: Error) => expect(e.message).to.equal('async'));
    expect(gp.cuda.getCurrentStream()).to.equal(d);

    // Nested: the inner one restores the outer one.
    const t = new Stream({ nonBlocking: true });
    gp.withStream(s, () => {
      gp.withStream(t, () => expect(gp.cuda.getCurrentStream()).to.equal(t));
      expect(gp.cuda.getCurrentStream()).to.equal(s);
    });
    // A disposed current stream leaves the default stream current.
    t.use();
    t.dispose();
    expect(gp.cuda.getCurrentStream()).to.equal(d);
    expect(() => gp.withStream(null as unknown as Stream, () => 1)).to.throw(TypeError);
    s.dispose();
  });

  it('runs library ops on a user stream with the results of host references', () => {
    const s = new Stream();
    const n = 40_000;
    const hx = hostData(n, 11);
    const hA = hostData(12 * 7, 3);
    const hB = hostData(7 * 5, 4);
    const hSort = hostData(3000, 9);
    const got = gp.withStream(s, () =>
      gp.scope(() => {
        const x = gp.asarray(hx); // upload on s
        const y = x.multiply(3).add(1); // ufuncs
        const total = y.sum().item() as number; // a split reduction (per-stream counters) and a read on s
        const a = gp.asarray(hA).reshape(12, 7);
        const b = gp.asarray(hB).reshape(7, 5);
        const c = gp.matmul(a, b); // GEMM (cuBLAS on cuda)
        const z = gp.zeros(1000, 'float64').add(2); // a memset
        const sorted = gp.sort(gp.asarray(hSort)); // radix sort
        const f = gp.fft.fft(gp.asarray([1, 2, 3, 4, 0, 0, 0, 0])); // cuFFT on cuda
        const m = gp.asarray([4, 1, 2, 3, 5, 1, 0, 1, 6]).reshape(3, 3);
        const sol = gp.linalg.solve(m, gp.asarray([1, 2, 3])); // cuSOLVER on cuda, reads info
        return { y: flat(y), total, c: flat(c), z: flat(z), sorted: flat(sorted), f: Array.from(f.toTypedArray() as Float64Array), sol: flat(sol), m: [4, 1, 2, 3, 5, 1, 0, 1, 6] };
      }),
    );
    const yRef = Array.from(hx, (v) => v * 3 + 1);
    expect(close(got.y, yRef)).to.equal(true);
    expect(close([got.total], [yRef.reduce((p, v) => p + v, 0)], 1e-9)).to.equal(true);
    expect(close(got.c, hostMatmul(hA, hB, 12, 7, 5), 1e-12)).to.equal(true);
    expect(got.z).to.deep.equal(new Array(1000).fill(2));
    expect(got.sorted).to.deep.equal(Array.from(hSort).sort((p, q) => p - q));
    // DFT of [1, 2, 3, 4, 0, 0, 0, 0] at k = 0 and k = 4: 10 and (1 - 2 + 3 - 4) = -2.
    expect(close([got.f[0], got.f[1], got.f[8], got.f[9]], [10, 0, -2, 0], 1e-12)).to.equal(true);
    // m @ sol = [1, 2, 3]
    const ms = [0, 1, 2].map((i) => got.m[3 * i] * got.sol[0] + got.m[3 * i + 1] * got.sol[1] + got.m[3 * i + 2] * got.sol[2]);
    expect(close(ms, [1, 2, 3], 1e-12)).to.equal(true);
    s.dispose();
  });

  it('keeps stream order, and orders two streams with an event', () => {
    const s1 = new Stream({ nonBlocking: true });
    const s2 = new Stream({ nonBlocking: true });
    const n = 1 << 20;
    const host = hostData(n, 5);
    const flag = gp.zeros(1, 'int32');
    gp.cuda.synchronize();
    const x = gp.withStream(s1, () => gp.asarray(host));
    const y = gp.withStream(s1, () => {
      if (cuda) spin(60, flag); // s1 is busy: an unordered reader on s2 would see y unwritten
      const t = x.multiply(2);
      t.add(1, { out: t });
      return t;
    });
    const ev = s1.record();
    s2.waitEvent(ev);
    const z = gp.withStream(s2, () => y.multiply(10));
    s2.synchronize();
    const want = Array.from(host, (v) => (v * 2 + 1) * 10);
    expect(close(flat(z), want)).to.equal(true);
    for (const a of [x, y, z, flag]) a.dispose();
    s1.dispose();
    s2.dispose();
  });

  it('overlaps two streams on a GPU (two 50 ms kernels in well under 100 ms); correct on both backends', function () {
    const s1 = new Stream();
    const s2 = new Stream();
    if (!cuda) {
      // A stream is a queue that runs as it is issued: results only.
      const a = gp.withStream(s1, () => gp.arange(10, 'int32').multiply(2));
      const b = gp.withStream(s2, () => a.add(1));
      expect(b.toArray()).to.deep.equal([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
      return;
    }
    const f1 = gp.zeros(1, 'int32');
    const f2 = gp.zeros(1, 'int32');
    spin(1, f1, s1); // compile and warm up
    gp.cuda.synchronize();
    const t0 = performance.now();
    spin(50, f1, s1);
    s1.synchronize();
    const one = performance.now() - t0;
    const t1 = performance.now();
    spin(50, f1, s1);
    spin(50, f2, s2);
    s1.synchronize();
    s2.synchronize();
    const both = performance.now() - t1;
    expect(f1.item()).to.equal(1);
    expect(f2.item()).to.equal(1);
    expect(one).to.be.greaterThan(45);
    expect(both, `one kernel ${one.toFixed(1)} ms, two on two streams ${both.toFixed(1)} ms`).to.be.lessThan(1.5 * one);
    s1.dispose();
    s2.dispose();
  });

  it('keeps cached blocks per stream: reused on their own stream, not on another', () => {
    const pool = gp.getMemoryPool();
    const s = new Stream();
    // An odd size (123,456 float64s) no other test caches.
    const onS = gp.withStream(s, () => gp.empty(123_456));
    const p = onS.ptr;
    gp.withStream(s, () => onS.dispose());
    const onDefault = gp.empty(123_456);
    expect(onDefault.ptr).to.not.equal(p); // s's block is not the default stream's
    const again = gp.withStream(s, () => gp.empty(123_456));
    expect(again.ptr).to.equal(p); // reused in s's own order
    // Freed while the default stream is current: it still goes back to s's cache.
    again.dispose();
    const third = gp.withStream(s, () => gp.empty(123_456));
    expect(third.ptr).to.equal(p);
    gp.withStream(s, () => third.dispose());
    // A disposed stream's cached blocks join the default stream's.
    const cached = pool.freeBytes();
    s.dispose();
    expect(pool.freeBytes()).to.equal(cached);
    const fourth = gp.empty(123_456);
    expect(fourth.ptr).to.equal(p);
    fourth.dispose();
    onDefault.dispose();
  });

  it('orders a block freed on one stream before its reuse on another (the freeing stream\'s work first)', () => {
    const s = new Stream({ nonBlocking: true });
    const n = (1 << 20) + 3; // a size no other test caches: the default stream's reuse is t's block
    const host = hostData(n, 21);
    const t = gp.asarray(host); // allocated on the default stream
    const tPtr = t.ptr;
    const flag = gp.zeros(1, 'int32');
    gp.cuda.synchronize(); // s does not order with the default stream by itself
    const out = gp.withStream(s, () => {
      if (cuda) spin(60, flag); // s reads t only after this
      const r = t.multiply(1);
      t.dispose(); // freed in s's order: the default stream must not reuse it before s has read it
      return r;
    });
    const u = gp.full(n, 7, 'float64'); // the default stream reuses t's block
    expect(u.ptr).to.equal(tPtr);
    s.synchronize();
    expect(close(flat(out), Array.from(host))).to.equal(true);
    expect(u.item(n - 1)).to.equal(7);
    for (const a of [out, u, flag]) a.dispose();
    s.dispose();
  });

  it('awaits scalars and downloads without blocking the event loop', async () => {
    const s = new Stream();
    const a = gp.arange(1000, 'float64');
    const b = gp.arange(1000, 'float64');
    expect(await a.sum().itemAsync()).to.equal(499_500);
    expect(await a.itemAsync(999)).to.equal(999);
    await a.itemAsync(1000).then(
      () => expect.fail('out of bounds'),
      (e: Error) => expect(e).to.be.instanceOf(gp.IndexError), // NumPy's IndexError
    );
    expect(await gp.arrayEqualAsync(a, b)).to.equal(true);
    expect(await gp.arrayEqualAsync(a, b.add(1))).to.equal(false);
    expect(await gp.arrayEqualAsync(a, b.reshape(10, 100))).to.equal(false);
    expect(await gp.allcloseAsync(a, b.add(1e-9))).to.equal(true);
    expect(await gp.allcloseAsync(a, b.add(1))).to.equal(false);
    expect(await gp.arange(4, 'int32').reshape(2, 2).toArrayAsync()).to.deep.equal([[0, 1], [2, 3]]);
    expect(Array.from((await a.slice('5:8').toTypedArrayAsync()) as Float64Array)).to.deep.equal([5, 6, 7]);
    const c = gp.zeros(3, 'int32');
    expect(await c.setAsync([4, 5, 6])).to.equal(c);
    expect(c.toArray()).to.deep.equal([4, 5, 6]);
    // On a user stream: the stream current at the call is the one waited for and read in.
    const total = await gp.withStream(s, async () => (await a.multiply(2).sum().itemAsync()) as number);
    expect(total).to.equal(999_000);
    if (cuda) {
      // The device is busy for 150 ms: the event loop keeps turning meanwhile.
      const flag = gp.zeros(1, 'int32');
      spin(150, flag);
      let ticks = 0;
      let waiting = true;
      const tick = (): void => {
        ticks++;
        if (waiting) setTimeout(tick, 1);
      };
      setTimeout(tick, 1);
      const v = await flag.itemAsync();
      waiting = false;
      expect(v).to.equal(1);
      expect(ticks, 'timer callbacks while awaiting').to.be.greaterThan(20);
    }
    await s.done();
    s.dispose();
  });
});
