// numpy.array_repr, array_str and array2string with NumPy's parameters: by position in NumPy's
// order or in one options object, under NumPy's names (maxLineWidth, suppressSmall); the print
// option names (linewidth, suppress, threshold, ...) are taken too, as gp always did.
import type { GpuArray } from '../core/gpu-array.js';
import { array2string as coreArray2string, arrayRepr as coreArrayRepr, arrayStr as coreArrayStr } from '../core/repr.js';
import type { PrintOptions } from '../core/print-options.js';
import { bindArgs } from './array-args.js';

/** The print options a call may set besides NumPy's named parameters. */
const PRINT_EXTRAS = ['threshold', 'edgeitems', 'linewidth', 'suppress', 'nanstr', 'infstr', 'sign', 'floatmode', 'legacy'] as const;
const SHORT = ['maxLineWidth', 'precision', 'suppressSmall'] as const;
const A2S = [...SHORT, 'separator', 'prefix', 'style', 'formatter', 'threshold', 'edgeitems', 'sign', 'floatmode', 'suffix'] as const;

type Bound = Record<string, unknown>;

/** The call's print options under their PrintOptions names; null and undefined leave the option in force. */
function printOptions(fn: string, b: Bound): Partial<PrintOptions> {
  const pairs: [string, unknown][] = [
    ['linewidth', b.maxLineWidth ?? b.linewidth],
    ['suppress', b.suppressSmall ?? b.suppress],
  ];
  for (const [name, alias] of [['maxLineWidth', 'linewidth'], ['suppressSmall', 'suppress']]) {
    if (b[name] != null && b[alias] != null) throw new TypeError(`${fn}() got both '${name}' and '${alias}'`);
  }
  for (const k of ['precision', ...PRINT_EXTRAS]) if (k !== 'linewidth' && k !== 'suppress') pairs.push([k, b[k]]);
  const out: Record<string, unknown> = {};
  for (const [k, v] of pairs) if (v != null) out[k] = v;
  return out as Partial<PrintOptions>;
}

/** numpy.array_repr(arr, max_line_width, precision, suppress_small). */
export function arrayRepr(arr: GpuArray, ...args: unknown[]): string {
  return coreArrayRepr(arr, printOptions('arrayRepr', bindArgs('arrayRepr', args, SHORT, PRINT_EXTRAS)));
}

/** numpy.array_str(a, max_line_width, precision, suppress_small). */
export function arrayStr(a: GpuArray, ...args: unknown[]): string {
  return coreArrayStr(a, printOptions('arrayStr', bindArgs('arrayStr', args, SHORT, PRINT_EXTRAS)));
}

/**
 * numpy.array2string(a, max_line_width, precision, suppress_small, separator, prefix, style,
 * formatter, threshold, edgeitems, sign, floatmode, suffix, *, legacy). `style` has no effect
 * (as in NumPy since 1.14); `formatter` (callables per type) is not supported: a TypeError.
 */
export function array2string(a: GpuArray, ...args: unknown[]): string {
  const b = bindArgs('array2string', args, A2S, ['legacy', 'linewidth', 'suppress', 'nanstr', 'infstr']);
  if (b.formatter != null) throw new TypeError('array2string: the formatter option is not supported');
  const extra: { separator?: string; prefix?: string; suffix?: string } = {};
  for (const k of ['separator', 'prefix', 'suffix'] as const) {
    if (b[k] === undefined || b[k] === null) continue;
    if (typeof b[k] !== 'string') throw new TypeError(`array2string: ${k} must be a string, got ${typeof b[k]}`);
    extra[k] = b[k] as string;
  }
  return coreArray2string(a, { ...printOptions('array2string', b), ...extra });
}
