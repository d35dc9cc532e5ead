// Assignment through index arrays with NumPy's rule for repeated indices: the last write (in C
// order of the index) wins. A claim pass leaves, for each destination element, the largest loop
// index that targets it (atomicMax); the write pass stores only from that one. The claims live
// in an array over the destination's extent when that is small (at most twice the number of
// writes), else in an open-addressing hash table of about twice the number of writes, so a few
// writes into a huge array cost memory in proportion to the writes.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar } from '../core/host-data.js';
import { ElementwiseKernel, ElementwiseKernelFn } from '../kernel/elementwise-kernel.js';
import { GatherPlan, Launch } from './gather.js';

/** Winning element numbers (0..size-1) are stored as int32 while they fit. */
const INT32_MAX = 2 ** 31 - 1;

const memo = new Map<string, [ElementwiseKernelFn, ElementwiseKernelFn]>();

// The destination element's slot (0 at the lowest element the destination reaches): _o counts
// elements from the base pointer, at plan.offset.
const SLOT = 'T* _p = dst.data() + _o; const long long _s = (long long)_o + rel;';
// Find (or, claiming, insert) the slot's entry: linear probing from a multiplicative hash.
const probe = (insert: boolean) => `
  unsigned long long _h = ((unsigned long long)_s * 0x9E3779B97F4A7C15ULL) >> shift;
  for (;;) {
    unsigned long long _k = ${insert ? 'atomicCAS(&keys[_h], ~0ULL, (unsigned long long)_s)' : 'keys[_h]'};
    if (_k == (unsigned long long)_s${insert ? ' || _k == ~0ULL' : ''}) break;
    _h = (_h + 1) & mask;
  }`;

function kernels(l: Launch, W: string, hashed: boolean): [ElementwiseKernelFn, ElementwiseKernelFn] {
  const key = `${l.key}|${W}|${hashed}`;
  let k = memo.get(key);
  if (k === undefined) {
    const wc = W === 'int32' ? 'int' : 'long long';
    const table = hashed ? ', raw uint64 keys, int64 shift, uint64 mask' : '';
    const params = `raw T dst, raw int64 err, raw ${W} win, int64 rel${table}${l.params}`;
    const at = hashed ? '_h' : '_s';
    const claim = `${l.code}\nif (!_bad) { ${SLOT} ${hashed ? probe(true) : ''}\n atomicMax(&win[${at}], (${wc})i); }`;
    const write = `${l.code}\nif (!_bad) { ${SLOT} ${hashed ? probe(false) : ''}\n if (win[${at}] == (${wc})i) *_p = v; }`;
    k = [
      ElementwiseKernel(params, '', claim, hashed ? 'gpa_scatter_claim_hashed' : 'gpa_scatter_claim', { noReturn: true }),
      ElementwiseKernel(`${params}, T v`, '', write, hashed ? 'gpa_scatter_last_hashed' : 'gpa_scatter_last', { noReturn: true }),
    ];
    memo.set(key, k);
  }
  return k;
}

/** Lowest and highest element offsets (in items, relative to a's first element) a's view reaches. */
function elementExtent(a: GpuArray): [number, number] {
  let lo = 0;
  let hi = 0;
  a.shape.forEach((n, d) => {
    const s = (a.strides[d] / a.itemsize) * Math.max(0, n - 1);
    if (s < 0) lo += s;
    else hi += s;
  });
  return [lo, hi];
}

/** dst[plan] = v with the last write winning; `base` is dst viewed at the plan, `err` the bounds flag. */
export function scatterLastWins(dst: GpuArray, l: Launch, plan: GatherPlan, err: GpuArray, v: GpuArray | HostScalar, size: number): void {
  const [lo, hi] = elementExtent(dst);
  const span = hi - lo + 1;
  const W = size <= INT32_MAX ? 'int32' : 'int64';
  const rel = (plan.offset - dst.offset) / dst.itemsize - lo;
  const hashed = span > 2 * size;
  let bits = 1;
  while (2 ** bits < 2 * size) bits++;
  const cap = hashed ? 2 ** bits : span;
  const win = GpuArray.allocate([cap], dtypes[W], dst.device);
  let keys: GpuArray | null = null;
  try {
    win.fill(-1);
    const table: (GpuArray | bigint | number)[] = [];
    if (hashed) {
      keys = GpuArray.allocate([cap], dtypes.uint64, dst.device);
      keys.device.backend.memset(keys.ptr, 0xff, keys.nbytes, keys.device.currentStream());
      table.push(keys, 64 - bits, BigInt(cap - 1));
    }
    const [claim, write] = kernels(l, W, hashed);
    claim(l.ptr, err, win, rel, ...table, ...l.args);
    write(l.ptr, err, win, rel, ...table, ...l.args, v as GpuArray);
  } finally {
    win.dispose();
    keys?.dispose();
  }
}
