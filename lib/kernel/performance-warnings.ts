// Numba's performance warnings, with its wording, through Node's process warnings
// (`(node:PID) PerformanceWarning: ...` on stderr; `process.on('warning')` sees them).
// Like Python's default warning filter, each distinct message is shown once per process, so a
// launch in a loop warns once, not a million times. GPUARRAY_PERFORMANCE_WARNINGS=0 silences them
// (read when gpuarray loads and again by resetPerformanceWarnings(): process.env is too slow to
// read on every launch).
import type { LaunchHints } from '../device/backend-parts.js';

export const PERFORMANCE_WARNING = 'PerformanceWarning';

/** Numba's CUDA_LOW_OCCUPANCY_GRID_SIZE: grids below this many blocks are warned about. */
export const LOW_OCCUPANCY_GRID = 128;

const shown = new Set<string>();
const shownGrids = new Set<number>();
const readEnv = () => process.env.GPUARRAY_PERFORMANCE_WARNINGS !== '0';
let enabled = readEnv();

export function performanceWarningsEnabled(): boolean {
  return enabled;
}

/** Emit `message` as a PerformanceWarning unless it was shown before or warnings are off. */
export function warnPerformance(message: string): void {
  if (!enabled || shown.has(message)) return;
  shown.add(message);
  process.emitWarning(message, PERFORMANCE_WARNING);
}

// gpuarray's own routines launch small grids on purpose (a scan's one-block pass): no warning for them.
let quietLaunches = 0;

/** Run f with the low-occupancy warning off (library-internal launches). */
export function withoutOccupancyWarning<T>(f: () => T): T {
  quietLaunches++;
  try {
    return f();
  } finally {
    quietLaunches--;
  }
}

/**
 * Called on every launch: a cheap number test, the message is only built the first time. The cpu
 * backend runs blocks on a few cores (serialThreads), where a small grid costs nothing: no warning there.
 */
export function checkOccupancy(gridSize: number, hints: LaunchHints): void {
  if (gridSize >= LOW_OCCUPANCY_GRID || !enabled || hints.serialThreads || quietLaunches > 0 || shownGrids.has(gridSize)) return;
  shownGrids.add(gridSize);
  warnPerformance(`Grid size ${gridSize} will likely result in GPU under-utilization due to low occupancy.`);
}

export function warnHostArrayCopy(): void {
  warnPerformance('Host array used in CUDA kernel will incur copy overhead to/from device.');
}

/** Forget what was shown and read GPUARRAY_PERFORMANCE_WARNINGS again (tests, and programs that want every warning again). */
export function resetPerformanceWarnings(): void {
  shown.clear();
  shownGrids.clear();
  enabled = readEnv();
}
