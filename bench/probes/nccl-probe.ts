// Two GPUs in one process: an all-reduce (sum) of 1 GiB of float32 per GPU through NCCL, gpuarray
// (gp.nccl.NcclCommunicator.initAll + one group call) beside CuPy's cupy.cuda.nccl doing the same
// in its own process (bench/probes/nccl_cupy.py), and a 1 GiB peer copy each way (a.toDevice's
// path, peer access enabled) beside CuPy's copy_from_device. CUDA events on both devices around
// each call, the slower device's time counts; median of 10 after 3 warm-ups. Goal: the
// all-reduce within 1.05x of CuPy's time. Needs two GPUs (and CuPy with NCCL for its side).
//   node dist/bench/probes/nccl-probe.js [bytes]      (PYTHON=python3 by default)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as gp from '../../lib/index.js';
import { stats } from '../timing.js';

const BYTES = Number(process.argv[2] ?? 2 ** 30);
const N = BYTES / 4;
const WARMUP = 3;
const REPS = 10;
const DEVS = [0, 1];

if (!gp.cuda.isAvailable() || gp.withDevice('cuda:0', () => gp.cuda.deviceCount()) < 2) {
  console.log('nccl-probe: needs two GPUs; this host has fewer');
  process.exit(0);
}
gp.useDevice('cuda:0');
const devices = DEVS.map((d) => gp.cuda.Device(d));
const sync = () => devices.forEach((d) => d.synchronize());
const median = (xs: number[]) => stats(xs).medianMs;
const gbs = (ms: number) => BYTES / ms / 1e6;

/** Events around `f` on every device; the slower device's milliseconds. */
function timeOnAll(f: () => void): number {
  sync();
  const ev = devices.map((d) => [new gp.Event({ device: d }), new gp.Event({ device: d })] as const);
  ev.forEach(([s]) => s.record());
  f();
  ev.forEach(([, e]) => e.record());
  ev.forEach(([, e]) => e.synchronize());
  const t = Math.max(...ev.map(([s, e]) => gp.getElapsedTime(s, e)));
  ev.forEach(([s, e]) => (s.dispose(), e.dispose()));
  return t;
}

console.log(`${devices.map((d) => `${d}`).join(' + ')}: ${gp.getBackend().device.name}; NCCL ${gp.nccl.getVersion()}; canAccessPeer ${devices[0].canAccessPeer(devices[1])}`);
const comms = gp.nccl.NcclCommunicator.initAll(DEVS);
const xs = devices.map((d) => gp.withDevice(d, () => gp.ones(N, 'float32')));
sync();
const allReduce = () => comms[0].group(() => comms.forEach((c, i) => c.allReduce(xs[i])));
const ours: number[] = [];
for (let i = 0; i < WARMUP + REPS; i++) {
  const t = timeOnAll(allReduce);
  if (i >= WARMUP) ours.push(t);
}
const want = 2 ** (WARMUP + REPS);
const got = xs.map((x) => Number(x.slice('0:1').item(0)));
if (got.some((g) => g !== want)) throw new Error(`all-reduce check failed: ${got} != ${want}`);

const peer: Record<string, number[]> = {};
for (const [src, dst] of [[0, 1], [1, 0]]) {
  const out = gp.withDevice(dst, () => gp.empty(N, 'float32'));
  const ts: number[] = [];
  for (let i = 0; i < WARMUP + REPS; i++) {
    const t = timeOnAll(() => gp.copyto(out, xs[src]));
    if (i >= WARMUP) ts.push(t);
  }
  if (Number(out.slice('-1:').item(0)) !== want) throw new Error('peer copy check failed');
  peer[`${src}->${dst}`] = ts;
  out.dispose();
}
for (const c of comms) c.destroy();
for (const x of xs) x.dispose();
for (const d of devices) d.pool.freeAllBlocks();

const py = process.env.PYTHON ?? 'python3';
const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bench', 'probes', 'nccl_cupy.py');
const r = spawnSync(py, [script, String(BYTES)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 });
const last = (r.stdout ?? '').trim().split('\n').pop() ?? '';
const cupy = r.status === 0 && last.startsWith('{') ? (JSON.parse(last) as { versions: Record<string, unknown>; allreduce_ms: number[]; peer_ms: Record<string, number[]>; can_access_peer: number }) : null;

const row = (what: string, a: number[], b: number[] | undefined) => {
  const ma = median(a);
  const mb = b ? median(b) : NaN;
  console.log(`${what.padEnd(34)} gpuarray ${ma.toFixed(3)} ms (${gbs(ma).toFixed(1)} GB/s)   CuPy ${b ? `${mb.toFixed(3)} ms (${gbs(mb).toFixed(1)} GB/s)   ratio ${(ma / mb).toFixed(3)}` : 'n/a'}`);
  return ma / mb;
};
console.log(`${(BYTES / 2 ** 30).toFixed(2)} GiB float32 per GPU, median of ${REPS} after ${WARMUP} warm-ups (CUDA events, slower device)`);
if (cupy === null) console.log(`CuPy side unavailable: \`${py} bench/probes/nccl_cupy.py ${BYTES}\` exited with ${r.status ?? r.signal}${r.error ? ` (${r.error.message})` : ''}`);
else console.log(`CuPy: ${JSON.stringify(cupy.versions)}; canAccessPeer ${cupy.can_access_peer}`);
const ratio = row('all-reduce sum (NCCL, 2 GPUs)', ours, cupy?.allreduce_ms);
row('peer copy cuda:0 -> cuda:1', peer['0->1'], cupy?.peer_ms['0->1']);
row('peer copy cuda:1 -> cuda:0', peer['1->0'], cupy?.peer_ms['1->0']);
console.log(`all-reduce bus bandwidth (2 ranks: algbw x 2(n-1)/n): gpuarray ${gbs(median(ours)).toFixed(1)} GB/s`);
if (cupy !== null) console.log(`goal: all-reduce within 1.05x of CuPy: ${ratio <= 1.05 ? 'met' : 'MISSED'} (${ratio.toFixed(3)}x)`);
console.log(`samples: ${JSON.stringify({ gpuarray: { allreduce: ours, peer }, cupy: cupy && { allreduce: cupy.allreduce_ms, peer: cupy.peer_ms } })}`);
