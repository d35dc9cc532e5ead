"""CuPy kinds: sums, fused expressions (#21), axis sums and array_equal (#6)."""
import numpy as np

from .common import CheckError, sync, hash_values, check_windows, check_exact, check_close, hash_sums, Prepared

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it


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
