// NumPy's repr/str of arrays (numpy/_core/arrayprint.py, NumPy 2.3+ defaults): the same float
// digits (Dragon4 at each dtype's precision, see dragon4.ts), column padding, scientific switch,
// line wrapping, summarisation with '...', and the dtype/shape suffixes of repr.
import { dtypes, type DType } from './dtype.js';
import { FloatKind, formatPositional, formatScientific } from './dragon4.js';
import type { GpuArray } from './gpu-array.js';
import { checkOptions, currentPrintOptions, legacyNumber, PrintOptions } from './print-options.js';

const floatKind = (d: DType): FloatKind => (d.isFloat ? d.name : d === dtypes.complex64 ? 'float32' : 'float64');

/** Round a double to the float format (how NumPy compares a weak Python float with the data). */
function roundTo(x: number, kind: FloatKind): number {
  return dtypes[kind].round(x);
}

/** numpy.finfo(dtype).precision. */
const finfoPrecision = (kind: FloatKind): number =>
  kind === 'float64' ? 15 : kind === 'float32' ? 6 : Math.floor(dtypes[kind].bits!.mantissaBits * Math.log10(2)); // int(-log10(eps)): float16 3, bfloat16 2 (ml_dtypes')

const signbit = (x: number) => x < 0 || Object.is(x, -0);

/** arrayprint.FloatingFormat: one layout (notation, digits, padding) for all values of an array. */
class FloatingFormat {
  private precision: number;
  private minDigits = -1;
  private unique = true;
  private trim: '.' | 'k' = '.';
  private expFormat = false;
  private padLeft = 0;
  private padRight = 0;
  private expSize = -1;

  constructor(
    data: readonly number[],
    private readonly kind: FloatKind,
    private readonly o: PrintOptions,
    private readonly sign: '-' | '+' | ' ',
  ) {
    this.precision = o.floatmode === 'unique' ? -1 : o.precision;
    this.fill(data);
  }

  private fill(data: readonly number[]): void {
    const { kind, o } = this;
    const finite = data.filter((x) => Number.isFinite(x));
    const absNonZero = finite.filter((x) => x !== 0).map(Math.abs);
    if (absNonZero.length > 0) {
      let max = -Infinity;
      let min = Infinity;
      for (const v of absNonZero) {
        if (v > max) max = v;
        if (v < min) min = v;
      }
      const cutoff = legacyNumber(o) <= 202 ? 1e8 : 10 ** Math.min(8, finfoPrecision(kind));
      // NumPy compares the dtype's scalars with Python floats, which NEP 50 casts to the dtype.
      if (max >= roundTo(cutoff, kind) || (!o.suppress && (min < roundTo(1e-4, kind) || roundTo(max / min, kind) > 1000))) {
        this.expFormat = true;
      }
    }
    const plus = this.sign === '+';
    if (finite.length === 0) {
      this.padLeft = 0;
      this.padRight = 0;
      this.trim = '.';
      this.expSize = -1;
      this.unique = true;
    } else if (this.expFormat) {
      let trim: '.' | 'k' = '.';
      let unique = true;
      if (o.floatmode === 'fixed') {
        trim = 'k';
        unique = false;
      }
      const strs = finite.map((x) => formatScientific(x, kind, { precision: this.precision, unique, trim, sign: plus }));
      let intLen = 0;
      let fracLen = 0;
      let expLen = 0;
      for (const s of strs) {
        const e = s.indexOf('e');
        const [ip, fp] = s.slice(0, e).split('.');
        intLen = Math.max(intLen, ip.length);
        fracLen = Math.max(fracLen, (fp ?? '').length);
        expLen = Math.max(expLen, s.length - e - 1);
      }
      this.expSize = expLen - 1;
      this.trim = 'k';
      this.precision = fracLen;
      this.minDigits = fracLen;
      this.unique = unique;
      this.padLeft = intLen;
      this.padRight = this.expSize + 2 + this.precision;
    } else {
      let trim: '.' | 'k' = '.';
      let unique = true;
      if (o.floatmode === 'fixed') {
        trim = 'k';
        unique = false;
      }
      let intLen = 0;
      let fracLen = 0;
      for (const x of finite) {
        const [ip, fp] = formatPositional(x, kind, { precision: this.precision, unique, trim, sign: plus }).split('.');
        intLen = Math.max(intLen, ip.length);
        fracLen = Math.max(fracLen, (fp ?? '').length);
      }
      this.padLeft = intLen;
      this.padRight = fracLen;
      this.expSize = -1;
      this.unique = unique;
      if (o.floatmode === 'fixed' || o.floatmode === 'maxprec_equal') {
        this.precision = this.minDigits = this.padRight;
        this.trim = 'k';
      } else {
        this.trim = '.';
        this.minDigits = 0;
      }
    }
    if (this.sign === ' ' && !finite.some(signbit)) this.padLeft += 1;
    if (finite.length !== data.length) {
      const neginf = this.sign !== '-' || data.some((x) => x === -Infinity) ? 1 : 0;
      const offset = this.padRight + 1;
      this.padLeft = Math.max(this.padLeft, o.nanstr.length - offset, o.infstr.length + neginf - offset);
    }
  }

