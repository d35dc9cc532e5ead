"""The clocks of the CuPy baseline (the twins of bench/timing.ts)."""
import numpy as np

from .common import MIN_REPS, now_ms, sync

cp = None  # the cupy module, set by bind() (package __init__) once the entry has imported it

SPIN_SOURCE = r'''
extern "C" __global__ void gpa_bench_spin(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}
'''


def stats(samples, pick='median', note=None):
    s = sorted(samples)
    mid = len(s) >> 1
    median = s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
    out = {'ms': median if pick == 'median' else s[0], 'medianMs': median, 'minMs': s[0], 'maxMs': s[-1], 'samples': list(samples)}
    if note:
        out['note'] = note
    return out


class EventClock:
    """CUDA events on the null stream, the host's issue time hidden behind a GPU spin kernel."""

    def __init__(self):
        self.start = cp.cuda.Event()
        self.end = cp.cuda.Event()
        self.spin_error = None
        try:
            self.spin = cp.RawKernel(SPIN_SOURCE, 'gpa_bench_spin')
            self.spin((1,), (1,), (np.uint64(1000),))
            sync()
        except Exception as e:  # then the host's issue time stays in the interval, and the note says so
            self.spin = None
            self.spin_error = ('%s: %s' % (type(e).__name__, e)).splitlines()[0]

    def time(self, f, reps, warmup=3, synchronous=False):
        issue = 0.0
        for _ in range(warmup):
            t0 = now_ms()
            f()
            issue = max(issue, now_ms() - t0)
            sync()
        # A synchronous call queues its kernels at once and then waits: a short spin covers that.
        spin_ms = 0.2 if synchronous else min(50.0, max(0.1, 3 * issue))
        samples = []
        exposed = 0
        for _ in range(max(MIN_REPS, reps)):
            if self.spin is not None:
                self.spin((1,), (1,), (np.uint64(int(spin_ms * 1e6)),))
            self.start.record()
            f()
            # Still spinning when the call returns: all of it was queued before the GPU got there.
            if self.spin is not None and not synchronous and self.start.done:
                exposed += 1
            self.end.record()
            self.end.synchronize()
            samples.append(cp.cuda.get_elapsed_time(self.start, self.end))
        if self.spin is None:
            return stats(samples, note='host issue time included: no spin kernel (%s)' % self.spin_error)
        note = ('the GPU reached the call before the host had queued it in %d of %d runs (its host time may be included)' % (exposed, len(samples))) if exposed else None
        return stats(samples, note=note)


def rate(f, batch, batches, synced):
    def once():
        t0 = now_ms()
        if synced:
            for _ in range(batch):
                f()
                sync()
        else:
            for _ in range(batch):
                f()
            sync()
        return (now_ms() - t0) / batch
    once()
    return stats([once() for _ in range(max(MIN_REPS, batches))])


def best_of(f, n=7):
    f()
    sync()
    samples = []
    for _ in range(n):
        t0 = now_ms()
        r = f()
        sync()
        samples.append(now_ms() - t0)
        del r
    return stats(samples, pick='min')
