// numpy.r_ and numpy.c_, NumPy's AxisConcatenator as functions (JS has no slice syntax): the items
// are arrays (or host data), JS numbers (weak scalars, as Python's), and ranges as
// 'start:stop:step' strings (a step ending in 'j' is a point count: linspace); a first string
// without ':' is NumPy's directive ('axis', 'axis,ndmin' or 'axis,ndmin,trans1d'). Every item is
// made at least `ndmin`-D (1-D items placed by trans1d), cast to the items' result type, and
// concatenated along the axis.
import { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { checkWeakIntegerFits, resultType, type WeakKind } from '../core/promotion.js';
import { isComplexLike, weakKindOf, type HostScalar } from '../core/host-data.js';
import { asarray } from './creation-data.js';
import { arange } from './creation.js';
import { concatenate } from './joining.js';
import { linspace } from './spacing.js';
import { shown } from '../util/options.js';

/** An item of r_/c_: an array, host data, a JS number (bigint, boolean), or a 'start:stop:step' range. */
export type ConcatItem = GpuArray | string | number | bigint | boolean | readonly unknown[] | ArrayBufferView;

interface Settings {
  axis: number;
  ndmin: number;
  trans1d: number;
}

/** A range string as an array: arange, or linspace for a 'j' step (a count, the stop included). */
function rangeArray(item: string): GpuArray {
  const parts = item.split(':').map((p) => p.trim());
  if (parts.length > 3) throw new RangeError(`r_: a range is 'start:stop:step', got ${shown(item)}`);
  const num = (s: string | undefined, dflt: number) => (s === undefined || s === '' ? dflt : Number(s));
  const start = num(parts[0], 0);
  const stop = num(parts[1], NaN);
  const stepText = parts[2] ?? '';
  if ([start, stop].some(Number.isNaN)) throw new RangeError(`r_: a range needs numeric start and stop, got ${shown(item)}`);
  if (stepText.endsWith('j')) return linspace(start, stop, Math.trunc(Math.abs(Number(stepText.slice(0, -1)))));
  return arange(start, stop, num(stepText, 1));
}

/** `a` with ndmin dimensions: 1-D (and other short) items placed by trans1d, as NumPy's. */
function atLeast(a: GpuArray, s: Settings, fromRange: boolean): GpuArray {
  const nd = a.ndim;
  if (nd >= s.ndmin) return a;
  const shaped = a.reshape([...new Array<number>(s.ndmin - nd).fill(1), ...a.shape]);
  if (s.trans1d === -1) return shaped;
  let axes: number[];
  if (fromRange) {
    // NumPy swaps the range's axis (last) with trans1d.
    axes = [...Array(s.ndmin).keys()];
    const t = s.trans1d < 0 ? s.trans1d + s.ndmin : s.trans1d;
    [axes[s.ndmin - 1], axes[t]] = [axes[t], axes[s.ndmin - 1]];
  } else {
    const k2 = s.ndmin - nd;
    let k1 = s.trans1d;
    if (k1 < 0) k1 += k2 + 1;
    const defaxes = [...Array(s.ndmin).keys()];
    axes = [...defaxes.slice(0, k1), ...defaxes.slice(k2), ...defaxes.slice(k1, k2)];
  }
  try {
    return shaped.transpose(axes);
  } finally {
    shaped.dispose();
  }
}

function concat(fn: string, defaults: Settings, items: readonly ConcatItem[]): GpuArray {
  const s = { ...defaults };
  const made: GpuArray[] = [];
  const arrays: GpuArray[] = [];
  const strong: DType[] = [];
  const weak: WeakKind[] = [];
  const scalars: (number | bigint)[] = [];
  try {
    items.forEach((item, k) => {
      if (typeof item === 'string' && !item.includes(':')) {
        if (k !== 0) throw new RangeError('special directives must be the first entry.');
        if (item === 'r' || item === 'c') throw new TypeError(`${fn}: the matrix directives 'r' and 'c' are not supported (gpuarray has no matrix class)`);
        const v = item.split(',').map((x) => Number(x.trim()));
        if (v.length > 3 || v.some((x) => !Number.isInteger(x))) throw new RangeError(`unknown special directive ${JSON.stringify(item)}`);
        [s.axis, s.ndmin = s.ndmin, s.trans1d = s.trans1d] = v;
        return;
      }
      let a: GpuArray;
      if (typeof item === 'string') {
        a = rangeArray(item);
        made.push(a);
        strong.push(a.dtype);
        const b = atLeast(a, s, true);
        if (b !== a) made.push(b);
        arrays.push(b);
        return;
      }
      const scalar = typeof item === 'number' || typeof item === 'bigint' || typeof item === 'boolean' || isComplexLike(item);
      a = item instanceof GpuArray ? item : asarray(item);
      if (a !== item) made.push(a);
      if (scalar) {
        weak.push(weakKindOf(item as HostScalar));
        if (typeof item === 'bigint' || (typeof item === 'number' && Number.isInteger(item))) scalars.push(item);
      }
      else strong.push(a.dtype);
      const b = atLeast(a, s, false);
      if (b !== a) made.push(b);
      arrays.push(b);
    });
    if (arrays.length === 0) throw new RangeError(`${fn}: nothing to concatenate`);
    const d = resultType(strong, weak);
    // A JS integer the result's integer dtype cannot hold is NumPy's OverflowError, not a wrap.
    if (d.isInteger) scalars.forEach((v) => checkWeakIntegerFits(v, d));
    const cast = arrays.map((a) => {
      if (a.dtype === d) return a;
      const c = a.astype(d);
      made.push(c);
      return c;
    });
    return concatenate(cast, s.axis);
  } finally {
    made.forEach((a) => a.dispose());
  }
}

/**
 * numpy.r_[...]: the items concatenated along the first axis (or the directive's).
 * @example gp.r_('0:3', 5, [7, 8]) // [0, 1, 2, 5, 7, 8]
 */
export function r_(...items: ConcatItem[]): GpuArray {
  return concat('r_', { axis: 0, ndmin: 1, trans1d: -1 }, items);
}

/**
 * numpy.c_[...]: the items as columns (at least 2-D, 1-D ones upright) concatenated along the
 * last axis. @example gp.c_([1, 2], [3, 4]) // [[1, 3], [2, 4]]
 */
export function c_(...items: ConcatItem[]): GpuArray {
  return concat('c_', { axis: -1, ndmin: 2, trans1d: 0 }, items);
}