  format(x: number): string {
    if (!Number.isFinite(x)) {
      const ret = Number.isNaN(x)
        ? (this.sign === '+' ? '+' : '') + this.o.nanstr
        : (x < 0 ? '-' : this.sign === '+' ? '+' : '') + this.o.infstr;
      return ' '.repeat(Math.max(0, this.padLeft + this.padRight + 1 - ret.length)) + ret;
    }
    const common = { precision: this.precision, minDigits: this.minDigits, unique: this.unique, trim: this.trim, sign: this.sign === '+', padLeft: this.padLeft };
    return this.expFormat
      ? formatScientific(x, this.kind, { ...common, expDigits: this.expSize })
      : formatPositional(x, this.kind, { ...common, padRight: this.padRight });
  }
}

/** arrayprint.IntegerFormat: right-aligned to the widest of min and max. */
function integerFormat(data: readonly (number | bigint)[], sign0: '-' | '+' | ' '): (x: number | bigint) => string {
  let sign = sign0;
  let width = 0;
  if (data.length > 0) {
    let max = data[0];
    let min = data[0];
    for (const v of data) {
      if (v > max) max = v;
      if (v < min) min = v;
    }
    let maxLen = String(max).length;
    if (sign === ' ' && min < 0) sign = '-';
    if (max >= 0 && (sign === '+' || sign === ' ')) maxLen += 1;
    width = Math.max(maxLen, String(min).length);
  }
  return (x) => {
    const neg = x < 0;
    const mag = String(x).replace('-', '');
    return ((neg ? '-' : sign === '+' ? '+' : sign === ' ' ? ' ' : '') + mag).padStart(width);
  };
}

/** Host values of the elements printed: the whole array, or its corners when summarised. */
interface Shown {
  /** Shape of the values held (each summarised axis keeps 2 * edgeitems; the whole axis for 0). */
  shape: number[];
  summarized: boolean[];
  values: ArrayLike<number | bigint>;
}

function hostValues(a: GpuArray, edge: number, summarize: boolean): Shown {
  const shape = [...a.shape];
  const summarized = shape.map((n) => summarize && n > 2 * edge);
  if (!summarized.some((s) => s)) return { shape, summarized, values: a.toTypedArray() };
  // Download only the corners: one view per combination of leading/trailing block.
  const per = a.dtype.isComplex ? 2 : 1;
  // NumPy keeps a[:edge] and a[-edge:]; with edgeitems 0, a[-0:] is the whole axis (what it sizes
  // the columns by, and where the last element it prints comes from).
  const trail = (n: number) => (edge === 0 ? n : edge);
  const shownShape = shape.map((n, i) => (summarized[i] ? edge + trail(n) : n));
  const total = shownShape.reduce((x, y) => x * y, 1);
  const values: (number | bigint)[] = new Array(total * per);
  const shownStrides = shownShape.map((_, i) => shownShape.slice(i + 1).reduce((x, y) => x * y, 1));
  const axes = shape.map((_, i) => i).filter((i) => summarized[i]);
  for (let combo = 0; combo < 1 << axes.length; combo++) {
    const starts = shape.map(() => 0);
    const index = shape.map((n, i) => {
      const k = axes.indexOf(i);
      if (k < 0) return { start: 0, stop: n };
      const trailing = (combo >> k) & 1;
      starts[i] = trailing ? edge : 0;
      return trailing ? { start: n - trail(n), stop: n } : { start: 0, stop: edge };
    });
    const v = a.slice(...index);
    let block: ArrayLike<number | bigint>;
    try {
      block = v.toTypedArray();
    } finally {
      v.dispose();
    }
    const bshape = v.shape;
    const idx = bshape.map(() => 0);
    const n = bshape.reduce((x, y) => x * y, 1);
    for (let j = 0; j < n; j++) {
      let dst = 0;
      for (let d = 0; d < idx.length; d++) dst += (idx[d] + starts[d]) * shownStrides[d];
      for (let c = 0; c < per; c++) values[dst * per + c] = block[j * per + c];
      for (let d = idx.length - 1; d >= 0; d--) {
        if (++idx[d] < bshape[d]) break;
        idx[d] = 0;
      }
    }
  }
  return { shape: shownShape, summarized, values };
}

