// Quick probe on a GPU host: does the cuda backend work, and the headline numbers.
import * as gp from '../lib/index.js';
import { CudaBackend } from '../lib/device/cuda/backend.js';

function time<T>(f: () => T): [T, number] {
  const t0 = process.hrtime.bigint();
  const r = f();
  return [r, Number(process.hrtime.bigint() - t0) / 1e6];
}

const [dev, initMs] = time(() => gp.currentDevice());
console.log('device', dev.backend.device, 'init ms', initMs.toFixed(1));
const cuda = dev.backend instanceof CudaBackend ? dev.backend : null;
if (cuda) console.log('nvrtc', cuda.nvrtcVersion, 'target', cuda.compileTarget, 'driver', cuda.driverVersion);

const salt = `${Date.now()}`;
const a = gp.arange(1000, 'float32');
const b = gp.ones(1000, 'float32');
dev.backend.synchronize();
const [k, mkMs] = time(() => gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', `z = x + y * ${salt}.0f`, `cold_${salt}`));
const [r, coldMs] = time(() => {
  const z = k(a, b) as gp.GpuArray;
  dev.backend.synchronize();
  return z;
});
console.log('cold compile + first launch ms', coldMs.toFixed(2), 'first values', (r.toArray() as number[]).slice(0, 3));

function events() {
  if (!cuda) return null;
  const d = cuda.driver;
  const s = d.eventCreate(0);
  const e = d.eventCreate(0);
  return {
    time(f: () => void, reps = 20): number {
      f();
      const ts: number[] = [];
      for (let i = 0; i < reps; i++) {
        d.eventRecord(s, 0);
        f();
        d.eventRecord(e, 0);
        d.eventSynchronize(e);
        ts.push(d.eventElapsedTime(s, e));
      }
      ts.sort((x, y) => x - y);
      return ts[ts.length >> 1];
    },
  };
}
const ev = events();
const N = cuda ? 256 * 1024 * 1024 : 1 << 20;
const A = gp.arange(N, 'float32');
const B = gp.full(N, 2, 'float32');
const C = gp.empty(N, 'float32');
if (ev) {
  console.log('add 256M ms', ev.time(() => gp.add(A, B, { out: C })).toFixed(3));
  console.log('arange 256M ms', ev.time(() => gp.arange(N, 'float32').dispose()).toFixed(3));
  console.log('copy 256M ms', ev.time(() => A.copy().dispose()).toFixed(3));
  const M = 16384;
  const X = gp.arange(M * M, 'float32').reshape(M, M);
  const row = gp.arange(M, 'float32');
  const Y = gp.empty([M, M], 'float32');
  console.log('row broadcast 16384^2 ms', ev.time(() => gp.add(X, row, { out: Y })).toFixed(3));
  console.log('transposed add 16384^2 ms', ev.time(() => gp.add(X, X.T, { out: Y })).toFixed(3));
  const host = new Float32Array(N);
  for (let i = 0; i < N; i++) host[i] = i % 1000;
  let [, up] = time(() => gp.asarray(host).dispose());
  [, up] = time(() => gp.asarray(host).dispose());
  console.log('upload 256MiB GB/s', (N * 4 / up / 1e6).toFixed(2));
  let [, down] = time(() => (A as any).readStorage());
  [, down] = time(() => (A as any).readStorage());
  console.log('download 256MiB GB/s', (N * 4 / down / 1e6).toFixed(2));
}
const s1 = gp.arange(1000, 'float32');
const s2 = gp.arange(1000, 'float32');
for (let i = 0; i < 2000; i++) s1.add(s2).dispose();
dev.backend.synchronize();
let [, ms] = time(() => {
  for (let i = 0; i < 20000; i++) s1.add(s2).dispose();
  dev.backend.synchronize();
});
console.log('small add back-to-back us/op', ((ms * 1000) / 20000).toFixed(2));
[, ms] = time(() => {
  for (let i = 0; i < 5000; i++) {
    s1.add(s2).dispose();
    dev.backend.synchronize();
  }
});
console.log('small add synced us/op', ((ms * 1000) / 5000).toFixed(2));
