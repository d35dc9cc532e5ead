// Host time per call of the small ops of issue #22, back to back (one synchronize per batch),
// and the JavaScript share of it (the same calls with every kernel launch replaced by a no-op).
//   node dist/bench/probes/issue-probe.js [batch=2000]
// On the cpu backend the launches run the kernels, so only the "JS only" column compares.
import * as gp from '../../lib/index.js';
import type { CompileRequest, LoadedProgram } from '../../lib/device/backend.js';

const batch = Number(process.argv[2] ?? 2000);
const dev = gp.currentDevice();
const be = dev.backend;
let stubbed = false;
// Every kernel loaded from here on launches through this switch.
const realLoad = be.loadProgram.bind(be);
be.loadProgram = (req: CompileRequest): LoadedProgram => {
  const prog = realLoad(req);
  return {
    kernel: (name: string) => {
      const k = prog.kernel(name);
      return { name: k.name, launch: (g, b, s, st, a) => (stubbed ? undefined : k.launch(g, b, s, st, a)) };
    },
  };
};

const n = 1000;
const x = gp.asarray(new Float32Array(n).map((_, i) => (i % 2000) * 0.25 + 0.25));
const y = gp.asarray(new Float32Array(n).map((_, i) => ((i * 7) % 2000) * 0.25 + 0.25));
const y0 = gp.asarray(new Float32Array(10000).map((_, i) => (i % 2000) * 0.25 + 0.25));
const big = gp.asarray(new Float32Array(1 << 24).fill(0.5));
const ek = gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'issue_probe_add');

function perCall(f: () => void, calls: number): number {
  const once = () => {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < calls; k++) f();
    be.synchronize();
    return Number(process.hrtime.bigint() - t0) / 1000 / calls;
  };
  once();
  const xs = Array.from({ length: 9 }, once).sort((a, b) => a - b);
  return xs[4];
}

const rows: [string, () => void, number, number][] = [
  ['a.add(b).dispose()', () => x.add(y).dispose(), batch, 1],
  ['ElementwiseKernel k(a, b).dispose()', () => (ek(x, y) as gp.GpuArray).dispose(), batch, 1],
  ['a.multiply(0.99).dispose()', () => x.multiply(0.99).dispose(), batch, 1],
  ['gp.sum(a) (1000), dispose', () => gp.sum(x).dispose(), batch, 1],
  ['gp.sum(a) (16M), dispose', () => gp.sum(big).dispose(), Math.min(batch, 200), 1],
  [
    'scope: y = y.multiply(0.99).add(0.01), 10k, per op',
    () =>
      gp.scope(() => {
        let z = y0;
        for (let i = 0; i < 100; i++) z = z.multiply(0.99).add(0.01);
        return null;
      }),
    Math.max(1, Math.floor(batch / 200)),
    200,
  ],
  [
    'same, each result disposed at once, per op',
    () => {
      let z = y0.multiply(0.99);
      for (let i = 0; i < 199; i++) {
        const next = i % 2 === 0 ? z.add(0.01) : z.multiply(0.99);
        z.dispose();
        z = next;
      }
      z.dispose();
    },
    Math.max(1, Math.floor(batch / 200)),
    200,
  ],
];
console.log(`${be.kind}: host time per call, back to back (median of 9 batches); JS only: launches replaced by no-ops`);
for (const [label, f, calls, ops] of rows) {
  stubbed = false;
  const full = perCall(f, calls) / ops;
  stubbed = true;
  const js = perCall(f, calls) / ops;
  stubbed = false;
  console.log(`  ${label.padEnd(52)} ${full.toFixed(2).padStart(7)} us   JS only ${js.toFixed(2).padStart(6)} us`);
}
