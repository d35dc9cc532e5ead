// Shared test helpers: run a suite on every available backend, and build host references.
import { availableDeviceSpecs, useDevice } from '../lib/index.js';

/**
 * The devices the suites run on: every available one, or those of them listed in
 * GPUARRAY_TEST_DEVICES (comma-separated specs, e.g. `cuda:0` for the GPU half of the suite alone).
 */
export const DEVICE_SPECS = ((only) => {
  const all = availableDeviceSpecs();
  if (!only) return all;
  const wanted = only.split(',').map((s) => s.trim());
  return all.filter((s) => wanted.includes(s));
})(process.env.GPUARRAY_TEST_DEVICES);

/** describe() once per available device (cpu always; cuda:0 on a GPU host), with it current. */
export function describeEachDevice(title: string, body: (spec: string) => void): void {
  for (const spec of DEVICE_SPECS) {
    describe(`${title} [${spec}]`, function () {
      before(() => {
        useDevice(spec);
      });
      body(spec);
    });
  }
}

/** A deterministic pseudo-random generator (mulberry32), so failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The PerformanceWarning messages emitted while `fn` runs (Node delivers them on a later tick). */
export async function warningsDuring(fn: () => void): Promise<string[]> {
  const seen: string[] = [];
  const listener = (w: Error) => {
    if (w.name === 'PerformanceWarning') seen.push(w.message);
  };
  process.on('warning', listener);
  try {
    fn();
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('warning', listener);
  }
  return seen;
}
