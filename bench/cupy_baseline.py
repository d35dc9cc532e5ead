#!/usr/bin/env python3
"""CuPy baseline of the gpuarray benchmark.

The workloads of bench/workloads.ts in CuPy: the same kinds, sizes and inputs, the same checks
before timing and the same clocks (CUDA events with the host's issue time hidden behind a GPU
spin kernel, median of >= 10 runs after a warm-up; host clocks for issue rates, transfers and
first calls). `npm run bench` runs it as `python3 bench/cupy_baseline.py --spec FILE` with its own
workload list; alone it runs DEFAULT_WORKLOADS. Prints one JSON object on stdout (progress on
stderr): {"versions": {...}, "results": {name: {"status", "ms", "stats" | "message"}}}.

Also its own child for the cold / warm-disk compile workloads: --first-call-child N.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

cp = None  # imported in main(): the first-call child times the import apart from the call

HASH_BODY = '\n'.join([
    'unsigned int h = (unsigned int)i * 2654435761u ^ seed;',
    'h ^= h >> 15;',
    'h *= 2246822519u;',
    'h ^= h >> 13;',
    'x = (float)(h % 2000u) * 0.25f + 0.25f',
])

SPIN_SOURCE = r'''
extern "C" __global__ void gpa_bench_spin(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}
'''

SMALL_ADD_SRC = r'''extern "C" __global__ void bench_small_add(const float* x, const float* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
'''

N = 1 << 28
SQ = 1 << 14
UP = 1 << 26
DEFAULT_WORKLOADS = [
    ('add 1K', 'add', {'n': 1 << 10}, 'device'),
    ('add 1M', 'add', {'n': 1 << 20}, 'device'),
    ('add 256M', 'add', {'n': N}, 'device'),
    ('add row broadcast', 'addRow', {'m': SQ}, 'device'),
    ('add transposed a + a.T', 'addTransposed', {'m': SQ}, 'device'),
    ('small add, back to back', 'smallAdd', {'n': 1000}, 'issue'),
    ('small add, synced', 'smallAdd', {'n': 1000}, 'synced'),
    ('RawKernel small launch, back to back', 'rawSmall', {'n': 1000}, 'issue'),
    ('ElementwiseKernel cold (new process, empty cache)', 'ekCold', {'n': 1000, 'runs': 5}, 'custom'),
    ('ElementwiseKernel warm disk cache (new process)', 'ekWarm', {'n': 1000, 'runs': 5}, 'custom'),
    ('ElementwiseKernel first call in process', 'ekFirst', {'n': 1000, 'runs': 10}, 'custom'),
    ('ElementwiseKernel small call, back to back', 'ekSmall', {'n': 1000}, 'issue'),
    ('SAXPY (ElementwiseKernel)', 'saxpy', {'n': N}, 'device'),
    ('sum 256M', 'sum', {'n': N}, 'device'),
    ('sum axis 0', 'sumAxis', {'m': SQ, 'axis': 0}, 'device'),
    ('sum axis 1', 'sumAxis', {'m': SQ, 'axis': 1}, 'device'),
    ('arrayEqual 256M', 'arrayEqual', {'n': N}, 'device'),
    ('arange 256M', 'arange', {'n': N}, 'device'),
    ('copy 256M', 'copy', {'n': N}, 'device'),
    ('upload 256 MiB', 'upload', {'n': UP}, 'host-best'),
    ('download 256 MiB', 'download', {'n': UP}, 'host-best'),
    ('upload 256 MiB from a pinned array', 'uploadPinned', {'n': UP}, 'host-best'),
    ('download 256 MiB into a pinned array', 'downloadPinned', {'n': UP}, 'host-best'),
    ('sum 1000, back to back', 'sum', {'n': 1000}, 'issue'),
    ('scalar ops y.multiply(0.99).add(0.01) in gp.scope, 200 ops', 'scalarChain', {'n': 10000, 'ops': 200, 'runs': 20}, 'custom'),
    ('matmul float32 4096²', 'matmul', {'m': 4096, 'bits': 32}, 'device'),
    ('matmul float16 4096²', 'matmul', {'m': 4096, 'bits': 16}, 'device'),
    ('matmul float64 4096²', 'matmul', {'m': 4096, 'bits': 64}, 'device'),
    ("einsum 'ij,jk->ik' 4096²", 'einsumGemm', {'m': 4096}, 'device'),
    ('batched matmul 4096 x 64²', 'matmulBatched', {'batch': 4096, 'm': 64}, 'device'),
    ('small matmul, back to back', 'matmul', {'m': 64, 'bits': 32}, 'issue'),
    ('fft 2^24 complex64', 'fft1d', {'n': 1 << 24}, 'device'),
    ('rfft2 4096² float32', 'rfft2', {'m': 4096}, 'device'),
    ('small fft, back to back', 'fft1d', {'n': 4096}, 'issue'),
    ('tile 128M x 2', 'tile', {'n': N // 2}, 'device'),
    ('repeat 128M x 2', 'repeat', {'n': N // 2}, 'device'),
    ('flip 256M, made contiguous', 'flipCopy', {'n': N}, 'device'),
    ('roll 256M', 'roll', {'n': N}, 'device'),
    ('pad 16382² by 1', 'pad', {'m': 16382}, 'device'),
    ('concatenate 2 x 128M', 'concatenate', {'n': N // 2}, 'device'),
    ('stack 2 x 128M', 'stack', {'n': N // 2}, 'device'),
    ('boolean mask x[x > t], half kept', 'booleanMask', {'n': UP}, 'device'),
    ('gather x[idx], random int64 idx', 'gather', {'n': UP}, 'device'),

    ('fuse sqrt(a*a+b*b)*2+1 128M float32', 'fuseHypot', {'n': N // 2}, 'device'),
    ('fuse elementwise+sum 256M', 'fuseSum', {'n': N}, 'device'),
    ('linalg.solve float64 4096, one rhs', 'linalgSolve', {'m': 4096, 'bits': 64}, 'device'),
    ('linalg.inv float32 4096', 'linalgInv', {'m': 4096, 'bits': 32}, 'device'),
]

MIN_REPS = 10


class CheckError(Exception):
    pass


class NotAvailable(Exception):
    pass


def log(s):
    sys.stderr.write(s + '\n')
    sys.stderr.flush()


def now_ms():
    return time.perf_counter() * 1e3


def sync():
    cp.cuda.Device().synchronize()


# ---- inputs and checks (the twins of bench/data.ts) ---------------------------------------------

def hash_values(idx, seed):
    """HASH_BODY on the host, for an array of indices; float64 (exact)."""
    with np.errstate(over='ignore'):
        h = (np.asarray(idx).astype(np.uint32) * np.uint32(2654435761)) ^ np.uint32(seed)
        h ^= h >> np.uint32(15)
        h *= np.uint32(2246822519)
        h ^= h >> np.uint32(13)
    return (h % np.uint32(2000)).astype(np.float64) * 0.25 + 0.25


def hash_host(n, seed):
    out = np.empty(n, np.float32)
    step = 1 << 24
    for s in range(0, n, step):
        e = min(n, s + step)
        out[s:e] = hash_values(np.arange(s, e, dtype=np.int64), seed)
    return out


def check_windows(n):
    """The same windows as bench/data.ts: everything when small, else ends + 48 scattered windows."""
    full = 1 << 22
    if n <= full:
        return [(s, min(n, s + full)) for s in range(0, n, full)]
    edge = 1 << 20
    w = [(0, edge), (n - edge, n)]
    x = 0x2545F491
    for _ in range(48):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
        s = (edge + int((x / 4294967296) * (n - 2 * edge - 65536))) | 1
        w.append((s, s + 65536))
    return w


def check_exact(a, expect, what):
    """Compare every checked element of a (flat C order) with expect(indices), bit for bit."""
    flat = a.ravel()
    for s, e in check_windows(a.size):
        got = cp.asnumpy(flat[s:e])
        want = expect(np.arange(s, e, dtype=np.int64)).astype(np.float32)
        bad = np.nonzero(got != want)[0]
        if bad.size:
            k = int(bad[0])
            raise CheckError('%s: element %d is %r, expected %r' % (what, s + k, float(got[k]), float(want[k])))


def check_host(got, expect, what):
    want = expect(np.arange(got.size, dtype=np.int64)).astype(np.float32)
    bad = np.nonzero(got != want)[0]
    if bad.size:
        k = int(bad[0])
        raise CheckError('%s: element %d is %r, expected %r' % (what, k, float(got[k]), float(want[k])))


def check_close(got, want, rtol, what):
    if not abs(got - want) <= rtol * abs(want):
        raise CheckError('%s: got %r, expected %r (relative error %.2e > %g)' % (what, got, want, abs(got - want) / abs(want), rtol))


def hash_sums(m, seed):
    """Exact float64 total, row and column sums of the hash array viewed as m x m."""
    rows = np.zeros(m)
    cols = np.zeros(m)
    block = max(1, (1 << 24) // m)
    for r0 in range(0, m, block):
        r1 = min(m, r0 + block)
        v = hash_values(np.arange(r0 * m, r1 * m, dtype=np.int64), seed).reshape(r1 - r0, m)
        rows[r0:r1] = v.sum(axis=1)
        cols += v.sum(axis=0)
    return float(rows.sum()), rows, cols


def sum2(idx):
    return hash_values(idx, 1) + hash_values(idx, 2)


# ---- clocks (the twins of bench/timing.ts) -------------------------------------------------------

def stats(samples, pick='median', note=None):
    s = sorted(samples)
    mid = len(s) >> 1
    median = s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
    out = {'ms': median if pick == 'median' else s[0], 'medianMs': median, 'minMs': s[0], 'maxMs': s[-1], 'samples': list(samples)}
    if note:
        out['note'] = note
    return out


class EventClock:
    """CUDA events on the null stream, the host's issue time hidden behind a GPU spin kernel."""

    def __init__(self):
        self.start = cp.cuda.Event()
        self.end = cp.cuda.Event()
        self.spin_error = None
        try:
            self.spin = cp.RawKernel(SPIN_SOURCE, 'gpa_bench_spin')
            self.spin((1,), (1,), (np.uint64(1000),))
            sync()
        except Exception as e:  # then the host's issue time stays in the interval, and the note says so
            self.spin = None
            self.spin_error = ('%s: %s' % (type(e).__name__, e)).splitlines()[0]

    def time(self, f, reps, warmup=3, synchronous=False):
        issue = 0.0
        for _ in range(warmup):
            t0 = now_ms()
            f()
            issue = max(issue, now_ms() - t0)
            sync()
        # A synchronous call queues its kernels at once and then waits: a short spin covers that.
        spin_ms = 0.2 if synchronous else min(50.0, max(0.1, 3 * issue))
        samples = []
        exposed = 0
        for _ in range(max(MIN_REPS, reps)):
            if self.spin is not None:
                self.spin((1,), (1,), (np.uint64(int(spin_ms * 1e6)),))
            self.start.record()
            f()
            # Still spinning when the call returns: all of it was queued before the GPU got there.
            if self.spin is not None and not synchronous and self.start.done:
                exposed += 1
            self.end.record()
            self.end.synchronize()
            samples.append(cp.cuda.get_elapsed_time(self.start, self.end))
        if self.spin is None:
            return stats(samples, note='host issue time included: no spin kernel (%s)' % self.spin_error)
        note = ('the GPU reached the call before the host had queued it in %d of %d runs (its host time may be included)' % (exposed, len(samples))) if exposed else None
        return stats(samples, note=note)