/** The element formatter for the values shown (arrayprint._get_format_function). */
function formatFunction(d: DType, shown: Shown, o: PrintOptions, is0d: boolean): (i: number) => string {
  const vals = shown.values;
  if (d.isBool) {
    const t = is0d ? 'True' : ' True';
    return (i) => (vals[i] ? t : 'False');
  }
  if (d.isInteger) {
    const f = integerFormat(Array.from(vals), o.sign);
    return (i) => f(vals[i]);
  }
  const kind = floatKind(d);
  if (d.isComplex) {
    const n = vals.length / 2;
    const re: number[] = new Array(n);
    const im: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      re[i] = vals[2 * i] as number;
      im[i] = vals[2 * i + 1] as number;
    }
    const rf = new FloatingFormat(re, kind, o, o.sign);
    const jf = new FloatingFormat(im, kind, o, '+');
    return (i) => {
      const r = rf.format(re[i]);
      const s = jf.format(im[i]);
      const end = s.trimEnd().length;
      return r + s.slice(0, end) + 'j' + s.slice(end);
    };
  }
  const data = Array.from(vals as ArrayLike<number>);
  const ff = new FloatingFormat(data, kind, o, o.sign);
  return (i) => ff.format(data[i]);
}

function extendLine(s: string, line: string, word: string, lineWidth: number, nextLinePrefix: string): [string, string] {
  let needsWrap = line.length + word.length > lineWidth;
  // Don't wrap when it would not help.
  if (line.length <= nextLinePrefix.length) needsWrap = false;
  if (needsWrap) {
    s += line.trimEnd() + '\n';
    line = nextLinePrefix;
  }
  return [s, line + word];
}

/** arrayprint._formatArray over the values shown. */
function formatNested(shown: Shown, fmt: (i: number) => string, lineWidth: number, nextLinePrefix: string, separator: string, edge: number): string {
  const { shape, summarized } = shown;
  const ndim = shape.length;
  const strides = shape.map((_, i) => shape.slice(i + 1).reduce((x, y) => x * y, 1));
  const recurse = (axis: number, base: number, hanging: string, width: number): string => {
    if (axis === ndim) return fmt(base);
    const nextHanging = hanging + ' ';
    const nextWidth = width - 1;
    const len = shape[axis];
    const st = strides[axis];
    const show = summarized[axis];
    const leading = show ? edge : 0;
    const trailing = show ? edge : len;
    const child = (i: number) => recurse(axis + 1, base + i * st, nextHanging, nextWidth);
    let s = '';
    if (ndim - axis === 1) {
      const elemWidth = width - Math.max(separator.trimEnd().length, 1);
      let line = hanging;
      for (let i = 0; i < leading; i++) {
        [s, line] = extendLine(s, line, child(i), elemWidth, hanging);
        line += separator;
      }
      if (show) {
        [s, line] = extendLine(s, line, '...', elemWidth, hanging);
        line += separator;
      }
      for (let i = trailing; i > 1; i--) {
        [s, line] = extendLine(s, line, child(len - i), elemWidth, hanging);
        line += separator;
      }
      [s, line] = extendLine(s, line, child(len - 1), elemWidth, hanging);
      s += line;
    } else {
      const lineSep = separator.trimEnd() + '\n'.repeat(ndim - axis - 1);
      for (let i = 0; i < leading; i++) s += hanging + child(i) + lineSep;
      if (show) s += hanging + '...' + lineSep;
      for (let i = trailing; i > 1; i--) s += hanging + child(len - i) + lineSep;
      s += hanging + child(len - 1);
    }
    return '[' + s.slice(hanging.length) + ']';
  };
  return recurse(0, 0, nextLinePrefix, lineWidth);
}

/** NumPy's printing functions take an ndarray only (a list is an AttributeError there): a clear TypeError. */
function checkPrintable(fn: string, a: unknown): void {
  const g = a as Partial<GpuArray> | null;
  if (typeof g !== 'object' || g === null || !Array.isArray(g.shape) || g.dtype === undefined) throw new TypeError(`${fn}: expected a GpuArray, got ${Array.isArray(a) ? 'an array' : a === null ? 'null' : typeof a}`);
}

