#!/usr/bin/env python3
"""CuPy beside bench/probes/graph-probe.ts: the same chain of 100 small adds (1000 float32) eagerly
and as a cupy.cuda.Graph (stream.begin_capture / end_capture), and two 4 ms spin kernels on two
streams. Same clocks (host perf_counter, CUDA events), medians of 51 runs after a warm-up.
Prints one JSON object on its last line; progress on stderr."""
import json
import sys
import time

import cupy as cp

OPS = 100
N = 1000
REPS = 51

SPIN = r'''
extern "C" __global__ void gpa_probe_spin(unsigned long long ns, int* done) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  *done = 1;
}
'''


def median(xs):
    return sorted(xs)[len(xs) // 2]


def now_us():
    return time.perf_counter() * 1e6


x = cp.arange(N, dtype=cp.float32)
b = cp.ones(N, dtype=cp.float32)


def chain():
    y = x
    for _ in range(OPS):
        y = y + b
    return y


def check(y, what):
    h = cp.asnumpy(y)
    for i in range(0, N, 97):
        if h[i] != i + OPS:
            raise SystemExit(f'{what}: element {i} is {h[i]}, expected {i + OPS}')


def measure(run, ops, stream):
    for _ in range(5):
        run()
    cp.cuda.Device().synchronize()
    issue, drained, device = [], [], []
    for _ in range(REPS):
        e0 = cp.cuda.Event()
        e1 = cp.cuda.Event()
        e0.record(stream)
        t0 = now_us()
        run()
        t1 = now_us()
        e1.record(stream)
        cp.cuda.Device().synchronize()
        t2 = now_us()
        issue.append((t1 - t0) / ops)
        drained.append((t2 - t0) / ops)
        device.append(cp.cuda.get_elapsed_time(e0, e1) * 1e3 / ops)
    return median(issue), median(drained), median(device)


out = {'version': cp.__version__}
null = cp.cuda.Stream.null
out['eager_issue_us'], out['eager_drained_us'], out['eager_device_us'] = measure(chain, OPS, null)
check(chain(), 'eager')

s = cp.cuda.Stream(non_blocking=True)
with s:
    chain()  # warm-up on the capture stream
    s.synchronize()
    s.begin_capture()
    y = chain()
    g = s.end_capture()
g.launch(s)
s.synchronize()
check(y, 'graph replay')
print('graph captured', file=sys.stderr)
out['graph_issue_us'], out['graph_drained_us'], out['graph_device_us'] = measure(lambda: g.launch(s), OPS, s)


def batch():
    for _ in range(20):
        g.launch(s)


out['graph_batch_us'] = measure(batch, 20 * OPS, s)[1]

spin = cp.RawKernel(SPIN, 'gpa_probe_spin')
f0 = cp.zeros(1, dtype=cp.int32)
f1 = cp.zeros(1, dtype=cp.int32)
s1 = cp.cuda.Stream(non_blocking=True)
s2 = cp.cuda.Stream(non_blocking=True)
ns = cp.uint64(4_000_000)
with s1:
    spin((1,), (1,), (ns, f0))
cp.cuda.Device().synchronize()
one, two = [], []
for _ in range(11):
    t0 = now_us()
    with s1:
        spin((1,), (1,), (ns, f0))
    s1.synchronize()
    one.append((now_us() - t0) / 1e3)
    t0 = now_us()
    with s1:
        spin((1,), (1,), (ns, f0))
    with s2:
        spin((1,), (1,), (ns, f1))
    s1.synchronize()
    s2.synchronize()
    two.append((now_us() - t0) / 1e3)
if int(f0.get()[0]) != 1 or int(f1.get()[0]) != 1:
    raise SystemExit('spin kernels did not run')
out['one_ms'] = median(one)
out['two_ms'] = median(two)
print(json.dumps(out))