def rate(f, batch, batches, synced):
    def once():
        t0 = now_ms()
        if synced:
            for _ in range(batch):
                f()
                sync()
        else:
            for _ in range(batch):
                f()
            sync()
        return (now_ms() - t0) / batch
    once()
    return stats([once() for _ in range(max(MIN_REPS, batches))])


def best_of(f, n=7):
    f()
    sync()
    samples = []
    for _ in range(n):
        t0 = now_ms()
        r = f()
        sync()
        samples.append(now_ms() - t0)
        del r
    return stats(samples, pick='min')


# ---- workloads -------------------------------------------------------------------------------------

class Ctx:
    def __init__(self):
        self.inputs = {}
        self.memo = {}
        self.gen = cp.ElementwiseKernel('uint32 seed', 'float32 x', HASH_BODY, 'bench_hash')

    def input(self, n, seed, copy=0):
        key = (n, seed, copy)
        if key not in self.inputs:
            a = cp.empty(n, dtype=cp.float32)
            self.gen(np.uint32(seed), a)
            self.inputs[key] = a
        return self.inputs[key]

    def scratch(self, n):
        key = ('scratch', n)
        if key not in self.inputs:
            self.inputs[key] = cp.empty(n, dtype=cp.float32)
        return self.inputs[key]

    def once(self, key, f):
        if key not in self.memo:
            self.memo[key] = f()
        return self.memo[key]

    def release(self, keep=lambda n: False):
        for key in list(self.inputs):
            n = key[1] if key[0] == 'scratch' else key[0]
            if not keep(n):
                del self.inputs[key]
        for key in list(self.memo):
            if key.startswith('host:') and not keep(int(key.split(':')[1])):
                del self.memo[key]
        cp.get_default_memory_pool().free_all_blocks()


