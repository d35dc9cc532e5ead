"""CuPy kinds: sorting, order statistics, scans, sets and counting (#18)."""
import numpy as np

from .common import CheckError, hash_values, Prepared

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it


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
