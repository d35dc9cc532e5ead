// Row reductions of several kinds on the GPU host, device time (CUDA events, median of 15): what
// a change to the row walk's register budget (reduction-codegen.ts rowBlocksPerSm) moves. Run it
// on each build to compare; PROBE_DRY=1 runs the calls at small sizes on any backend.
//   node dist/bench/probes/row-blocks-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { CudaEventClock } from '../timing.js';

const dry = process.env.PROBE_DRY === '1'; // a small dry run on any backend
const clock = dry ? null : new CudaEventClock(gp.currentDevice().backend as CudaBackend);
const time = (f: () => void) => (clock === null ? (f(), 0) : clock.time(f, { reps: 15 }).ms);
const M = dry ? 1024 : 1024 * 1024;
const data = (n: number, dtype: gp.DTypeLike) => gp.arange(n, 'float32').remainder(7).subtract(3).astype(dtype);
const f32 = data(256 * M, 'float32');
const f32b = f32.copy();
const sq = f32.reshape([dry ? 512 : 16384, -1]);
const short64 = f32.reshape([4 * M, 64]);
const mid256 = f32.reshape([M, 256]);
const i32 = data(256 * M, 'int32');
const f64 = data(128 * M, 'float64');
const c64 = gp.add(data(64 * M, 'complex64'), 0);
const f32s = data(64 * M, 'float32');
const fusedSum = gp.fuse((a: gp.GpuArray) => gp.square(a.subtract(250)).sum());
const cases: [string, () => unknown][] = [
  ['fused sum((a-250)**2) f32 256M', () => fusedSum(f32)],
  ['sum f32 256M', () => gp.sum(f32)],
  ['sum f32 axis1 16384^2', () => gp.sum(sq, { axis: 1 })],
  ['sum f32 axis1 4M x 64', () => gp.sum(short64, { axis: 1 })],
  ['sum f32 axis1 1M x 256', () => gp.sum(mid256, { axis: 1 })],
  ['max f32 256M', () => gp.max(f32)],
  ['max f32 axis1 16384^2', () => gp.max(sq, { axis: 1 })],
  ['argmax f32 64M', () => gp.argmax(f32s)],
  ['mean f64 128M', () => gp.mean(f64)],
  ['sum i32->i64 256M', () => gp.sum(i32)],
  ['sum c64 64M', () => gp.sum(c64)],
  ['var f32 64M', () => gp.var(f32s)],
  ['arrayEqual f32 256M', () => gp.arrayEqual(f32, f32b)],
  ['norm f32 256M', () => gp.linalg.norm(f32)],
];
for (const [name, f] of cases) {
  const first = f();
  const t = time(() => { const r = f(); if (r instanceof gp.GpuArray) r.dispose(); });
  const v = first instanceof gp.GpuArray ? first.size <= 1 ? String(first.toArray()) : `${first.ravel().slice('0:3').toTypedArray()}..` : String(first);
  console.log(`${name.padEnd(30)} | ${t.toFixed(4)} ms | ${v}`);
}
