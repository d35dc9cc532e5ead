"""CuPy kinds: joins, rearranging routines, the boolean mask and the gather (#17)."""
import numpy as np

from .common import CheckError, hash_values, check_exact, Prepared

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it

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
