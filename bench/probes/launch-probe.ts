// Where the time of a small op goes on the GPU host: driver floor, our launch, the full op.
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { ArgBlock } from '../../lib/device/arg-block.js';

const dev = gp.currentDevice();
const be = dev.backend as CudaBackend;
const rate = (label: string, n: number, f: () => void) => {
  for (let i = 0; i < n / 5; i++) f();
  be.synchronize();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  const issue = Number(process.hrtime.bigint() - t0) / n / 1000;
  be.synchronize();
  const total = Number(process.hrtime.bigint() - t0) / n / 1000;
  console.log(`${label.padEnd(40)} issue ${issue.toFixed(2)} us/op, with drain ${total.toFixed(2)} us/op`);
};
const empty = be.loadProgram({ source: 'extern "C" __global__ void empty_k(int n) { (void)n; }', kernels: [{ name: 'empty_k', paramTypes: ['int'] }] }).kernel('empty_k');
const blk = new ArgBlock([{ size: 4, align: 4 }]);
blk.write('i32', blk.offsets[0], 1);
const g = { x: 1, y: 1, z: 1 };
rate('empty kernel via LoadedKernel.launch', 50000, () => empty.launch(g, g, 0, 0, blk.pointers));
const s1 = gp.arange(1000, 'float32');
const s2 = gp.arange(1000, 'float32');
const out = gp.empty(1000, 'float32');
rate('gp.add(a, b, {out})', 50000, () => gp.add(s1, s2, { out }));
rate('a.add(b).dispose()', 50000, () => s1.add(s2).dispose());
const t0 = process.hrtime.bigint();
for (let i = 0; i < 5000; i++) {
  s1.add(s2).dispose();
  be.synchronize();
}
console.log('synced a.add(b) us/op', (Number(process.hrtime.bigint() - t0) / 5000 / 1000).toFixed(2));
const t1 = process.hrtime.bigint();
for (let i = 0; i < 5000; i++) {
  empty.launch(g, g, 0, 0, blk.pointers);
  be.synchronize();
}
console.log('synced empty launch us/op', (Number(process.hrtime.bigint() - t1) / 5000 / 1000).toFixed(2));

// JS-only cost: the same ops with the kernel launch replaced by a no-op.
const def = [...((gp.ufuncs.get('add') as unknown as { defs: Map<unknown, { fastMemo: WeakMap<object, Map<number, { kernel: { launch: unknown } }>> }> }).defs.values())][0];
const prepared = [...def.fastMemo.get(dev)!.values()][0];
const real = prepared.kernel.launch;
prepared.kernel.launch = () => {};
rate('JS only: gp.add(a, b, {out})', 50000, () => gp.add(s1, s2, { out }));
rate('JS only: a.add(b).dispose()', 50000, () => s1.add(s2).dispose());
prepared.kernel.launch = real;
let x = 0;
rate('JS baseline: empty loop body', 50000, () => {
  x++;
});
