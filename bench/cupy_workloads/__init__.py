"""The workloads of bench/cupy_baseline.py: the CuPy twins of bench/workloads.ts's kinds, their inputs,
checks and clocks. cupy itself is imported late, by the entry (its first-call child times the import):
bind() then hands the module to every part."""
from . import clocks, common, elementwise, fft, indexing, linalg, reductions, rng, sorting, transfers


def bind(cupy):
    for m in (clocks, common, elementwise, fft, indexing, linalg, reductions, rng, sorting, transfers):
        m.cp = cupy
