// Options objects as every public function reads them: only the object's own enumerable keys
// count (a key on Object.prototype, or a `{__proto__: {...}}` chain, is never honoured), and a key
// the function does not know is a TypeError naming the function and the key (NumPy raises
// TypeError for an unexpected keyword argument), instead of being silently ignored.

import { integerValue, realValue } from './operator-index.js';

/**
 * A value as JSON for an error message, or as String() where JSON has none: JSON.stringify throws
 * on a bigint (a JS engine error escaped instead of ours, e.g. for copy(a, 5n)) and on a cycle.
 */
export function shown(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return typeof v === 'bigint' ? `${v}n` : Array.isArray(v) ? `an array of length ${v.length}` : typeof v;
  }
}

/** A plain description of a value for error messages (never the value's whole contents). */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  if (typeof v === 'bigint') return `the bigint ${v}n`;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'undefined') return String(v);
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a symbol';
  const ctor = (v as { constructor?: { name?: unknown } }).constructor;
  const name = typeof ctor === 'function' && typeof ctor.name === 'string' && ctor.name !== '' ? ctor.name : 'object';
  return name === 'Object' || name === 'object' ? 'an object' : `a ${name}`;
}

/** Is `v` something an options object can be (a non-null, non-array object)? */
export const isOptionsLike = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

// What readOptions returns: an object whose prototype chain has no Object.prototype (so a key
// added to Object.prototype is never seen), built by a constructor so that V8 keeps it a fast
// object (Object.create(null) objects start in slow dictionary mode).
const OptionsBag = function OptionsBag() {} as unknown as new () => Record<string, unknown>;
OptionsBag.prototype = Object.create(null);

/**
 * A plain object: `{...}`, `Object.create(null)`, or one whose prototypes are plain objects
 * too (their keys are not read), but no class instance: no prototype in its chain is some
 * class's `prototype` (which owns a `constructor`).
 */
export function isPlainObject(v: unknown): v is object {
  if (!isOptionsLike(v)) return false;
  for (let p = Object.getPrototypeOf(v); p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    if (Object.hasOwn(p, 'constructor')) return false;
  }
  return true;
}

// NumPy's dtype=None and out=None are the defaults wherever they appear: null there binds nothing.
const NONE_IS_DEFAULT = new Set(['dtype', 'out']);
const binds = (v: unknown, name: string) => v !== undefined && !(v === null && NONE_IS_DEFAULT.has(name));

// Parameters NumPy reads with operator.index (an axis, a count, an offset): an integer typed scalar
// or 0-d integer array given there is its JS number; and parameters NumPy reads as Python floats
// (ddof, period, a numeric norm ord): a real typed scalar is its number. Anything else is left to the function's check.
const INDEX_PARAMS = new Set(['axis', 'axis1', 'axis2', 'source', 'destination', 'n', 'k', 'offset', 'decimals', 'minlength', 'ndmin', 'kth', 'deg', 'M', 'N', 'num', 'count', 'axisa', 'axisb', 'axisc', 'axes', 'bins', 'ind']);
const REAL_PARAMS = new Set(['ddof', 'period', 'ord']);
export function bindValue(v: unknown, name: string): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  if (INDEX_PARAMS.has(name)) return integerValue(v);
  if (REAL_PARAMS.has(name)) return realValue(v);
  return v;
}

/**
 * The options `value` passed to `fn`, as a fresh prototype-less object holding only its own
 * enumerable keys, every one of them in `allowed` (a null `dtype` or `out` left out: NumPy's None,
 * their default). undefined (and null, where `allowNull`) is no options at all. Anything but a
 * plain object, or an unknown key, is a TypeError.
 */
