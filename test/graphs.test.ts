// Graphs (gp.cuda.graph, stream.beginCapture/endCapture): captured work replays on the same
// memory with the results of host references after its inputs are updated in place, on both
// backends; what a capture cannot hold is refused with StreamCaptureError, the capture abandoned
// and the stream left usable.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { Stream, StreamCaptureError } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { close, flat, hostData, hostMatmul } from './streams-support.js';

const SCALE = `extern "C" __global__ void gpa_graph_scale(const double* x, double* y, double k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = k * x[i];
}`;

describeEachDevice('graphs', () => {
  it('replays a captured chain after its input is updated in place', () => {
    const n = 5000;
    const x = gp.asarray(hostData(n, 1));
    gp.getMemoryPool().freeAllBlocks(); // nothing cached: the pool lacks the capture's blocks at first
    let runs = 0;
    const f = () => {
      runs++;
      return x.multiply(2).add(1);
    };
    const g = gp.cuda.graph(f);
    // Captured again once the memory it lacked was allocated outside the capture.
    expect(runs).to.equal(2);
    expect(g.nodeCount).to.equal(2);
    expect(String(g)).to.match(/^<Graph of 2 nodes on /);
    for (const seed of [1, 2, 3]) {
      const h = hostData(n, seed);
      x.set(h);
      g.launch();
      expect(close(flat(g.output), Array.from(h, (v) => 2 * v + 1))).to.equal(true);
    }
    g.dispose();
    expect(g.disposed).to.equal(true);
    expect(() => g.launch()).to.throw(TypeError, /after dispose/);
    g.dispose(); // twice is fine
    x.dispose();
  });

  it('replays reductions, a product, user kernels and memsets', () => {
    const n = 40_000; // a sum split over several blocks (partials and counters)
    const x = gp.asarray(hostData(n, 7));
    const m = gp.asarray(hostData(6 * 50, 8)).reshape(6, 50);
    const a = gp.asarray(hostData(9 * 4, 9)).reshape(9, 4);
    const b = gp.asarray(hostData(4 * 3, 10)).reshape(4, 3);
    const sq = new gp.ElementwiseKernel('float64 v', 'float64 w', 'w = v * v + 1', 'gpa_graph_sq');
    const scale = gp.RawKernel(SCALE, 'gpa_graph_scale');
    const scaled = gp.empty(n); // made before the capture, written by every replay
    const f = () => {
      scale(Math.ceil(n / 256), 256, [x, scaled, 0.5, n]);
      return {
        total: x.sum(),
        rows: m.sum(1),
        p: gp.matmul(a, b),
        e: sq(m),
        z: gp.zeros([6, 50]).add(m), // a memset, then an add
      };
    };
    gp.scope(() => {
      f();
    });
    const g = gp.cuda.graph(f);
    for (const seed of [20, 30]) {
      const hx = hostData(n, seed);
      const hm = hostData(300, seed + 1);
      const ha = hostData(36, seed + 2);
      x.set(hx);
      m.set(hm);
      a.set(ha);
      g.launch();
      const o = g.output;
      expect(close([o.total.item() as number], [hx.reduce((p, v) => p + v, 0)], 1e-9)).to.equal(true);
      const rowRef = [0, 1, 2, 3, 4, 5].map((r) => hm.slice(50 * r, 50 * r + 50).reduce((p, v) => p + v, 0));
      expect(close(flat(o.rows), rowRef, 1e-12)).to.equal(true);
      expect(close(flat(o.p), hostMatmul(ha, flat(b), 9, 4, 3), 1e-12)).to.equal(true);
      expect(close(flat(o.e), Array.from(hm, (v) => v * v + 1), 1e-12)).to.equal(true);
      expect(close(flat(o.z), Array.from(hm), 0)).to.equal(true);
      expect(close(flat(scaled), Array.from(hx, (v) => 0.5 * v), 0)).to.equal(true);
    }
    g.dispose();
  });

  it('replays sorting, scans and FFTs', () => {
    const n = 256;
    const x = gp.asarray(hostData(n, 40));
    const f = () => ({ sorted: gp.sort(x), sums: gp.cumsum(x), spectrum: gp.fft.rfft(x), top: x.argmax() });
    gp.scope(() => {
      f();
    });
    const g = gp.cuda.graph(f);
    const h = hostData(n, 41);
    x.set(h);
    g.launch();
    const o = g.output;
    expect(flat(o.sorted)).to.deep.equal(Array.from(h).sort((p, q) => p - q));
    let acc = 0;
    expect(close(flat(o.sums), Array.from(h, (v) => (acc += v)), 1e-12)).to.equal(true);
    const spec = Array.from(o.spectrum.toTypedArray() as Float64Array);
    const dft: number[] = [];
    for (let k = 0; k <= n / 2; k++) {
      let re = 0;
      let im = 0;
      for (let j = 0; j < n; j++) {
        re += h[j] * Math.cos((-2 * Math.PI * k * j) / n);
        im += h[j] * Math.sin((-2 * Math.PI * k * j) / n);
      }
      dft.push(re, im);
    }
    expect(close(spec, dft, 1e-9)).to.equal(true);
    expect(Number(o.top.item())).to.equal(h.indexOf(Math.max(...h)));
    g.dispose();
    x.dispose();
  });

  it('replays one-pass look-back scans (a zeroed status array each replay, not the stream buffer of the capture)', () => {
    // 40000 elements: about 13 tiles of 3072 (float32) and 12 of 3584 (int64), so tiles look back.
    const n = 40000;
    const x = gp.asarray(hostData(n, 42)).astype('float32');
    const xi = gp.empty([n], 'int32');
    const f = () => ({ sums: gp.cumsum(x), counts: gp.cumsum(xi) });
    gp.scope(() => {
      f();
    });
    const g = gp.cuda.graph(f);
    for (const seed of [43, 44, 45]) {
      const h = Float32Array.from(hostData(n, seed), (v) => Math.round(v * 8));
      x.set(h);
      gp.copyto(xi, x, { casting: 'unsafe' });
      g.launch();
      let acc = 0;
      expect(flat(g.output.sums), `float32, seed ${seed}`).to.deep.equal(Array.from(h, (v) => (acc += v)));
      acc = 0;
      expect(flat(g.output.counts).map(Number), `int64, seed ${seed}`).to.deep.equal(Array.from(h, (v) => (acc += v)));
      // A scan outside the graph between replays moves the stream's epoch on.
      gp.cumsum(x).dispose();
    }
    g.dispose();
    x.dispose();
    xi.dispose();
  });

  it('launches on a given stream, and Stream.beginCapture/endCapture capture as CuPy does', () => {
    const x = gp.asarray(hostData(1000, 4));
    const y = gp.empty(1000);
    gp.multiply(x, 3, { out: y }); // compiled before the capture
    const s = new Stream();
    s.beginCapture();
    expect(s.isCapturing()).to.equal(true);
    expect(gp.cuda.getCurrentStream()).to.equal(s);
    expect(gp.currentDevice().capturing).to.equal(true);
    gp.multiply(x, 3, { out: y });
    const g = s.endCapture();
    expect(s.isCapturing()).to.equal(false);
    expect(gp.cuda.getCurrentStream()).to.equal(Stream.null());
    expect(g.output).to.equal(undefined);
    const h = hostData(1000, 5);
    x.set(h);
    g.launch(s);
    s.synchronize();
    expect(close(flat(y), Array.from(h, (v) => 3 * v), 0)).to.equal(true);
    x.set(hostData(1000, 6));
    const other = new Stream({ nonBlocking: true });
    gp.cuda.synchronize();
    g.launch(other);
    other.synchronize();
    expect(close(flat(y), Array.from(hostData(1000, 6), (v) => 3 * v), 0)).to.equal(true);
    g.dispose();
    s.dispose();
    other.dispose();
    expect(() => s.endCapture()).to.throw(TypeError);
  });

  it('keeps the memory of arrays made in the capture until it is disposed', () => {
    const pool = gp.getMemoryPool();
    const x = gp.asarray(hostData(3000, 2));
    const f = () => gp.scope(() => x.add(1).multiply(4)); // the add's result is freed inside the capture
    gp.scope(() => {
      f();
    });
    const used = pool.usedBytes();
    const g = gp.cuda.graph(f);
    const y = g.output;
    const yPtr = y.ptr;
    y.dispose(); // the graph still writes there: nothing else may get that block
    const z = gp.empty(3000);
    expect(z.ptr).to.not.equal(yPtr);
    z.dispose();
    expect(pool.usedBytes()).to.be.greaterThan(used); // the graph holds its blocks
    g.launch();
    g.dispose();
    expect(pool.usedBytes()).to.equal(used);
    x.dispose();
  });

  it('refuses what a capture cannot hold, abandons it and leaves the stream usable', () => {
    const dev = gp.currentDevice();
    const x = gp.arange(100, 'float64');
    gp.scope(() => {
      x.add(1);
    });
    const s = new Stream();
    const u = new Stream();
    const other = gp.cuda.graph(() => gp.add(x, 0, { out: x }));
    const scale = gp.RawKernel(SCALE, 'gpa_graph_scale');
    scale(1, 128, [x, x, 1, 100]); // compiled before the captures
    const ev = new gp.Event();
    const cases: Array<[string, () => unknown, RegExp, string | null]> = [
      // In a scope: the arrays of an abandoned capture go back to the pool when it throws.
      ['a download', () => gp.scope(() => x.add(1).toArray()), /device-to-host copy/, 'GpuArray.toArray'],
      ['an upload', () => x.set(new Float64Array(100)), /host-to-device copy/, 'GpuArray.set'],
      ['a device synchronisation', () => gp.cuda.synchronize(), /synchronisation/, 'synchronize'],
      ['a stream synchronisation', () => s.synchronize(), /Stream\.synchronize/, 'Stream.synchronize'],
      ['a nested capture', () => gp.cuda.graph(() => 1), /nested capture/, 'graph'],
      ['another current stream', () => u.use(), /another stream current/, 'Stream.use'],
      ['an event', () => ev.record(), /Event\.record/, 'Event.record'],
      ['a graph launch', () => other.launch(), /Graph\.launch/, 'Graph.launch'],
      ['work on another stream', () => scale(1, 128, [x, x, 1, 100], { stream: u }), /another stream than the captured one/, 'gpa_graph_scale'],
    ];
    for (const [what, fn, message, op] of cases) {
      for (const options of [undefined, { stream: s }]) {
        let err: unknown = null;
        try {
          gp.cuda.graph(fn, options);
        } catch (e) {
          err = e;
        }
        expect(err, what).to.be.instanceOf(StreamCaptureError);
        expect((err as Error).message, what).to.match(message);
        expect((err as StreamCaptureError).op, what).to.equal(op);
        expect(dev.capturing, what).to.equal(false);
        expect(gp.cuda.getCurrentStream(), what).to.equal(Stream.null());
      }
    }
    expect(() => gp.cuda.graph(async () => x.add(1))).to.throw(TypeError, /Promise/);
    // A capture the program drives refuses new memory, and ends at once.
    gp.getMemoryPool().freeAllBlocks(); // nothing cached: the allocation below must miss
    s.beginCapture();
    expect(() => gp.empty(77_777)).to.throw(StreamCaptureError, /new device memory \(622216 bytes\)/);
    expect(s.isCapturing()).to.equal(false);
    expect(dev.capturing).to.equal(false);
    expect(gp.cuda.getCurrentStream()).to.equal(Stream.null());
    expect(() => s.endCapture()).to.throw(StreamCaptureError, /abandoned: empty: new device memory/);
    expect(() => s.endCapture()).to.throw(TypeError, /not being captured/);
    expect(() => Stream.null().beginCapture()).to.throw(TypeError, /default stream/);
    expect(() => gp.cuda.graph(() => 1, { stream: Stream.null() })).to.throw(TypeError, /default stream/);
    expect(() => gp.cuda.graph(() => 1, { steam: s } as never)).to.throw(TypeError, /steam/);
    // Everything still works: eager work on both streams, and a new capture.
    const t = new Stream();
    const r = gp.withStream(t, () => x.add(2));
    expect(r.toArray()).to.deep.equal(Array.from({ length: 100 }, (_, i) => i + 2));
    r.dispose(); // its block is what the next capture needs
    const g = gp.cuda.graph(() => x.add(1), { stream: t });
    g.launch(t);
    t.synchronize();
    expect(g.output.toArray()).to.deep.equal(Array.from({ length: 100 }, (_, i) => i + 1));
    g.dispose();
    other.dispose();
    for (const st of [s, t, u]) st.dispose();
    x.dispose();
  });
});
