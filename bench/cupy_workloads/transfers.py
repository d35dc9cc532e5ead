"""CuPy kinds: creation, device copies, transfers and eager scalar ops in a loop (#3, #22)."""
import numpy as np

from .common import CheckError, now_ms, sync, hash_values, hash_host, check_exact, check_host, Prepared
from .clocks import stats

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it


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
        for _ in range(p['warmup']):
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
