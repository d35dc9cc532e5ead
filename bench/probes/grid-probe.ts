// Launch geometry for streaming element-wise kernels on the GPU host: waves x block size.
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';

const be = gp.currentDevice().backend as CudaBackend;
const d = be.driver;
const s = d.eventCreate(0);
const e = d.eventCreate(0);
function time(f: () => void, reps = 15): number {
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
}
const N = 256 * 1024 * 1024;
const A = gp.arange(N, 'float32');
const B = gp.full(N, 2, 'float32');
const C = gp.empty(N, 'float32');
const M = 16384;
const X = A.reshape(M, M);
const Y = C.reshape(M, M);
const row = gp.arange(M, 'float32');
for (const block of [128, 256, 512]) {
  for (const waves of [1, 2, 4, 8, 1e9]) {
    be.defaultBlockSize = block;
    be.gridWaves = waves;
    const add = time(() => gp.add(A, B, { out: C }));
    const copy = time(() => gp.positive(A, { out: C }));
    const bc = time(() => gp.add(X, row, { out: Y }));
    const tr = time(() => gp.add(X, X.T, { out: Y }));
    console.log(`block ${block} waves ${waves}: add ${add.toFixed(3)} copy ${copy.toFixed(3)} rowbcast ${bc.toFixed(3)} transposed ${tr.toFixed(3)}`);
  }
}
