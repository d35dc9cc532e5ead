// NumPy's print options (numpy.set_printoptions, get_printoptions, printoptions): their
// defaults (NumPy 2.3+), the checks on what a caller passes, and the options in force.
import { checkPositionalCount, readOptions, shown } from '../util/options.js';

/** NumPy's `floatmode` print option: how many fraction digits floats print with. */
export type FloatMode = 'fixed' | 'unique' | 'maxprec' | 'maxprec_equal';

/** numpy.get_printoptions(), in camelCase where NumPy's names are one word anyway. */
export interface PrintOptions {
  /** Fractional digits of floats at most (default 8). */
  precision: number;
  /** Arrays with more elements than this are summarised with '...' (default 1000). */
  threshold: number;
  /** Items kept at each end of a summarised axis (default 3). */
  edgeitems: number;
  /** Characters per line before wrapping (default 75). */
  linewidth: number;
  /** Never switch to scientific notation for small values (default false). */
  suppress: boolean;
  nanstr: string;
  infstr: string;
  /** '-' sign only for negatives, '+' always, ' ' a space for positives. */
  sign: '-' | '+' | ' ';
  floatmode: FloatMode;
  /**
   * false (default): NumPy 2.3+. '2.2': float16/float32 switch to scientific only from 1e8 (as
   * float64), as NumPy up to 2.2. '2.1': additionally no `shape=` in the repr of summarised arrays.
   * '1.21' and '1.25' print arrays as '2.1' (NumPy's further changes there are to scalars' reprs,
   * which gp's typed scalars do not have); '1.13' is not supported.
   */
  legacy: false | '1.21' | '1.25' | '2.1' | '2.2';
}

const DEFAULTS: PrintOptions = {
  precision: 8,
  threshold: 1000,
  edgeitems: 3,
  linewidth: 75,
  suppress: false,
  nanstr: 'nan',
  infstr: 'inf',
  sign: '-',
  floatmode: 'maxprec',
  legacy: false,
};

let current: PrintOptions = { ...DEFAULTS };

const PRINT_KEYS = Object.keys(DEFAULTS);
const LEGACY_MODES: readonly unknown[] = ['1.21', '1.25', '2.1', '2.2'];

/** NumPy's integer encoding of `legacy` (sys.maxsize when off). */
export const legacyNumber = (o: PrintOptions): number =>
  o.legacy === false ? Number.MAX_SAFE_INTEGER : { '1.21': 121, '1.25': 125, '2.1': 201, '2.2': 202 }[o.legacy];

/** Print options as `fn` received them: own keys only, known keys only, values checked. */
export function checkOptions<E extends object = object>(fn: string, given: unknown, extraKeys: readonly string[] = []): Partial<PrintOptions> & Partial<E> {
  const o = readOptions<PrintOptions & E>(fn, given, [...PRINT_KEYS, ...extraKeys]);
  // NumPy's None for a print option is "as now" (set_printoptions drops it; array2string and the
  // reprs take the current value): null likewise, where it is no value of its own.
  for (const k of PRINT_KEYS) if ((o as Record<string, unknown>)[k] === null) delete (o as Record<string, unknown>)[k];
  const nonNegInt = (k: 'precision' | 'threshold' | 'edgeitems' | 'linewidth') => {
    const v = o[k];
    // NumPy: a precision that is no integer is a TypeError ('precision must be an integer').
    if (k === 'precision' && v !== undefined && (typeof v !== 'number' || !Number.isInteger(v))) throw new TypeError(`print option precision must be an integer, got ${String(v)}`);
    if (v !== undefined && (typeof v !== 'number' || !(Number.isInteger(v) || v === Infinity) || v < 0)) {
      throw new RangeError(`print option ${k} must be a non-negative integer, got ${String(v)}`);
    }
  };
  nonNegInt('precision');
  nonNegInt('threshold');
  nonNegInt('edgeitems');
  nonNegInt('linewidth');
  // NumPy's ValueErrors.
  if (o.sign !== undefined && !['-', '+', ' '].includes(o.sign)) throw new RangeError(`sign option must be one of ' ', '+', or '-', got ${shown(o.sign)}`);
  if (o.floatmode !== undefined && !['fixed', 'unique', 'maxprec', 'maxprec_equal'].includes(o.floatmode)) {
    throw new RangeError(`floatmode option must be one of "fixed", "unique", "maxprec", "maxprec_equal", got ${shown(o.floatmode)}`);
  }
  if (o.legacy !== undefined && o.legacy !== false && !LEGACY_MODES.includes(o.legacy)) {
    throw new TypeError(`legacy print option must be false, '1.21', '1.25', '2.1' or '2.2' ('1.13' is not supported), got ${shown(o.legacy)}`);
  }
  for (const k of ['nanstr', 'infstr'] as const) {
    if (o[k] !== undefined && typeof o[k] !== 'string') throw new TypeError(`print option ${k} must be a string`);
  }
  return o;
}

/** numpy.set_printoptions: change the given options (the rest stay). */
export function setPrintoptions(given: Partial<PrintOptions>): void {
  const o = checkOptions('setPrintoptions', given);
  current = { ...current, ...o };
}

/** numpy.get_printoptions. */
export function getPrintoptions(): PrintOptions {
  checkPositionalCount('getPrintoptions', arguments, 0);
  return { ...current };
}

/** numpy.printoptions as a function: run `fn` with the options set, then restore them. */
export function printoptions<T>(o: Partial<PrintOptions>, fn: () => T): T {
  const saved = current;
  setPrintoptions(o);
  try {
    return fn();
  } finally {
    current = saved;
  }
}

/** The options in force now (set by setPrintoptions / printoptions). */
export function currentPrintOptions(): PrintOptions {
  return current;
}
