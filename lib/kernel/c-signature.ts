// The parameter lists of `extern "C" __global__` kernels in plain CUDA C, parsed so that every
// launch argument can be checked and marshalled by its declared C type (CuPy does neither).
// Understood: builtin arithmetic types, the <stdint.h>/<stddef.h> names, __half, pointers to
// them (and void*), const/volatile/__restrict__, `T x[]`, and simple typedef/using/#define
// aliases of those. Anything else (structs, CArray, references) is refused with the param named.
import { DType, dtypes } from '../core/dtype.js';

/** One parsed kernel parameter. */
export interface CParam {
  /** Position in the list. */
  index: number;
  /** The parameter's name, or `#k` (1-based) when the declaration has none. */
  name: string;
  /** The declaration as written, e.g. `const float* __restrict__ x`. */
  text: string;
  /** The type alone, for the cpu launch trampoline, e.g. `const float* __restrict__`. */
  ctype: string;
  /** The C base type, normalised: 'float', 'unsigned int', 'long long', 'void', ... */
  base: string;
  /** Pointer depth (0 for a scalar; only 0 and 1 are accepted). */
  pointer: number;
  /** True when the pointee (or the scalar) is const. */
  isConst: boolean;
  /** dtype of the scalar or of the pointee; null for void*. */
  dtype: DType | null;
}

export interface CKernelSignature {
  name: string;
  params: readonly CParam[];
}

/** A kernel whose declaration was found but cannot be marshalled; the reason names the param. */
export interface CKernelProblem {
  name: string;
  reason: string;
}

export interface ParsedSource {
  kernels: Map<string, CKernelSignature>;
  /** extern "C" kernels with parameters gpuarray cannot pass, by name. */
  problems: Map<string, CKernelProblem>;
  /**
   * __global__ functions that are not extern "C" (their names are mangled), with their parameter
   * lists: reachable only as name expressions (RawModule's nameExpressions, CuPy's too).
   */
  notExternC: Map<string, string>;
  /** `template <...> __global__` kernels by name, instantiated through RawModule's nameExpressions. */
  templates: Map<string, KernelTemplate>;
  /** typedef/using/#define aliases of builtin types in the source. */
  aliases: Map<string, string>;
}

export interface KernelTemplate {
  name: string;
  /** The template parameters in order: `typename T` -> {name: 'T', isType: true}. */
  templateParams: readonly { name: string; isType: boolean }[];
  /** The function parameter list as written between the parentheses. */
  paramList: string;
}

// Normalised builtin base types and their dtypes (LP64: long is 64-bit, as on the GPU host).
const BASES: Record<string, DType | null> = {
  void: null,
  bool: dtypes.bool,
  char: dtypes.int8,
  'signed char': dtypes.int8,
  'unsigned char': dtypes.uint8,
  short: dtypes.int16,
  'unsigned short': dtypes.uint16,
  int: dtypes.int32,
  'unsigned int': dtypes.uint32,
  long: dtypes.int64,
  'unsigned long': dtypes.uint64,
  'long long': dtypes.int64,
  'unsigned long long': dtypes.uint64,
  float: dtypes.float32,
  double: dtypes.float64,
  __half: dtypes.float16,
  'complex<float>': dtypes.complex64,
  'complex<double>': dtypes.complex128,
};

const NAMED: Record<string, string> = {
  size_t: 'unsigned long',
  ptrdiff_t: 'long',
  ssize_t: 'long',
  int8_t: 'signed char',
  uint8_t: 'unsigned char',
  int16_t: 'short',
  uint16_t: 'unsigned short',
  int32_t: 'int',
  uint32_t: 'unsigned int',
  int64_t: 'long',
  uint64_t: 'unsigned long',
  half: '__half',
  __half: '__half',
  float16: '__half',
  // CUDA's vector and cuComplex spellings of the complex layouts (CuPy's kernel-argument table).
  float2: 'complex<float>',
  cuFloatComplex: 'complex<float>',
  cuComplex: 'complex<float>',
  double2: 'complex<double>',
  cuDoubleComplex: 'complex<double>',
};

/** `complex<float>`, `thrust::complex<double>`, `gpa::complex<float>` ... as one type word. */
const COMPLEX_TEMPLATE = /\b(?:[A-Za-z_]\w*::)*complex\s*<\s*(float|double)\s*>/g;
const complexWord = (t: 'float' | 'double') => `__gpa_complex_${t}`;
const COMPLEX_WORDS: Record<string, string> = { [complexWord('float')]: 'complex<float>', [complexWord('double')]: 'complex<double>' };