/** numpy.array2string. */
export function array2string(a: GpuArray, options: Partial<PrintOptions> & { separator?: string; prefix?: string; suffix?: string } = {}): string {
  checkPrintable('array2string', a);
  const { separator = ' ', prefix = '', suffix = '', ...rest } = checkOptions<{ separator: string; prefix: string; suffix: string }>('array2string', options, ['separator', 'prefix', 'suffix']);
  const o = { ...currentPrintOptions(), ...rest };
  const lineWidth = o.linewidth - suffix.length;
  if (a.size === 0) return '[]';
  const shown = hostValues(a, o.edgeitems, a.size > o.threshold);
  const fmt = formatFunction(a.dtype, shown, o, a.ndim === 0);
  return formatNested(shown, fmt, lineWidth, ' ' + ' '.repeat(prefix.length), separator, o.edgeitems);
}

/** Dtypes whose values' printed form already implies them (arrayprint._typelessdata). */
const IMPLIED = new Set(['int64', 'float64', 'complex128', 'bool']);

const pyTuple = (s: readonly number[]) => `(${s.join(', ')}${s.length === 1 ? ',' : ''})`;

/** numpy.array_repr: `array([1., 2.], dtype=float32)`. */
export function arrayRepr(a: GpuArray, given: Partial<PrintOptions> = {}): string {
  checkPrintable('arrayRepr', a);
  const options = checkOptions('arrayRepr', given);
  const o = { ...currentPrintOptions(), ...options };
  const prefix = 'array(';
  const lst = array2string(a, { ...options, separator: ', ', prefix, suffix: ')' });
  const extras: string[] = [];
  const only0 = a.ndim === 1 && a.shape[0] === 0;
  if ((a.size === 0 && !only0) || (legacyNumber(o) > 210 && a.size > o.threshold)) extras.push(`shape=${pyTuple(a.shape)}`);
  if (!IMPLIED.has(a.dtype.name) || a.size === 0) extras.push(`dtype=${a.dtype.name}`);
  if (extras.length === 0) return prefix + lst + ')';
  const arrStr = prefix + lst + ',';
  const extraStr = extras.join(', ') + ')';
  const lastLineLen = arrStr.length - (arrStr.lastIndexOf('\n') + 1);
  const spacer = lastLineLen + extraStr.length + 1 > o.linewidth ? '\n' + ' '.repeat(prefix.length) : ' ';
  return arrStr + spacer + extraStr;
}

/** numpy.array_str: `[1. 2.]`; a 0-d array prints as its scalar. */
export function arrayStr(a: GpuArray, given: Partial<PrintOptions> = {}): string {
  checkPrintable('arrayStr', a);
  const options = checkOptions('arrayStr', given);
  if (a.ndim === 0) {
    const vals = a.toTypedArray();
    const v = a.dtype.isComplex ? { re: vals[0] as number, im: vals[1] as number } : vals[0];
    return scalarStr(v, a.dtype, { ...currentPrintOptions(), ...options });
  }
  return array2string(a, { ...options, separator: ' ', prefix: '' });
}

/** str() of a NumPy scalar (scalartypes.c.src): positional between 1e-4 and a dtype cutoff. */
export function scalarStr(v: number | bigint | boolean | { re: number; im: number }, d: DType, o: PrintOptions = currentPrintOptions()): string {
  if (d.isBool) return v ? 'True' : 'False';
  if (d.isInteger) return String(v);
  const kind = floatKind(d);
  const maxPositional = legacyNumber(o) <= 202 ? 1e16 : kind === 'float64' ? 1e16 : 10 ** finfoPrecision(kind);
  const either = (x: number, trimPos: '0' | '-', sign: boolean) => {
    const ax = Math.abs(x);
    const positional = Number.isNaN(x) || x === 0 || (ax < maxPositional && ax >= 1e-4);
    return positional ? formatPositional(x, kind, { trim: trimPos, sign }) : formatScientific(x, kind, { trim: '-', sign });
  };
  if (!d.isComplex) return either(v as number, '0', false);
  const { re, im } = v as { re: number; im: number };
  if (re === 0 && !signbit(re)) return either(im, '-', false) + 'j';
  const rs = Number.isFinite(re) ? either(re, '-', false) : Number.isNaN(re) ? 'nan' : re > 0 ? 'inf' : '-inf';
  const is = Number.isFinite(im) ? either(im, '-', true) : Number.isNaN(im) ? '+nan' : im > 0 ? '+inf' : '-inf';
  return `(${rs}${is}j)`;
}

/** What toString() shows for an array that was disposed. */
export function disposedRepr(shape: readonly number[], d: DType): string {
  return `<disposed GpuArray shape=${pyTuple(shape)} dtype=${d.name}>`;
}
