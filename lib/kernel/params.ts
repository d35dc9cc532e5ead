// CuPy's parameter lists: "float32 x, raw T y" -> typed parameters. A one-letter type is a
// placeholder bound by the arguments; longer type names must be dtypes.
import { DType, dtype as toDType } from '../core/dtype.js';
import { describeValue } from '../util/options.js';

/** A parsed kernel parameter (`float32 x`, `T y`, `raw T z`) of an ElementwiseKernel or ReductionKernel. */
export interface ParamSpec {
  name: string;
  /** Concrete dtype, or null for a placeholder (see `typeName`). */
  dtype: DType | null;
  /** The type token as written: a dtype name or a placeholder letter. */
  typeName: string;
  raw: boolean;
  isOutput: boolean;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names the generated code uses itself; a parameter may not shadow them. */
const RESERVED = new Set(['i', 'int', 'float', 'double', 'char', 'bool', 'void', 'long', 'short', 'unsigned', 'signed', 'const', 'return', 'if', 'else', 'for', 'while', 'struct', 'class', 'typedef', 'auto']);

export function validateKernelName(name: string): void {
  if (typeof name !== 'string' || !IDENT.test(name)) {
    throw new TypeError(`invalid kernel name ${JSON.stringify(name)}: must be a C identifier`);
  }
}

export function parseParams(spec: string, isOutput: boolean, what: string): ParamSpec[] {
  if (typeof spec !== 'string') throw new TypeError(`${what} must be a string like 'float32 x, T y'`);
  const text = spec.trim();
  if (text === '') return [];
  return text.split(',').map((part) => {
    const tokens = part.trim().split(/\s+/);
    let raw = false;
    if (tokens[0] === 'raw') {
      raw = true;
      tokens.shift();
    }
    if (tokens.length !== 2) {
      throw new TypeError(`invalid parameter ${JSON.stringify(part.trim())} in ${what}: expected '[raw] TYPE name'`);
    }
    const [typeName, name] = tokens;
    if (!IDENT.test(name)) throw new TypeError(`invalid parameter name ${JSON.stringify(name)} in ${what}`);
    if (name.startsWith('_') || name === 'gpa') {
      // The generated loop and reduction code declare _off, _v0, _k, _J, _type_reduce, ... and use namespace gpa.
      throw new TypeError(`parameter name '${name}' in ${what} is reserved: names starting with an underscore (and 'gpa') belong to the generated code; choose another name`);
    }
    if (RESERVED.has(name)) {
      throw new TypeError(`parameter name '${name}' in ${what} is reserved (the loop index is 'i'); choose another name`);
    }
    let dt: DType | null = null;
    if (typeName.length !== 1) {
      try {
        dt = toDType(typeName);
      } catch {
        throw new TypeError(`unknown type '${typeName}' for parameter '${name}' in ${what}: use a dtype name or a one-letter placeholder`);
      }
    } else if (!/^[A-Za-z]$/.test(typeName)) {
      throw new TypeError(`invalid placeholder type '${typeName}' for parameter '${name}' in ${what}`);
    }
    return { name, dtype: dt, typeName, raw, isOutput };
  });
}

export function checkUniqueNames(params: readonly ParamSpec[]): void {
  const seen = new Set<string>();
  for (const p of params) {
    if (seen.has(p.name)) throw new TypeError(`duplicate parameter name '${p.name}'`);
    seen.add(p.name);
  }
}

/**
 * Types of a kernel's construction options: C code as strings, flags as booleans, and compiler
 * `options` as an array of strings (a lone string would be split into characters downstream).
 */
export function checkKernelOptionTypes(kernel: string, o: Record<string, unknown>, code: readonly string[], flags: readonly string[]): void {
  const shown = describeValue;
  for (const k of code) {
    if (o[k] !== undefined && typeof o[k] !== 'string') throw new TypeError(`${kernel}: option ${k} must be a string of C code, got ${shown(o[k])}`);
  }
  for (const k of flags) {
    if (o[k] !== undefined && typeof o[k] !== 'boolean') throw new TypeError(`${kernel}: option ${k} must be a boolean, got ${shown(o[k])}`);
  }
  const opts = o.options;
  if (opts !== undefined && (!Array.isArray(opts) || opts.some((x) => typeof x !== 'string'))) {
    throw new TypeError(`${kernel}: option options (compiler flags) must be an array of strings such as ['-DX=1'], got ${shown(opts)}`);
  }
}