const BUILTIN_WORDS = new Set(['void', 'bool', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned']);
const QUALIFIERS = new Set(['const', 'volatile', '__restrict__', '__restrict', 'restrict']);

/** 'unsigned' + 'long' + 'long' + 'int' -> 'unsigned long long'; null for an impossible mix. */
function normaliseBuiltin(words: readonly string[]): string | null {
  const count = (w: string) => words.filter((x) => x === w).length;
  const signed = count('signed');
  const unsigned = count('unsigned');
  const longs = count('long');
  const shorts = count('short');
  const ints = count('int');
  const others = words.filter((w) => !['signed', 'unsigned', 'long', 'short', 'int'].includes(w));
  if (signed + unsigned > 1 || ints > 1 || longs > 2 || shorts > 1 || (longs && shorts) || others.length > 1) return null;
  const u = unsigned ? 'unsigned ' : '';
  if (others.length === 1) {
    const o = others[0];
    if (o === 'char' && !longs && !shorts && !ints) return signed ? 'signed char' : unsigned ? 'unsigned char' : 'char';
    if ((o === 'float' || o === 'double' || o === 'bool' || o === 'void') && words.length === 1) return o;
    if (o === 'double' && longs === 1 && words.length === 2) return 'long double';
    return null;
  }
  if (shorts) return `${u}short`;
  if (longs === 2) return `${u}long long`;
  if (longs === 1) return `${u}long`;
  return `${u}int`;
}

const stripComments = (s: string) =>
  s.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, (m) => ' '.repeat(m.length));

/** Simple aliases of builtin types: `typedef float real;`, `using idx = long long;`, `#define T float`. */
function collectAliases(code: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const add = (name: string, typeText: string) => {
    const words = typeText.trim().split(/\s+/).filter((w) => w !== 'const');
    const base = resolveBase(words, aliases);
    if (base !== null && !typeText.includes('*')) aliases.set(name, base);
  };
  for (const m of code.matchAll(/\btypedef\s+([A-Za-z_][\w\s]*?)\s+([A-Za-z_]\w*)\s*;/g)) add(m[2], m[1]);
  for (const m of code.matchAll(/\busing\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w\s]*?)\s*;/g)) add(m[1], m[2]);
  for (const m of code.matchAll(/^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+([A-Za-z_][\w \t]*?)[ \t]*$/gm)) add(m[1], m[2]);
  return aliases;
}

/** Base type of a list of type words (builtins, stdint names, aliases), or null if unknown. */
function resolveBase(words: readonly string[], aliases: ReadonlyMap<string, string>): string | null {
  if (words.length === 0) return null;
  if (words.every((w) => BUILTIN_WORDS.has(w))) return normaliseBuiltin(words);
  if (words.length === 1) {
    const w = words[0].replace(/^std::/, '');
    return COMPLEX_WORDS[w] ?? NAMED[w] ?? aliases.get(w) ?? null;
  }
  return null;
}

