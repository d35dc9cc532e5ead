"""Inputs, checks and the workload context of the CuPy baseline (the twins of bench/data.ts)."""
import sys
import time

import numpy as np

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it

HASH_BODY = '\n'.join([
    'unsigned int h = (unsigned int)i * 2654435761u ^ seed;',
    'h ^= h >> 15;',
    'h *= 2246822519u;',
    'h ^= h >> 13;',
    'x = (float)(h % 2000u) * 0.25f + 0.25f',
])

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
