#!/usr/bin/env python3
"""CuPy baseline of the gpuarray benchmark.

The workloads of bench/workloads.ts in CuPy: the same kinds, sizes and inputs, the same checks
before timing and the same clocks (CUDA events with the host's issue time hidden behind a GPU
spin kernel, median of >= 10 runs after a warm-up; host clocks for issue rates, transfers and
first calls). `npm run bench` runs it as `python3 bench/cupy_baseline.py --spec FILE` with its own
workload list; alone it runs DEFAULT_WORKLOADS. Prints one JSON object on stdout (progress on
stderr): {"versions": {...}, "results": {name: {"status", "ms", "stats" | "message"}}}.

Also its own child for the cold / warm-disk compile workloads: --first-call-child N.
"""
import argparse
import json
import sys

import numpy as np

from cupy_workloads import bind
from cupy_workloads.clocks import EventClock, best_of, rate
from cupy_workloads.common import MIN_REPS, CheckError, Ctx, NotAvailable, hash_host, hash_values, log, now_ms, sync
from cupy_workloads.defaults import DEFAULT_WORKLOADS
from cupy_workloads.kinds import KINDS

cp = None  # imported in main(): the first-call child times the import apart from the call


def measure(ctx, clock, w, reps):
    p = None
    try:
        make = KINDS.get(w['kind'])
        if make is None:
            raise NotAvailable('no CuPy version of kind %r' % w['kind'])
        p = make(ctx, w['params'])
        if w['how'] == 'custom':
            st = p.measure()
        else:
            first = p.run()
            sync()
            p.check(first)
            del first
            run = p.run
            if w['how'] == 'device':
                st = clock.time(run, reps, synchronous=p.synchronous)
            elif w['how'] == 'issue':
                st = rate(run, 2000, reps, False)
            elif w['how'] == 'synced':
                st = rate(run, 500, reps, True)
            elif w['how'] == 'host-best':
                st = best_of(run)
            else:
                raise NotAvailable('unknown timing %r' % w['how'])
        if p.note:
            st['note'] = '%s; %s' % (p.note, st['note']) if st.get('note') else p.note
        return {'status': 'ok', 'ms': st['ms'], 'stats': st}
    except NotAvailable as e:
        return {'status': 'n/a', 'message': str(e)}
    except CheckError as e:
        return {'status': 'wrong', 'message': str(e)}
    except Exception as e:  # one workload's failure must not stop the others
        return {'status': 'error', 'message': ('%s: %s' % (type(e).__name__, e)).splitlines()[0]}
    finally:
        if p is not None and p.teardown:
            p.teardown()


def sizes_of(w):
    p = w['params']
    out = {p[k] for k in ('n', 'm') if k in p}
    if 'm' in p:
        out.add(p['m'] * p['m'])
    return out


def version(v):
    return '%d.%d' % (v // 1000, (v % 1000) // 10)


def first_call_child(n, name):
    """Child mode: time the first call of a new ElementwiseKernel in this fresh process."""
    global cp
    try:
        t0 = now_ms()
        import cupy
        cp = cupy
        bind(cupy)
        t1 = now_ms()
        x = cp.asarray(hash_host(n, 1))
        y = cp.asarray(hash_host(n, 2))
        sync()
        t2 = now_ms()
        k = cp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x * 2.0f + y', name)
        z = k(x, y)
        sync()
        t3 = now_ms()
        got = cp.asnumpy(z)
        want = (2 * hash_values(np.arange(n), 1) + hash_values(np.arange(n), 2)).astype(np.float32)
        bad = np.nonzero(got != want)[0]
        error = None if not bad.size else 'element %d is %r, expected %r' % (bad[0], float(got[bad[0]]), float(want[bad[0]]))
        print(json.dumps({'ok': error is None, 'error': error, 'importMs': t1 - t0, 'deviceMs': t2 - t1, 'firstCallMs': t3 - t2}))
    except Exception as e:
        print(json.dumps({'ok': False, 'error': '%s: %s' % (type(e).__name__, e)}))


def main():
    global cp
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--spec', help='JSON file {reps, workloads: [{name, kind, params, how}]} (npm run bench writes it)')
    ap.add_argument('--reps', type=int, default=20)
    ap.add_argument('--first-call-child', type=int, metavar='N', help=argparse.SUPPRESS)
    ap.add_argument('--kernel-name', default='bench_first_call', help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.first_call_child is not None:
        first_call_child(args.first_call_child, args.kernel_name)
        return

    import cupy
    cp = cupy
    bind(cupy)
    if args.spec:
        with open(args.spec) as f:
            spec = json.load(f)
        reps, workloads = spec.get('reps', args.reps), spec['workloads']
    else:
        reps = args.reps
        workloads = [{'name': n, 'kind': k, 'params': p, 'how': h} for n, k, p, h in DEFAULT_WORKLOADS]

    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
    name = props['name']
    versions = {
        'CuPy': cp.__version__,
        'CUDA runtime': version(cp.cuda.runtime.runtimeGetVersion()),
        'driver': version(cp.cuda.runtime.driverGetVersion()),
        'NVRTC': '%d.%d' % cp.cuda.nvrtc.getVersion(),
        'NumPy': np.__version__,
        'Python': sys.version.split()[0],
        'device': name.decode() if isinstance(name, bytes) else str(name),
    }
    ctx = Ctx()
    clock = EventClock()
    results = {}
    for idx, w in enumerate(workloads):
        m = measure(ctx, clock, w, max(MIN_REPS, reps))
        results[w['name']] = m
        log('  %s: %s' % (w['name'], '%.4f ms' % m['ms'] if m['status'] == 'ok' else '%s %s' % (m['status'], m.get('message', ''))))
        later = set().union(*[sizes_of(x) for x in workloads[idx + 1:]]) if idx + 1 < len(workloads) else set()
        ctx.release(lambda n: n in later)
    print(json.dumps({'versions': versions, 'results': results}))


if __name__ == '__main__':
    main()