export function readOptions<T extends object>(fn: string, value: unknown, allowed: readonly string[], allowNull = true): Partial<T> {
  const out = new OptionsBag();
  if (value === undefined || (allowNull && value === null)) return out as Partial<T>;
  if (!isPlainObject(value)) {
    // An array, a GpuArray, a Map...: its fields are no options.
    throw new TypeError(`${fn}: options must be an object like {${allowed.join(', ')}}, got ${describeValue(value)}`);
  }
  for (const k of Object.keys(value)) {
    if (!allowed.includes(k)) {
      throw new TypeError(`${fn}: unknown option '${k}'; known options: ${allowed.length ? allowed.join(', ') : 'none'}`);
    }
    const v = (value as Record<string, unknown>)[k];
    if (binds(v, k)) out[k] = bindValue(v, k);
  }
  return out as Partial<T>;
}

/**
 * NumPy's positional-or-keyword parameters: `args` by position in the order of `names`, the last
 * of them may be one options object (`isOptions` tells it from a value; any of `names` and
 * `keywordOnly`, camelCase). A parameter given both ways, more positions than `names`, or an
 * unknown key is a TypeError (Python's). A `null` by position is NumPy's None (kept, so defaults
 * that differ from None stay the callee's; a null `dtype` or `out` binds nothing, their default).
 * The result is a prototype-less bag, as readOptions gives: a key on Object.prototype is never
 * read as a parameter.
 */
export function bindParams(fn: string, args: readonly unknown[], names: readonly string[], keywordOnly: readonly string[], isOptions: (v: unknown) => boolean): Record<string, unknown> {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  if (end === 0) return new OptionsBag(); // the common call: nothing to bind
  const list = args.slice(0, end);
  const given = list.length > 0 && isOptions(list[list.length - 1]) ? list.pop() : undefined;
  if (list.length > names.length) throw new TypeError(`${fn}() takes at most ${names.length} positional arguments after the array arguments (${list.length} given)`);
  const opts = readOptions<Record<string, unknown>>(fn, given, [...names, ...keywordOnly]) as Record<string, unknown>;
  const out = new OptionsBag();
  for (const k of keywordOnly) if (binds(opts[k], k)) out[k] = opts[k];
  names.forEach((n, i) => {
    const v = list[i];
    if (v !== undefined && opts[n] !== undefined) throw new TypeError(`${fn}() got multiple values for argument '${n}'`);
    const got = v !== undefined ? v : opts[n];
    if (binds(got, n)) out[n] = bindValue(got, n);
  });
  return out;
}

/**
 * Python's count of a call's positional arguments, for functions whose JS parameters are fixed
 * (JS drops an extra argument silently where NumPy raises): more than `max` in `args` (a call's
 * `arguments`; trailing undefined are omitted arguments, and a trailing plain object is the
 * options, NumPy's keywords) is a TypeError in Python's words.
 */
export function checkPositionalCount(fn: string, args: ArrayLike<unknown>, min: number, max = min): void {
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n--;
  if (n > max && isPlainObject(args[n - 1])) n--;
  if (n <= max) return;
  const takes = min === max ? `${max} positional argument${max === 1 ? '' : 's'}` : `from ${min} to ${max} positional arguments`;
  throw new TypeError(`${fn}() takes ${takes} but ${n} ${n === 1 ? 'was' : 'were'} given`);
}

/**
 * An options object after every positional parameter of a function whose options all have a
 * positional slot (zeros(shape, dtype, order, {...})): each key it names is either given twice
 * (Python's "got multiple values", the slots were passed) or unknown, a TypeError either way.
 */
export function refuseTrailingOptions(fn: string, args: ArrayLike<unknown>, max: number, positional: readonly string[]): void {
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n--;
  if (n <= max || !isPlainObject(args[n - 1])) return;
  for (const key of Object.keys(args[n - 1] as object)) {
    if (positional.includes(key)) throw new TypeError(`${fn}() got multiple values for argument '${key}'`);
    throw new TypeError(`${fn}: unknown option '${key}'`);
  }
}

/** NumPy's order letters, which it takes in either case ('f' is 'F'); anything else as given, for the caller's check. */
export function orderLetter<T>(order: T): T {
  return (typeof order === 'string' && /^[cfak]$/.test(order) ? order.toUpperCase() : order) as T;
}