/** Split at top-level commas (ignoring those inside (), <>, [] ). */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '<' || c === '[') depth++;
    else if (c === ')' || c === '>' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** Parse one parameter declaration; throws a TypeError whose message names it. */
export function parseParam(text: string, index: number, aliases: ReadonlyMap<string, string> = new Map()): CParam {
  const written = text.trim().replace(/\s+/g, ' ');
  const complexSpellings = new Map<string, string>();
  const decl = written.replace(COMPLEX_TEMPLATE, (m, t: 'float' | 'double') => {
    complexSpellings.set(complexWord(t), m);
    return complexWord(t);
  });
  const label = (n: string | null) => (n ? `'${n}'` : `#${index + 1}`);
  if (/[<>]/.test(decl)) {
    const last = /([A-Za-z_]\w*)\s*$/.exec(decl)?.[1] ?? null;
    throw new TypeError(
      `parameter ${label(last)} has the template type '${decl.replace(/\s*[A-Za-z_]\w*\s*$/, '')}', which gpuarray cannot pass to a raw ` +
        `kernel (CArray and other structs included): pass a pointer and the sizes you need instead`,
    );
  }
  const tokens: string[] = decl.match(/[A-Za-z_][\w:]*|\*|&|\[|\]|[^\s]/g) ?? [];
  const typeWords: string[] = [];
  const typeTokens: string[] = [];
  let pointer = 0;
  let constBeforeStar = false;
  let name: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (QUALIFIERS.has(t)) {
      if (t === 'const' && pointer === 0) constBeforeStar = true;
      typeTokens.push(t === 'restrict' ? '__restrict__' : t);
    } else if (t === '*') {
      if (name !== null) throw new TypeError(`cannot parse parameter ${label(name)} (${decl})`);
      pointer++;
      typeTokens.push('*');
    } else if (t === '[') {
      // `T x[]` or `T x[N]` decays to a pointer.
      const close = tokens.indexOf(']', i);
      if (close < 0) throw new TypeError(`cannot parse parameter ${label(name)} (${decl})`);
      pointer++;
      typeTokens.push('*');
      i = close;
    } else if (t === '&') {
      throw new TypeError(`parameter ${label(name)} (${decl}): references cannot be kernel parameters`);
    } else if (/^[A-Za-z_]/.test(t)) {
      const isTypeWord = BUILTIN_WORDS.has(t) || (typeWords.length === 0 && pointer === 0);
      if (isTypeWord && name === null && pointer === 0) {
        typeWords.push(t);
        typeTokens.push(t);
      } else if (name === null) name = t;
      else throw new TypeError(`cannot parse parameter ${label(name)} (${decl})`);
    } else {
      throw new TypeError(`cannot parse parameter ${label(name)} (${decl}): unexpected '${t}'`);
    }
  }
  const base = resolveBase(typeWords, aliases);
  if (base === null) {
    const typeText = typeWords.join(' ') || '(none)';
    throw new TypeError(
      `parameter ${label(name)} has type '${typeText}', which gpuarray cannot pass to a raw kernel: use a builtin ` +
        `arithmetic type (int, float, long long, size_t, ...), __half, complex<float>/complex<double>, or a pointer to one`,
    );
  }
  if (base === 'long double') throw new TypeError(`parameter ${label(name)}: long double is not supported on the GPU`);
  if (pointer > 1) throw new TypeError(`parameter ${label(name)} (${decl}): pointers to pointers cannot be passed; pass a pointer to data`);
  if (pointer === 0 && base === 'void') throw new TypeError(`parameter ${label(name)} (${decl}): void is only valid as void*`);
  if (pointer === 0 && base.startsWith('complex<')) {
    throw new TypeError(`parameter ${label(name)} (${written}): complex scalars cannot be passed by value yet; pass a pointer to one`);
  }
  return {
    index,
    name: name ?? `#${index + 1}`,
    text: written,
    ctype: typeTokens
      .map((t) => complexSpellings.get(t) ?? t)
      .join(' ')
      .replace(/ \*/g, '*'),
    base,
    pointer,
    isConst: constBeforeStar,
    dtype: BASES[base] ?? null,
  };
}

/** Parse a parameter list as written between the parentheses. */
export function parseParamList(list: string, aliases: ReadonlyMap<string, string> = new Map()): CParam[] {
  const text = list.trim();
  if (text === '' || text === 'void') return [];
  return splitTopLevel(text).map((p, i) => parseParam(p, i, aliases));
}

/** [start, end) ranges of `extern "C" { ... }` blocks. */
function externCBlocks(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const m of code.matchAll(/\bextern\s*"C"\s*\{/g)) {
    let depth = 1;
    let i = m.index! + m[0].length;
    for (; i < code.length && depth > 0; i++) {
      if (code[i] === '{') depth++;
      else if (code[i] === '}') depth--;
    }
    ranges.push([m.index!, i]);
  }
  return ranges;
}

/** Every `__global__` function definition of `source`, split into usable kernels and problems. */
export function parseKernels(source: string): ParsedSource {
  // Blank out line continuations, comments and __launch_bounds__(...) keeping offsets, so positions
  // stay meaningful (CuPy's user guide continues signatures with a backslash-newline).
  const code = stripComments(source.replace(/\\\r?\n/g, (m) => ' '.repeat(m.length))).replace(
    /__launch_bounds__\s*\([^)]*\)/g,
    (m) => ' '.repeat(m.length),
  );
  const aliases = collectAliases(code);
  const blocks = externCBlocks(code);
  const out: ParsedSource = { kernels: new Map(), problems: new Map(), notExternC: new Map(), templates: new Map(), aliases };
  const re = /\b__global__\b/g;
  for (const m of code.matchAll(re)) {
    const at = m.index!;
    const open = code.indexOf('(', at);
    if (open < 0) continue;
    const head = code.slice(at + m[0].length, open);
    const hm = /^([\s\w]*?)\b([A-Za-z_]\w*)\s*$/.exec(head);
    if (!hm || !/\bvoid\b/.test(hm[1])) continue;
    const name = hm[2];
    let depth = 1;
    let close = open + 1;
    for (; close < code.length && depth > 0; close++) {
      if (code[close] === '(') depth++;
      else if (code[close] === ')') depth--;
    }
    const after = code.slice(close).trimStart();
    if (!after.startsWith('{')) continue; // a declaration; the definition carries the signature
    const before = code.slice(Math.max(0, at - 40), at);
    const externC = /\bextern\s*"C"\s*$/.test(before) || blocks.some(([s, e]) => at > s && at < e);
    const templated = /\btemplate\s*<([^>]*)>\s*$/.exec(code.slice(Math.max(0, at - 200), at));
    if (templated) {
      const templateParams = splitTopLevel(templated[1]).map((t) => {
        const words = t.trim().split(/\s+/);
        return { name: words[words.length - 1].replace(/=.*$/, ''), isType: words[0] === 'typename' || words[0] === 'class' };
      });
      out.templates.set(name, { name, templateParams, paramList: code.slice(open + 1, close - 1) });
    }
    if (!externC || templated) {
      out.notExternC.set(name, code.slice(open + 1, close - 1));
      continue;
    }
    try {
      out.kernels.set(name, { name, params: parseParamList(code.slice(open + 1, close - 1), aliases) });
      out.problems.delete(name);
    } catch (e) {
      out.problems.set(name, { name, reason: (e as Error).message });
    }
  }
  return out;
}

