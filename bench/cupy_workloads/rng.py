"""CuPy kinds: random fills (#19)."""
import numpy as np

from .common import CheckError, Prepared

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it


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
