// numpy.mgrid and numpy.ogrid, NumPy's nd_grid: dense (mgrid) or open (ogrid) grids of ranges
// given as slices. JS has no slice syntax, so each range is a 'start:stop:step' string (a step
// ending in 'j' is a count of points, stop included: '0:1:5j'), a `{start, stop, step}` object
// (a count as a string '5j'), or a stop alone. NumPy's arithmetic: indices times step plus start,
// integer when every bound and step is.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { arange } from './creation.js';
import { indices } from './matrices.js';
import { stack } from './joining.js';
import { ufuncFunctions as U } from './ufunc-api.js';
import { shown } from '../util/options.js';

/** One range of mgrid/ogrid: 'start:stop:step' ('5j' as step: 5 points), {start, stop, step}, or a stop. */
export type GridRange = string | number | { start?: number | null; stop: number; step?: number | string | null };

interface Range {
  start: number;
  stop: number;
  /** The step, or the point count of a complex ('j') step. */
  step: number;
  count: boolean;
}

/** A range as numbers; the ints decide the dtype (NumPy's result_type of the Python numbers). */
function rangeOf(fn: string, r: GridRange): Range {
  let start: unknown = 0;
  let stop: unknown;
  let step: unknown = 1;
  if (typeof r === 'number') stop = r;
  else if (typeof r === 'string') {
    const parts = r.split(':').map((p) => p.trim());
    if (parts.length < 2 || parts.length > 3) throw new RangeError(`${fn}: a range is 'start:stop' or 'start:stop:step', got ${shown(r)}`);
    start = parts[0] === '' ? 0 : Number(parts[0]);
    stop = Number(parts[1]);
    step = parts.length === 3 && parts[2] !== '' ? parts[2] : 1;
  } else if (typeof r === 'object' && r !== null) {
    start = r.start ?? 0;
    stop = r.stop;
    step = r.step ?? 1;
  } else throw new TypeError(`${fn}: a range is a 'start:stop:step' string, an object or a number, got ${typeof r}`);
  let count = false;
  if (typeof step === 'string') {
    count = step.endsWith('j');
    step = Number(count ? step.slice(0, -1) : step);
    if (count) step = Math.abs(step as number);
  }
  for (const [name, v] of [['start', start], ['stop', stop], ['step', step]] as const) {
    if (typeof v !== 'number' || Number.isNaN(v)) throw new TypeError(`${fn}: ${name} must be a number, got ${String(v)}`);
  }
  if (!count && step === 0) throw new RangeError(`${fn}: the step of a range cannot be 0`);
  return { start: start as number, stop: stop as number, step: step as number, count };
}

/** The grid's dtype: float64 when any bound or step is fractional or a count, else int64. */
const gridDtype = (rs: readonly Range[]) => (rs.every((r) => !r.count && [r.start, r.stop, r.step].every(Number.isInteger)) ? dtypes.int64 : dtypes.float64);

/** Points along a range (NumPy: ceil((stop - start) / step), or the count). */
const lengthOf = (r: Range) => (r.count ? Math.trunc(r.step) : Math.max(0, Math.ceil((r.stop - r.start) / r.step)));

/** The step between points: a count's spacing (stop - start) / (count - 1), or the step. */
const spacingOf = (r: Range) => (r.count ? (Math.trunc(r.step) !== 1 ? (r.stop - r.start) / (Math.trunc(r.step) - 1) : 1) : r.step);

/** `index * spacing + start` as NumPy computes it (in the grid's dtype). */
function scaled(idx: GpuArray, r: Range): GpuArray {
  const m = U.multiply(idx, spacingOf(r));
  try {
    return U.add(m, r.start);
  } finally {
    m.dispose();
  }
}

function grid(fn: string, ranges: readonly GridRange[], sparse: boolean): GpuArray | GpuArray[] {
  if (ranges.length === 0) throw new TypeError(`${fn}: give at least one range`);
  const rs = ranges.map((r) => rangeOf(fn, r));
  const d = gridDtype(rs);
  const sizes = rs.map(lengthOf);
  if (rs.length === 1) {
    const idx = arange(0, sizes[0], 1, d);
    try {
      return scaled(idx, rs[0]);
    } finally {
      idx.dispose();
    }
  }
  if (sparse) {
    return rs.map((r, k) => {
      const shape = rs.map(() => 1);
      shape[k] = sizes[k];
      const idx = arange(0, sizes[k], 1, d);
      const s = scaled(idx, r);
      idx.dispose();
      try {
        return s.reshape(shape);
      } finally {
        s.dispose();
      }
    });
  }
  const nn = indices(sizes, d.name);
  try {
    const rows = rs.map((r, k) => {
      const row = nn.slice(k);
      try {
        return scaled(row, r);
      } finally {
        row.dispose();
      }
    });
    try {
      return stack(rows);
    } finally {
      rows.forEach((x) => x.dispose());
    }
  } finally {
    nn.dispose();
  }
}

/**
 * numpy.mgrid[...]: the dense grid of the ranges, stacked ([k, ...lengths]); one range gives a
 * 1-D array. @example gp.mgrid('0:3', '0:1:5j') // shape [2, 3, 5], float64
 */
export function mgrid(...ranges: GridRange[]): GpuArray {
  return grid('mgrid', ranges, false) as GpuArray;
}

/**
 * numpy.ogrid[...]: the open grid of the ranges, one array per range shaped to broadcast against
 * the others; one range gives a 1-D array. @example const [x, y] = gp.ogrid('0:3', '0:4') as gp.GpuArray[]
 */
export function ogrid(...ranges: GridRange[]): GpuArray | GpuArray[] {
  return grid('ogrid', ranges, true);
}