/** The signature of kernel `name` in `source`, or a TypeError saying why it cannot be launched. */
export function kernelSignature(source: string, name: string, parsed: ParsedSource = parseKernels(source)): CKernelSignature {
  const sig = parsed.kernels.get(name);
  if (sig) return sig;
  const problem = parsed.problems.get(name);
  if (problem) throw new TypeError(`kernel '${name}': ${problem.reason}`);
  if (parsed.templates.has(name)) {
    throw new TypeError(
      `kernel '${name}' is a template: name one instantiation, e.g. RawModule({code, nameExpressions: ['${name}<float>']}) ` +
        `then getFunction('${name}<float>')`,
    );
  }
  if (parsed.notExternC.has(name)) {
    throw new TypeError(
      `kernel '${name}' is not declared extern "C" (or is a template): its name is mangled and cannot be found; ` +
        `write it as extern "C" __global__ void ${name}(...)`,
    );
  }
  const known = [...parsed.kernels.keys(), ...parsed.problems.keys()];
  throw new TypeError(
    `no extern "C" __global__ kernel named '${name}' in the source` + (known.length ? ` (found: ${known.join(', ')})` : ''),
  );
}

/**
 * The signature of a template kernel instantiation named like CuPy's name expressions
 * (`fx3<float>`, `scale<double, 4>`): type arguments replace their template parameters in the
 * parameter list; non-type arguments do not appear in it.
 */
export function templateKernelSignature(parsed: ParsedSource, expression: string): CKernelSignature {
  const plain = /^\s*([A-Za-z_]\w*)\s*$/.exec(expression);
  if (plain) return plainKernelSignature(parsed, expression, plain[1]);
  const m = /^\s*([A-Za-z_]\w*)\s*<(.*)>\s*$/s.exec(expression);
  if (!m) throw new TypeError(`name expression '${expression}' is not of the form kernel or kernel<args>`);
  const [, name, argText] = m;
  const tpl = parsed.templates.get(name);
  if (!tpl) throw new TypeError(`name expression '${expression}': no template __global__ kernel named '${name}' in the source`);
  const args = splitTopLevel(argText).map((a) => a.trim());
  if (args.length !== tpl.templateParams.length) {
    throw new TypeError(`name expression '${expression}': '${name}' takes ${tpl.templateParams.length} template arguments, got ${args.length}`);
  }
  let list = tpl.paramList;
  tpl.templateParams.forEach((p, i) => {
    if (p.isType) list = list.replace(new RegExp(`\\b${p.name}\\b`, 'g'), args[i]);
  });
  try {
    return { name: expression, params: parseParamList(list, parsed.aliases) };
  } catch (e) {
    throw new TypeError(`kernel '${expression}': ${(e as Error).message}`);
  }
}

/**
 * A name expression naming a kernel that is no template (CuPy's docstring lists `'func2'` beside
 * `'func1<int>'`): an extern "C" kernel, or one whose name NVRTC mangles and the expression finds.
 */
function plainKernelSignature(parsed: ParsedSource, expression: string, name: string): CKernelSignature {
  if (parsed.templates.has(name)) throw new TypeError(`name expression '${expression}': '${name}' is a template; name an instantiation such as '${name}<float>'`);
  const list = parsed.notExternC.get(name);
  if (list === undefined) return { ...kernelSignature('', name, parsed), name: expression };
  try {
    return { name: expression, params: parseParamList(list, parsed.aliases) };
  } catch (e) {
    throw new TypeError(`kernel '${expression}': ${(e as Error).message}`);
  }
}
