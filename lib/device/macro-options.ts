// The -D/-U compiler options of a kernel as #define/#undef lines placed after gpuarray's own
// headers (common.h and the cpu backend's runtime), not on the command line: there a macro named
// like a template parameter of those headers (-DN=4, -DT=float) rewrites them and the compile
// fails, where CuPy's RawKernel prepends no header and the same options just work.

/** A macro definition as -D takes it: NAME, NAME=VALUE or NAME(args)=VALUE, on one line. */
const DEFINITION = /^([A-Za-z_][A-Za-z0-9_]*(?:\([A-Za-z0-9_,\s.]*\))?)(?:=([^\n]*))?$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Split `options` into the preprocessor lines of their -D/-U options (in order, as the command
 * line would apply them; `-DX`, `-D X`, `--define-macro=X`, `-UX`, `--undefine-macro=X`), the
 * options those lines were made of (`taken`) and the rest. An option the lines cannot express (a
 * newline in a value, a malformed name) stays in the rest, for the compiler to take or refuse.
 */
export function splitMacroOptions(options: readonly string[]): { lines: string; rest: string[]; taken: string[] } {
  const lines: string[] = [];
  const rest: string[] = [];
  const taken: string[] = [];
  for (let k = 0; k < options.length; k++) {
    const o = options[k];
    const m = /^(?:-([DU])|--(define|undefine)-macro(?:=|$))(.*)$/s.exec(o);
    if (m === null) {
      rest.push(o);
      continue;
    }
    const define = m[1] === 'D' || m[2] === 'define';
    const separate = m[3] === '' && k + 1 < options.length;
    const arg = separate ? options[k + 1] : m[3];
    const line = define ? defineLine(arg) : NAME.test(arg) ? `#undef ${arg}` : null;
    if (line === null) {
      rest.push(o);
      continue;
    }
    lines.push(line);
    taken.push(o);
    if (separate) taken.push(options[++k]);
  }
  return { lines: lines.map((l) => `${l}\n`).join(''), rest, taken };
}

function defineLine(def: string): string | null {
  const m = DEFINITION.exec(def);
  if (m === null) return null;
  return `#define ${m[1]} ${m[2] ?? '1'}`;
}
