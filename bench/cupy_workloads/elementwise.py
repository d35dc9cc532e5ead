"""CuPy kinds: element-wise adds (#4), a raw kernel (#7), ElementwiseKernel calls and first calls
in fresh processes (#2, #5), SAXPY."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

from .common import CheckError, now_ms, sync, hash_values, check_exact, sum2, poison, Prepared
from .clocks import stats

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it

SMALL_ADD_SRC = r'''extern "C" __global__ void bench_small_add(const float* x, const float* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
'''
# The entry script, which is also the first-call child.
ENTRY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'cupy_baseline.py')


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
                    r = subprocess.run([sys.executable, ENTRY, '--first-call-child', str(n), '--kernel-name', name],
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
