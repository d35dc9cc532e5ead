// Child process of the cold / warm-disk compile workloads (run by bench/workloads.ts with its own
// GPUARRAY_CACHE_DIR): starts gpuarray, uploads two small inputs (no kernel involved), then times
// the first call of an ElementwiseKernel: construction, compile or disk-cache load, launch and
// synchronize. Prints one JSON line. Usage: node dist/bench/first-call.js [n] [kernel name]
import { hashHost, hashValue } from './data.js';
import { nowMs } from './timing.js';

const n = Number(process.argv[2] ?? 1000);
const name = process.argv[3] ?? 'bench_first_call';
try {
  const t0 = nowMs();
  const gp = await import('../lib/index.js');
  const t1 = nowMs();
  const dev = gp.currentDevice();
  const x = gp.asarray(hashHost(n, 1));
  const y = gp.asarray(hashHost(n, 2));
  dev.backend.synchronize();
  const t2 = nowMs();

  const k = gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x * 2.0f + y', name);
  const z = k(x, y) as InstanceType<typeof gp.GpuArray>;
  dev.backend.synchronize();
  const t3 = nowMs();

  const got = z.toArray() as number[];
  let error: string | null = null;
  for (let i = 0; i < n && error === null; i++) {
    const want = 2 * hashValue(i, 1) + hashValue(i, 2);
    if (got[i] !== want) error = `element ${i} is ${got[i]}, expected ${want}`;
  }
  process.stdout.write(
    JSON.stringify({ ok: error === null, error, backend: dev.backend.kind, importMs: t1 - t0, deviceMs: t2 - t1, firstCallMs: t3 - t2 }) + '\n',
  );
} catch (e) {
  process.stdout.write(JSON.stringify({ ok: false, error: (e as Error).message }) + '\n');
}
