// Where the first ElementwiseKernel call of a fresh process goes, phase by phase (the bench's
// "cold" and "warm disk cache (new process)" rows). Run it twice with one empty GPUARRAY_CACHE_DIR:
// the first run is the cold case (kernel 'a' is compiled), the second the warm-disk case.
//   node dist/bench/probes/first-call-probe.js [salt]   (salt: a kernel name no cache has seen)
import { nowMs } from '../timing.js';

type Fn = (...a: unknown[]) => unknown;
const spent = new Map<string, number>();
function wrap(obj: Record<string, unknown>, name: string, label = name): void {
  const f = obj[name] as Fn | undefined;
  if (typeof f !== 'function') return;
  obj[name] = function (this: unknown, ...a: unknown[]) {
    const t = nowMs();
    try {
      return f.apply(this, a);
    } finally {
      spent.set(label, (spent.get(label) ?? 0) + nowMs() - t);
    }
  };
}

const t0 = nowMs();
const gp = await import('../../lib/index.js');
const t1 = nowMs();
const dev = gp.currentDevice();
const be = dev.backend as unknown as Record<string, unknown>;
const x = gp.asarray(new Float32Array(1000).map((_, i) => i * 0.5 + 1));
const y = gp.asarray(new Float32Array(1000).map((_, i) => 3 - i * 0.25));
dev.backend.synchronize();
const t2 = nowMs();
wrap(be, 'loadProgram');
const compiler = be.compiler as Record<string, unknown> | undefined;
if (compiler) {
  wrap(compiler, 'compile', 'compiler.compile');
  wrap(compiler, 'load', 'compiler.load');
  const cache = compiler.cache as Record<string, unknown> | undefined;
  if (cache) {
    wrap(cache, 'get', 'diskCache.get');
    wrap(cache, 'put', 'diskCache.put');
  }
  const nvrtc = compiler.nvrtc as Record<string, unknown> | undefined;
  if (nvrtc) wrap(nvrtc, 'compile', 'nvrtc.compile');
}
const driver = be.driver as Record<string, unknown> | undefined;
if (driver) for (const n of ['moduleLoadData', 'moduleGetFunction', 'contextSynchronize']) wrap(driver, n, `driver.${n}`);

function firstCall(tag: string, body: string): void {
  spent.clear();
  const a = nowMs();
  const k = gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', body, `probe_first_${tag}`);
  const b = nowMs();
  const z = k(x, y) as InstanceType<typeof gp.GpuArray>;
  const c = nowMs();
  dev.backend.synchronize();
  const d = nowMs();
  const parts = [...spent].map(([n, ms]) => `${n} ${ms.toFixed(3)}`).join(', ');
  console.log(`${tag}: construct ${(b - a).toFixed(3)} ms, call ${(c - b).toFixed(3)} ms, sync ${(d - c).toFixed(3)} ms, total ${(d - a).toFixed(3)} ms [${parts}]`);
  z.dispose();
}
console.log(`${dev.backend.kind}: import ${(t1 - t0).toFixed(1)} ms, device + uploads ${(t2 - t1).toFixed(1)} ms`);
const salt = process.argv[2] ?? '';
firstCall(`a${salt}`, 'z = x * 2.0f + y');
firstCall('b', 'z = x * 3.0f + y');
firstCall('c', 'z = x * 4.0f - y');
// A kernel no cache has seen: the in-process compile cost.
firstCall('fresh', `z = x * 5.0f - y; /* ${process.pid} ${Date.now()} */`);
