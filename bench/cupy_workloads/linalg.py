"""CuPy kinds: matrix products and dense solvers (#16), as bench/linalg-kinds.ts."""
import numpy as np

from .common import CheckError, check_close, Prepared

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it

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


def k_linalg_eig(ctx, p):
    # As bench/linalg-kinds.ts: the operand (not symmetric); sampled pairs A v = w v in float64.
    m, bits = p['m'], p['bits']
    a = linalg_operand(ctx, m * m, (m, m), 1, bits)
    ah = cp.asnumpy(a).astype(np.float64)

    def check(r):
        w, v = (cp.asnumpy(x).astype(np.complex128) for x in r)
        for s in range(4):
            j = (s * 2671 + 3) % m
            worst = float(np.abs(ah @ v[:, j] - w[j] * v[:, j]).max())
            if not worst <= LINALG_RTOL[bits] * m:
                raise CheckError('eig: |A v - w v| = %r for eigenpair %d' % (worst, j))
    return Prepared(lambda: cp.linalg.eig(a), check)
