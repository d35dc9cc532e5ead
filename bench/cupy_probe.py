# Quick CuPy numbers on the same card, for the probe.
import time, cupy as cp
def ev(f, reps=20):
    f(); s, e = cp.cuda.Event(), cp.cuda.Event(); ts = []
    for _ in range(reps):
        s.record(); f(); e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    ts.sort(); return ts[len(ts)//2]
N = 256*1024*1024
A = cp.arange(N, dtype=cp.float32); B = cp.full(N, 2, dtype=cp.float32); C = cp.empty(N, dtype=cp.float32)
print('cupy add 256M ms %.3f' % ev(lambda: cp.add(A, B, out=C)))
print('cupy arange ms %.3f' % ev(lambda: cp.arange(N, dtype=cp.float32)))
print('cupy copy ms %.3f' % ev(lambda: A.copy()))
M = 16384
X = cp.arange(M*M, dtype=cp.float32).reshape(M, M); row = cp.arange(M, dtype=cp.float32); Y = cp.empty((M, M), cp.float32)
print('cupy row bcast ms %.3f' % ev(lambda: cp.add(X, row, out=Y)))
print('cupy transposed ms %.3f' % ev(lambda: cp.add(X, X.T, out=Y)))
a = cp.arange(1000, dtype=cp.float32); b = cp.arange(1000, dtype=cp.float32)
for _ in range(2000): a + b
cp.cuda.Device().synchronize(); t = time.perf_counter()
for _ in range(20000): a + b
cp.cuda.Device().synchronize(); print('cupy small add us/op %.2f' % ((time.perf_counter()-t)/20000*1e6))
t = time.perf_counter()
for _ in range(5000): a + b; cp.cuda.Device().synchronize()
print('cupy small synced us/op %.2f' % ((time.perf_counter()-t)/5000*1e6))
