// CuPy's parameter lists: "float32 x, raw T y" -> typed parameters. A one-letter type is a
// placeholder bound by the arguments; longer type names must be dtypes.
import { DType, dtype as toDType } from '../core/dtype.js';

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
const RESERVED = new Set(['i', '_ind', '_n', 'n', 'int', 'float', 'double', 'char', 'bool', 'void', 'long', 'short', 'unsigned', 'signed', 'const', 'return', 'if', 'else', 'for', 'while', 'struct', 'class', 'typedef', 'auto']);

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