def poison(a):
    a.view(cp.uint32).fill(0xFFFFFFFF)
    sync()


class Prepared:
    def __init__(self, run=None, check=None, measure=None, teardown=None, synchronous=False, note=None):
        self.run = run
        self.check = check
        self.measure = measure
        self.teardown = teardown
        self.synchronous = synchronous  # run() waits for the device itself (returns a host value)
        self.note = note  # said under the table (e.g. which CuPy path ran)


def k_add(ctx, p):
    n = p['n']
    a, b, out = ctx.input(n, 1), ctx.input(n, 2), ctx.scratch(n)
    poison(out)
    return Prepared(lambda: cp.add(a, b, out=out), lambda r: check_exact(out, sum2, 'add'))


def k_add_row(ctx, p):
    m = p['m']
    x = ctx.input(m * m, 1).reshape(m, m)
    row = ctx.input(m, 3)
    out = ctx.scratch(m * m).reshape(m, m)
    poison(out)
    return Prepared(lambda: cp.add(x, row, out=out),
                    lambda r: check_exact(out, lambda i: hash_values(i, 1) + hash_values(i % m, 3), 'row broadcast add'))


def k_add_transposed(ctx, p):
    m = p['m']
    x = ctx.input(m * m, 1).reshape(m, m)
    out = ctx.scratch(m * m).reshape(m, m)
    poison(out)
    return Prepared(lambda: cp.add(x, x.T, out=out),
                    lambda r: check_exact(out, lambda i: hash_values(i, 1) + hash_values((i % m) * m + i // m, 1), 'transposed add'))


def k_small_add(ctx, p):
    a, b = ctx.input(p['n'], 1), ctx.input(p['n'], 2)
    return Prepared(lambda: a + b, lambda r: check_exact(r, sum2, 'a + b'))


def k_raw_small(ctx, p):
    n = p['n']
    k = cp.RawKernel(SMALL_ADD_SRC, 'bench_small_add')
    x, y = ctx.input(n, 1), ctx.input(n, 2)
    z = cp.empty(n, dtype=cp.float32)
    poison(z)
    threads = 256
    blocks = (n + threads - 1) // threads
    args = (x, y, z, np.int32(n))
    return Prepared(lambda: k((blocks,), (threads,), args), lambda r: check_exact(z, sum2, 'RawKernel'))


def k_ek_small(ctx, p):
    k = cp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'bench_ek_add')
    a, b = ctx.input(p['n'], 1), ctx.input(p['n'], 2)
    return Prepared(lambda: k(a, b), lambda r: check_exact(r, sum2, 'ElementwiseKernel add'))


def first_call_children(ctx, n, runs):
    def go():
        cold, warm, imports, inits = [], [], [], []
        for run in range(runs):
            d = tempfile.mkdtemp(prefix='cupy-bench-cache-')
            # A kernel name (part of the source) that no cache has seen, NVRTC's own disk cache included.
            name = 'bench_first_%d_%d_%d' % (os.getpid(), time.time_ns(), run)
            try:
                env = dict(os.environ, CUPY_CACHE_DIR=d)
                for into in (cold, warm):
                    r = subprocess.run([sys.executable, os.path.abspath(__file__), '--first-call-child', str(n), '--kernel-name', name],
                                       env=env, capture_output=True, text=True, timeout=300)
                    lines = r.stdout.strip().splitlines()
                    if r.returncode != 0 or not lines:
                        raise RuntimeError('first-call child exited with %s: %s' % (r.returncode, r.stderr.strip().splitlines()[-1:]))
                    out = json.loads(lines[-1])
                    if not out.get('ok'):
                        raise CheckError('first-call child: %s' % out.get('error'))
                    into.append(out['firstCallMs'])
                    imports.append(out['importMs'])
                    inits.append(out['deviceMs'])
            finally:
                shutil.rmtree(d, ignore_errors=True)
        note = 'child import %.0f ms, device init %.0f ms (not counted)' % (stats(imports)['ms'], stats(inits)['ms'])
        return stats(cold, note=note), stats(warm, note=note)
    return ctx.once('children:%d:%d' % (n, runs), go)


def k_ek_cold(ctx, p):
    return Prepared(measure=lambda: first_call_children(ctx, p['n'], p['runs'])[0])


def k_ek_warm(ctx, p):
    return Prepared(measure=lambda: first_call_children(ctx, p['n'], p['runs'])[1])


def k_ek_first(ctx, p):
    n, runs = p['n'], p['runs']
    a, b = ctx.input(n, 1), ctx.input(n, 2)
    sync()

    def measure():
        samples = []
        for r in range(runs):
            salt = '%d_%x_%d' % (os.getpid(), int(time.time() * 1000), r)
            t0 = now_ms()
            k = cp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x * 2.0f + y; /* %s */' % salt, 'bench_first_' + salt)
            z = k(a, b)
            sync()
            samples.append(now_ms() - t0)
            check_exact(z, lambda i: 2 * hash_values(i, 1) + hash_values(i, 2), 'ElementwiseKernel first call')
        return stats(samples)
    return Prepared(measure=measure)


def k_saxpy(ctx, p):
    n = p['n']
    k = cp.ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy')
    x, y, out = ctx.input(n, 1), ctx.input(n, 2), ctx.scratch(n)
    poison(out)
    return Prepared(lambda: k(np.float32(2.5), x, y, out),
                    lambda r: check_exact(out, lambda i: 2.5 * hash_values(i, 1) + hash_values(i, 2), 'SAXPY'))


def k_sum(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)
    want = ctx.once('total:%d' % n, lambda: float(sum(hash_values(np.arange(s, min(n, s + (1 << 24)), dtype=np.int64), 1).sum()
                                                       for s in range(0, n, 1 << 24))))
    return Prepared(lambda: cp.sum(a), lambda r: check_close(float(r), want, 1e-5, 'sum'))


def fuse_or_eager(f, *probe):
    """cupy.fuse(f) when CuPy compiles it here (tried on `probe`), else f eagerly; and which ran."""
    try:
        fused = cp.fuse(f)
        fused(*probe)
        sync()
        return fused, 'cupy.fuse'
    except Exception as e:  # CuPy 14.2 on the H200 host failed to compile the hypot expression
        return f, 'eager (cupy.fuse failed: %s)' % ('%s: %s' % (type(e).__name__, e)).splitlines()[0][:200]


def check_near(a, expect, rtol, what):
    """check_exact with a relative tolerance: cupy.fuse may contract a multiply and an add into an FMA."""
    flat = a.ravel()
    for s, e in check_windows(a.size):
        got = cp.asnumpy(flat[s:e]).astype(np.float64)
        want = expect(np.arange(s, e, dtype=np.int64)).astype(np.float64)
        bad = np.nonzero(np.abs(got - want) > rtol * np.abs(want))[0]
        if bad.size:
            k = int(bad[0])
            raise CheckError('%s: element %d is %r, expected %r' % (what, s + k, got[k], want[k]))


def k_fuse_hypot(ctx, p):
    n = p['n']
    a, b = ctx.input(n, 1), ctx.input(n, 2)

    def expr(x, y):
        return cp.sqrt(x * x + y * y) * 2 + 1

    def want(i):
        x, y = hash_values(i, 1).astype(np.float32), hash_values(i, 2).astype(np.float32)
        return np.sqrt(x * x + y * y) * np.float32(2) + np.float32(1)
    f, how = fuse_or_eager(expr, a[:1024], b[:1024])
    if how == 'cupy.fuse':
        check = lambda r: check_near(r, want, 2e-7, 'cupy.fuse sqrt(a*a+b*b)*2+1')
    else:
        check = lambda r: check_exact(r, want, 'sqrt(a*a+b*b)*2+1')
    return Prepared(lambda: f(a, b), check, note=how)


def k_fuse_sum(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)

    def expr(x):
        return cp.sum(cp.square(x - 250))
    want = ctx.once('fuseSum:%d' % n, lambda: float(sum(((hash_values(np.arange(s, min(n, s + (1 << 24)), dtype=np.int64), 1) - 250) ** 2).sum()
                                                        for s in range(0, n, 1 << 24))))
    f, how = fuse_or_eager(expr, a[:1024])
    return Prepared(lambda: f(a), lambda r: check_close(float(r), want, 1e-5, 'sum((a - 250)**2)'), note=how)


def k_sum_axis(ctx, p):
    m, axis = p['m'], p['axis']
    x = ctx.input(m * m, 1).reshape(m, m)
    _, rows, cols = ctx.once('sums:%d' % m, lambda: hash_sums(m, 1))
    want = cols if axis == 0 else rows

    def check(r):
        if r.shape != (m,):
            raise CheckError('sum axis %d: shape %s, expected (%d,)' % (axis, r.shape, m))
        got = cp.asnumpy(r).astype(np.float64)
        bad = np.nonzero(np.abs(got - want) > 1e-5 * np.abs(want))[0]
        if bad.size:
            j = int(bad[0])
            raise CheckError('sum axis %d, element %d: got %r, expected %r' % (axis, j, got[j], want[j]))
    return Prepared(lambda: cp.sum(x, axis=axis), check)


def k_array_equal(ctx, p):
    n = p['n']
    a, b = ctx.input(n, 1), ctx.input(n, 1, 1)

    # bool(): the result reaches Python (a sync and a 1-element download), as gpuarray's boolean does.
    def run():
        return bool(cp.array_equal(a, b))

    def check(r):
        if r is not True:
            raise CheckError('array_equal of equal arrays gave %r' % r)
        for i in (n - 1, (n >> 1) + 3):
            b[i] = -1
            diff = run()
            b[i] = float(hash_values(np.array([i]), 1)[0])
            if diff is not False:
                raise CheckError('array_equal missed a difference at element %d' % i)
    return Prepared(run, check, synchronous=True)


def k_arange(ctx, p):
    n = p['n']
    return Prepared(lambda: cp.arange(n, dtype=cp.float32), lambda r: check_exact(r, lambda i: i.astype(np.float64), 'arange'))


def k_copy(ctx, p):
    a = ctx.input(p['n'], 1)
    return Prepared(lambda: a.copy(), lambda r: check_exact(r, lambda i: hash_values(i, 1), 'copy'))


def k_upload(ctx, p):
    n = p['n']
    h = ctx.once('host:%d:1' % n, lambda: hash_host(n, 1))
    return Prepared(lambda: cp.asarray(h), lambda r: check_exact(r, lambda i: hash_values(i, 1), 'upload'))


def k_download(ctx, p):
    a = ctx.input(p['n'], 1)
    return Prepared(lambda: cp.asnumpy(a), lambda r: check_host(r, lambda i: hash_values(i, 1), 'download'))


def k_upload_pinned(ctx, p):
    import cupyx
    n = p['n']
    h = cupyx.empty_pinned((n,), dtype=np.float32)
    h[:] = ctx.once('host:%d:1' % n, lambda: hash_host(n, 1))
    return Prepared(lambda: cp.asarray(h), lambda r: check_exact(r, lambda i: hash_values(i, 1), 'pinned upload'))


def k_download_pinned(ctx, p):
    import cupyx
    n = p['n']
    a = ctx.input(n, 1)
    h = cupyx.empty_pinned((n,), dtype=np.float32)
    h.fill(np.nan)
    return Prepared(lambda: a.get(out=h), lambda r: check_host(r, lambda i: hash_values(i, 1), 'pinned download'))


def k_scalar_chain(ctx, p):
    # gpuarray runs the chain in gp.scope (its intermediates freed at the end); CuPy frees each by refcount.
    n, steps, runs = p['n'], p['ops'] // 2, p['runs']
    y0 = ctx.input(n, 1)

    def chain():
        y = y0
        for _ in range(steps):
            y = y * 0.99 + 0.01
        return y

    def measure():
        want = hash_values(np.arange(n), 1).astype(np.float32)
        for _ in range(steps):
            want = (want * np.float32(0.99)).astype(np.float32) + np.float32(0.01)
        got = cp.asnumpy(chain())
        if not np.array_equal(got, want.astype(np.float32)):
            raise CheckError('scalar chain: first wrong element %d' % int(np.argmax(got != want)))
        for _ in range(3):
            chain()
        sync()
        samples = []
        for _ in range(runs):
            t0 = now_ms()
            chain()
            sync()
            samples.append(now_ms() - t0)
        st = stats(samples)
        st['note'] = '%.2f µs per op' % (st['ms'] * 1000 / p['ops'])
        return st
    return Prepared(measure=measure)


LINALG_DT = {16: 'float16', 32: 'float32', 64: 'float64'}
LINALG_RTOL = {16: 5e-3, 32: 1e-4, 64: 1e-10}


def linalg_operand(ctx, count, shape, seed, bits):
    # As bench/linalg-kinds.ts: the hash input scaled by 1/512, cast once.
    x = ctx.input(count, seed) * np.float32(1 / 512)
    return x.astype(LINALG_DT[bits]).reshape(shape)


def check_product(r, a, b, bits, what):
    batched = a.ndim == 3
    m, n = a.shape[-2], b.shape[-1]
    for s in range(8):
        bi = (s * 977) % a.shape[0] if batched else None
        i, j = (s * 1237 + 5) % m, (s * 2671 + 3) % n
        pa, pb, pr = (a[bi], b[bi], r[bi]) if batched else (a, b, r)
        row = cp.asnumpy(pa[i]).astype(np.float64)
        col = cp.asnumpy(pb[:, j]).astype(np.float64)
        got = float(cp.asnumpy(pr[i, j]))
        want = float(row @ col)
        if not abs(got - want) <= LINALG_RTOL[bits] * abs(want):
            raise CheckError('%s [%s, %d]: got %r, expected %r' % (what, i, j, got, want))


def k_matmul(ctx, p):
    m, bits = p['m'], p['bits']
    a = linalg_operand(ctx, m * m, (m, m), 1, bits)
    b = linalg_operand(ctx, m * m, (m, m), 2, bits)
    return Prepared(lambda: cp.matmul(a, b), lambda r: check_product(r, a, b, bits, 'matmul'))


def k_einsum_gemm(ctx, p):
    m = p['m']
    a = linalg_operand(ctx, m * m, (m, m), 1, 32)
    b = linalg_operand(ctx, m * m, (m, m), 2, 32)
    return Prepared(lambda: cp.einsum('ij,jk->ik', a, b), lambda r: check_product(r, a, b, 32, 'einsum'))


def k_matmul_batched(ctx, p):
    batch, m = p['batch'], p['m']
    a = linalg_operand(ctx, batch * m * m, (batch, m, m), 1, 32)
    b = linalg_operand(ctx, batch * m * m, (batch, m, m), 2, 32)
    return Prepared(lambda: cp.matmul(a, b), lambda r: check_product(r, a, b, 32, 'batched matmul'))


def fft_input(ctx, n):
    # As bench/fft-kinds.ts: real and imaginary parts are two hash inputs.
    z = cp.empty(n, dtype=cp.complex64)
    z.real = ctx.input(n, 1)
    z.imag = ctx.input(n, 2)
    return z


def check_spectrum(r, x, what, samples):
    n = x.shape[-1]
    want = np.fft.fft(cp.asnumpy(x).astype(np.complex128))
    got = cp.asnumpy(r)
    rms = np.sqrt(np.sum(np.abs(want) ** 2) / n)
    for k in samples(n):
        if not abs(got[k] - want[k]) <= 1e-4 * max(rms, 1.0) * 2:
            raise CheckError('%s [%d]: got %r, expected %r' % (what, k, got[k], want[k]))


def k_fft1d(ctx, p):
    a = fft_input(ctx, p['n'])
    return Prepared(lambda: cp.fft.fft(a), lambda r: check_spectrum(r, a, 'fft', lambda n: [(s * 2654435761) % n for s in range(6)]))


def k_rfft2(ctx, p):
    m = p['m']
    a = ctx.input(m * m, 3).reshape(m, m)

    def check(r):
        want = np.fft.rfft(cp.asnumpy(a).astype(np.float64).sum(axis=0))
        got = cp.asnumpy(r[0])
        # float32 sums of m^2 values: errors up to eps * log2(m^2) times the L1 norm.
        scale = float(cp.abs(a).sum())
        for k in [(s * 977) % (m // 2 + 1) for s in range(4)]:
            if not abs(got[k] - want[k]) <= 2e-6 * scale:
                raise CheckError('rfft2 [0, %d]: got %r, expected %r' % (k, got[k], want[k]))
    return Prepared(lambda: cp.fft.rfft2(a), check)

def rng_kind(name, make, lo, hi, mean, var):
    def kind(ctx, p):
        n = p['n']
        g = cp.random.default_rng(19)

        def check(r):
            if r.size != n:
                raise CheckError('%s: size %d, expected %d' % (name, r.size, n))
            v = cp.asnumpy(r.ravel()[:min(n, 1 << 20)]).astype(np.float64)
            if not (np.all(v >= lo) and np.all(v <= hi)) or (hi == 1 and np.any(v == 1)):
                raise CheckError('%s: values outside [%r, %r)' % (name, lo, hi))
            m = v.size
            if abs(v.mean() - mean) > 6 * (var / m) ** 0.5 or abs(v.var() / var - 1) > 0.02:
                raise CheckError('%s: mean %r / variance %r' % (name, v.mean(), v.var()))
        return Prepared(lambda: make(g, n), check)
    return kind


k_rng_random = rng_kind('rngRandom', lambda g, n: g.random(n, dtype=cp.float32), 0, 1, 0.5, 1 / 12)
k_rng_normal = rng_kind('rngNormal', lambda g, n: g.standard_normal(n, dtype=cp.float32), -np.inf, np.inf, 0, 1)
k_rng_integers = rng_kind('rngIntegers', lambda g, n: g.integers(0, 1000, n, dtype=cp.int32), 0, 999, 499.5, (1000 * 1000 - 1) / 12)
k_rng_legacy_rand = rng_kind('rngLegacyRand', lambda g, n: cp.random.rand(n, dtype=cp.float32), 0, 1, 0.5, 1 / 12)


MASK_T = 250.125
GATHER_INDEX_BODY = """unsigned int h = (unsigned int)i * 2654435761u ^ seed;
h ^= h >> 15;
h *= 2246822519u;
h ^= h >> 13;
j = (long long)(h % (unsigned int)len)"""


def hash_index(idx, seed, n):
    with np.errstate(over='ignore'):
        h = (np.asarray(idx).astype(np.uint32) * np.uint32(2654435761)) ^ np.uint32(seed)
        h ^= h >> np.uint32(15)
        h *= np.uint32(2246822519)
        h ^= h >> np.uint32(13)
    return (h % np.uint32(n)).astype(np.int64)


def k_join(name):
    # cupy is imported in main(): look the function up when the workload is prepared.
    def make(ctx, p):
        n = p['n']
        fn = getattr(cp, name)
        a, b = ctx.input(n, 1), ctx.input(n, 2)
        return Prepared(lambda: fn([a, b]),
                        lambda r: check_exact(r, lambda i: np.where(i < n, hash_values(i, 1), hash_values(i - n, 2)), name))
    return make


ROLL_SHIFT = 12345  # bench/rearranging-kinds.ts


def k_tile(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)
    return Prepared(lambda: cp.tile(a, 2), lambda r: check_exact(r, lambda i: hash_values(i % n, 1), 'tile'))


def k_repeat(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)
    return Prepared(lambda: cp.repeat(a, 2), lambda r: check_exact(r, lambda i: hash_values(i // 2, 1), 'repeat'))


def k_flip_copy(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)
    return Prepared(lambda: cp.flip(a).copy(), lambda r: check_exact(r, lambda i: hash_values(n - 1 - i, 1), 'flip'))


def k_roll(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)
    return Prepared(lambda: cp.roll(a, ROLL_SHIFT), lambda r: check_exact(r, lambda i: hash_values((i - ROLL_SHIFT) % n, 1), 'roll'))


def k_pad(ctx, p):
    m = p['m']
    w = m + 2
    a = ctx.input(m * m, 1).reshape(m, m)

    def want(i):
        r, c = i // w, i % w
        inner = (r > 0) & (c > 0) & (r < w - 1) & (c < w - 1)
        return np.where(inner, hash_values(np.clip(r - 1, 0, m - 1) * m + np.clip(c - 1, 0, m - 1), 1), np.float32(0))
    return Prepared(lambda: cp.pad(a, 1), lambda r: check_exact(r, want, 'pad'))


def k_boolean_mask(ctx, p):
    n = p['n']
    x = ctx.input(n, 1)

    def check(r):
        sel = np.nonzero(hash_values(np.arange(n, dtype=np.int64), 1) > MASK_T)[0]
        if r.size != sel.size:
            raise CheckError('x[x > t]: %d elements, expected %d' % (r.size, sel.size))
        check_exact(r, lambda k: hash_values(sel[k], 1), 'x[x > t]')
    return Prepared(lambda: x[x > MASK_T], check)


def k_gather(ctx, p):
    n = p['n']
    x = ctx.input(n, 1)
    idx = cp.empty(n, dtype=cp.int64)
    cp.ElementwiseKernel('uint32 seed, int64 len', 'int64 j', GATHER_INDEX_BODY, 'bench_gather_index')(np.uint32(7), n, idx)
    return Prepared(lambda: x[idx], lambda r: check_exact(r, lambda i: hash_values(hash_index(i, 7, n), 1), 'x[idx]'))


def linalg_dominant(ctx, m, bits):
    # As bench/linalg-kinds.ts: the operand plus 2m on the diagonal.
    a = linalg_operand(ctx, m * m, (m, m), 1, bits)
    return a + cp.eye(m, dtype=LINALG_DT[bits]) * (2 * m)


def k_linalg_solve(ctx, p):
    m, bits = p['m'], p['bits']
    a = linalg_dominant(ctx, m, bits)
    b = linalg_operand(ctx, m, (m,), 2, bits)
    bh = cp.asnumpy(b).astype(np.float64)

    def check(x):
        for s in range(8):
            i = (s * 1237 + 5) % m
            got = float(cp.asnumpy(a[i]).astype(np.float64) @ cp.asnumpy(x).astype(np.float64))
            check_close(got, float(bh[i]), LINALG_RTOL[bits], 'solve (A x)[%d]' % i)
    return Prepared(lambda: cp.linalg.solve(a, b), check)


def k_linalg_inv(ctx, p):
    m, bits = p['m'], p['bits']
    a = linalg_dominant(ctx, m, bits)

    def check(x):
        for s in range(8):
            i = (s * 1237 + 5) % m
            j = i if s % 2 == 0 else (s * 2671 + 3) % m
            got = float(cp.asnumpy(a[i]).astype(np.float64) @ cp.asnumpy(x[:, j]).astype(np.float64))
            want = 1.0 if i == j else 0.0
            if not abs(got - want) <= LINALG_RTOL[bits] * 10:
                raise CheckError('inv: (A inv(A))[%d, %d] = %r, expected %r' % (i, j, got, want))
    return Prepared(lambda: cp.linalg.inv(a), check)

def check_sorted_head(v, what):
    v = np.asarray(v)
    bad = np.nonzero(v[1:] < v[:-1])[0]
    if bad.size:
        raise CheckError('%s: element %d is below its predecessor' % (what, int(bad[0]) + 1))


def k_sort(ctx, p):
    a = ctx.input(p['n'], 1)
    return Prepared(lambda: cp.sort(a), lambda r: check_sorted_head(cp.asnumpy(r[:1 << 16]), 'sort'))


def k_argsort(ctx, p):
    a = ctx.input(p['n'], 1)

    def check(r):
        idx = cp.asnumpy(r[:1 << 16]).astype(np.int64)
        check_sorted_head(hash_values(idx, 1), 'argsort')
    return Prepared(lambda: cp.argsort(a), check)


def k_median(ctx, p):
    a = ctx.input(p['n'], 1)

    def check(r):
        m = float(r)
        if not (240 <= m <= 260):
            raise CheckError('median %r is not plausible' % m)
    return Prepared(lambda: cp.median(a), check)


def k_cumsum(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)

    def check(r):
        head = cp.asnumpy(r[:4096]).astype(np.float64)
        want = np.cumsum(hash_values(np.arange(4096, dtype=np.int64), 1))
        if np.any(np.abs(head - want) > 1e-6 * want):
            raise CheckError('cumsum head differs')
    return Prepared(lambda: cp.cumsum(a), check)


def k_unique(ctx, p):
    a = ctx.input(p['n'], 1).astype(cp.int32)

    def check(r):
        want = np.unique(hash_values(np.arange(min(p['n'], 1 << 20), dtype=np.int64), 1).astype(np.int32))
        if not np.array_equal(cp.asnumpy(r), want):
            raise CheckError('unique differs')
    return Prepared(lambda: cp.unique(a), check)


def k_histogram(ctx, p):
    n = p['n']
    a = ctx.input(n, 1)

    def check(r):
        if int(cp.asnumpy(r[0]).sum()) != n:
            raise CheckError('histogram total differs')
    return Prepared(lambda: cp.histogram(a, p['bins'], range=(0, 500)), check)


KINDS = {
    'fft1d': k_fft1d, 'rfft2': k_rfft2,
    'linalgSolve': k_linalg_solve, 'linalgInv': k_linalg_inv,
    'matmul': k_matmul, 'einsumGemm': k_einsum_gemm, 'matmulBatched': k_matmul_batched,
    'tile': k_tile, 'repeat': k_repeat, 'flipCopy': k_flip_copy, 'roll': k_roll, 'pad': k_pad,
    'concatenate': k_join('concatenate'), 'stack': k_join('stack'), 'booleanMask': k_boolean_mask, 'gather': k_gather,
    'add': k_add, 'addRow': k_add_row, 'addTransposed': k_add_transposed, 'smallAdd': k_small_add,
    'rawSmall': k_raw_small, 'ekSmall': k_ek_small, 'ekCold': k_ek_cold, 'ekWarm': k_ek_warm,
    'ekFirst': k_ek_first, 'saxpy': k_saxpy, 'sum': k_sum, 'sumAxis': k_sum_axis,
    'arrayEqual': k_array_equal, 'arange': k_arange, 'copy': k_copy, 'upload': k_upload, 'download': k_download,
    'uploadPinned': k_upload_pinned, 'downloadPinned': k_download_pinned, 'scalarChain': k_scalar_chain,
    'rngRandom': k_rng_random, 'rngNormal': k_rng_normal, 'rngIntegers': k_rng_integers, 'rngLegacyRand': k_rng_legacy_rand,
    'fuseHypot': k_fuse_hypot, 'fuseSum': k_fuse_sum,
    'sort': k_sort, 'argsort': k_argsort, 'median': k_median, 'cumsum': k_cumsum, 'unique': k_unique, 'histogram': k_histogram,
}


def measure(ctx, clock, w, reps):
    p = None
    try:
        make = KINDS.get(w['kind'])
        if make is None:
            raise NotAvailable('no CuPy version of kind %r' % w['kind'])
        p = make(ctx, w['params'])
        if w['how'] == 'custom':
            st = p.measure()
        else:
            first = p.run()
            sync()
            p.check(first)
            del first
            run = p.run
            if w['how'] == 'device':
                st = clock.time(run, reps, synchronous=p.synchronous)
            elif w['how'] == 'issue':
                st = rate(run, 2000, reps, False)
            elif w['how'] == 'synced':
                st = rate(run, 500, reps, True)
            elif w['how'] == 'host-best':
                st = best_of(run)
            else:
                raise NotAvailable('unknown timing %r' % w['how'])
        if p.note:
            st['note'] = '%s; %s' % (p.note, st['note']) if st.get('note') else p.note
        return {'status': 'ok', 'ms': st['ms'], 'stats': st}
    except NotAvailable as e:
        return {'status': 'n/a', 'message': str(e)}
    except CheckError as e:
        return {'status': 'wrong', 'message': str(e)}
    except Exception as e:  # one workload's failure must not stop the others
        return {'status': 'error', 'message': ('%s: %s' % (type(e).__name__, e)).splitlines()[0]}
    finally:
        if p is not None and p.teardown:
            p.teardown()


def sizes_of(w):
    p = w['params']
    out = {p[k] for k in ('n', 'm') if k in p}
    if 'm' in p:
        out.add(p['m'] * p['m'])
    return out


def version(v):
    return '%d.%d' % (v // 1000, (v % 1000) // 10)


def first_call_child(n, name):
    """Child mode: time the first call of a new ElementwiseKernel in this fresh process."""
    global cp
    try:
        t0 = now_ms()
        import cupy
        cp = cupy
        t1 = now_ms()
        x = cp.asarray(hash_host(n, 1))
        y = cp.asarray(hash_host(n, 2))
        sync()
        t2 = now_ms()
        k = cp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x * 2.0f + y', name)
        z = k(x, y)
        sync()
        t3 = now_ms()
        got = cp.asnumpy(z)
        want = (2 * hash_values(np.arange(n), 1) + hash_values(np.arange(n), 2)).astype(np.float32)
        bad = np.nonzero(got != want)[0]
        error = None if not bad.size else 'element %d is %r, expected %r' % (bad[0], float(got[bad[0]]), float(want[bad[0]]))
        print(json.dumps({'ok': error is None, 'error': error, 'importMs': t1 - t0, 'deviceMs': t2 - t1, 'firstCallMs': t3 - t2}))
    except Exception as e:
        print(json.dumps({'ok': False, 'error': '%s: %s' % (type(e).__name__, e)}))


def main():
    global cp
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--spec', help='JSON file {reps, workloads: [{name, kind, params, how}]} (npm run bench writes it)')
    ap.add_argument('--reps', type=int, default=20)
    ap.add_argument('--first-call-child', type=int, metavar='N', help=argparse.SUPPRESS)
    ap.add_argument('--kernel-name', default='bench_first_call', help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.first_call_child is not None:
        first_call_child(args.first_call_child, args.kernel_name)
        return

    import cupy
    cp = cupy
    if args.spec:
        with open(args.spec) as f:
            spec = json.load(f)
        reps, workloads = spec.get('reps', args.reps), spec['workloads']
    else:
        reps = args.reps
        workloads = [{'name': n, 'kind': k, 'params': p, 'how': h} for n, k, p, h in DEFAULT_WORKLOADS]

    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
    name = props['name']
    versions = {
        'CuPy': cp.__version__,
        'CUDA runtime': version(cp.cuda.runtime.runtimeGetVersion()),
        'driver': version(cp.cuda.runtime.driverGetVersion()),
        'NVRTC': '%d.%d' % cp.cuda.nvrtc.getVersion(),
        'NumPy': np.__version__,
        'Python': sys.version.split()[0],
        'device': name.decode() if isinstance(name, bytes) else str(name),
    }
    ctx = Ctx()
    clock = EventClock()
    results = {}
    for idx, w in enumerate(workloads):
        m = measure(ctx, clock, w, max(MIN_REPS, reps))
        results[w['name']] = m
        log('  %s: %s' % (w['name'], '%.4f ms' % m['ms'] if m['status'] == 'ok' else '%s %s' % (m['status'], m.get('message', ''))))
        later = set().union(*[sizes_of(x) for x in workloads[idx + 1:]]) if idx + 1 < len(workloads) else set()
        ctx.release(lambda n: n in later)
    print(json.dumps({'versions': versions, 'results': results}))


if __name__ == '__main__':
    main()
