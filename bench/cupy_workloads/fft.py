"""CuPy kinds: FFTs (#20), as bench/fft-kinds.ts."""
import numpy as np

from .common import CheckError, Prepared

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it


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
