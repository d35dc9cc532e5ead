#!/usr/bin/env python3
"""CuPy's side of bench/probes/nccl-probe.ts, measured the same way in its own process.

All-reduce (sum) of one float32 array per GPU over the first two GPUs, in place, with
cupy.cuda.nccl.NcclCommunicator.initAll and one group call per iteration on each device's legacy
default stream; CUDA events on both devices around each call, the slower device's time counts;
median of REPS after WARMUP. Then a peer copy of the same size each way (cudaMemcpyPeerAsync
through MemoryPointer.copy_from_device, peer access enabled both ways), timed on the destination.
Prints one JSON line: {"versions": {...}, "allreduce_ms": [...], "peer_ms": {"0->1": [...], ...}}.
"""
import json
import sys

import cupy as cp
from cupy.cuda import nccl, runtime

BYTES = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 30
WARMUP, REPS = 3, 10
N = BYTES // 4
DEVS = [0, 1]


def events():
    out = []
    for d in DEVS:
        with cp.cuda.Device(d):
            out.append((cp.cuda.Event(), cp.cuda.Event()))
    return out


def main():
    comms = nccl.NcclCommunicator.initAll(DEVS)
    xs = []
    for d in DEVS:
        with cp.cuda.Device(d):
            xs.append(cp.ones(N, dtype=cp.float32))
    for d in DEVS:
        cp.cuda.Device(d).synchronize()

    def allreduce():
        nccl.groupStart()
        for c, x in zip(comms, xs):
            with cp.cuda.Device(c.device_id()):
                c.allReduce(x.data.ptr, x.data.ptr, N, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, cp.cuda.Stream.null.ptr)
        nccl.groupEnd()

    for _ in range(WARMUP):
        allreduce()
    times = []
    ev = events()
    for _ in range(REPS):
        for d in DEVS:
            cp.cuda.Device(d).synchronize()
        for d, (s, _) in zip(DEVS, ev):
            with cp.cuda.Device(d):
                s.record()
        allreduce()
        for d, (_, e) in zip(DEVS, ev):
            with cp.cuda.Device(d):
                e.record()
        for _, e in ev:
            e.synchronize()
        times.append(max(cp.cuda.get_elapsed_time(s, e) for s, e in ev))
    want = float(2 ** (WARMUP + REPS))
    got = [float(x[:4].get()[0]) for x in xs]
    if any(g != want for g in got):
        raise SystemExit(f'all-reduce check failed: {got} != {want}')

    for a, b in [(0, 1), (1, 0)]:
        with cp.cuda.Device(a):
            try:
                runtime.deviceEnablePeerAccess(b)
            except runtime.CUDARuntimeError:
                pass  # already enabled, or no peer access (then the copy is staged)
    peer = {}
    for src, dst in [(0, 1), (1, 0)]:
        s_arr = xs[src]
        with cp.cuda.Device(dst):
            d_arr = cp.empty_like(xs[dst])
            start, end = cp.cuda.Event(), cp.cuda.Event()
            ts = []
            for i in range(WARMUP + REPS):
                cp.cuda.Device(src).synchronize()
                cp.cuda.Device(dst).synchronize()
                start.record()
                d_arr.data.copy_from_device(s_arr.data, BYTES)
                end.record()
                end.synchronize()
                if i >= WARMUP:
                    ts.append(cp.cuda.get_elapsed_time(start, end))
        peer[f'{src}->{dst}'] = ts
    versions = {'cupy': cp.__version__, 'nccl': nccl.get_version(), 'cuda_runtime': runtime.runtimeGetVersion()}
    print(json.dumps({'versions': versions, 'allreduce_ms': times, 'peer_ms': peer, 'can_access_peer': runtime.deviceCanAccessPeer(0, 1)}))


if __name__ == '__main__':
    main()
