// What a CompileError says about the user's own code: each compiler error that falls inside a
// kernel body or expression the user wrote, as that line of their code with a caret under the
// column and the compiler's message, instead of a line number in a generated source they never
// saw. Reads both log styles: g++/clang `name.cu:19:16: error: ...` and NVRTC
// `name.cu(19): error: ...` followed by the echoed line and a caret line.

/** A piece of user code in the generated source: `text`'s line 1 sits at each of `starts` (1-based). */
export interface UserRegion {
  /** How the note names it: 'kernel body', 'map expression', ... */
  what: string;
  text: string;
  starts: readonly number[];
}

interface LogError {
  line: number;
  /** 1-based column in the generated line, when the compiler gave one. */
  col: number | null;
  /** The line as the compiler echoed it (NVRTC), to place its caret. */
  echoed: string | null;
  message: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function logErrors(log: string, file: string): LogError[] {
  const re = new RegExp(`${escape(file)}(?:\\((\\d+)\\):?|:(\\d+):(?:(\\d+):)?)\\s*(?:(?:fatal )?error:\\s*)?(.*)$`);
  const lines = log.split('\n');
  const out: LogError[] = [];
  lines.forEach((l, k) => {
    const m = re.exec(l);
    if (!m || !/error/.test(l)) return;
    let col = m[3] === undefined ? null : Number(m[3]);
    let echoed: string | null = null;
    // NVRTC echoes the line and puts a caret under the column on the line after.
    if (m[1] !== undefined && k + 2 < lines.length && /^\s*\^\s*$/.test(lines[k + 2])) {
      echoed = lines[k + 1];
      col = lines[k + 2].indexOf('^') + 1;
    }
    out.push({ line: Number(m[1] ?? m[2]), col, echoed, message: m[4].trim() });
  });
  return out;
}

/** One note per distinct error in user code: the line with a caret and the compiler's message. */
export function userCodeNote(log: string, file: string, source: string | null, regions: readonly UserRegion[]): string {
  const sourceLines = source === null ? [] : source.split('\n');
  const notes = new Map<string, string>();
  for (const e of logErrors(log, file)) {
    for (const r of regions) {
      const text = r.text.split('\n');
      for (const start of r.starts) {
        const n = e.line - start + 1;
        if (n < 1 || n > text.length) continue;
        const userLine = text[n - 1];
        const trimmed = userLine.trim();
        // Where the user's text sits in the line the compiler measured its column on.
        const measured = e.echoed ?? sourceLines[e.line - 1] ?? '';
        const at = trimmed === '' ? -1 : measured.indexOf(trimmed);
        const userCol = e.col !== null && at >= 0 ? e.col - 1 - at + (userLine.length - userLine.trimStart().length) : -1;
        const key = `${r.what}:${n}:${userCol}:${e.message}`;
        if (notes.has(key)) continue;
        const gutter = `  ${n} | `;
        const caret = userCol >= 0 && userCol <= userLine.length ? `\n${' '.repeat(gutter.length - 2)}| ${' '.repeat(userCol)}^ ${e.message}` : `\n  ${e.message}`;
        notes.set(key, `error in line ${n} of the ${r.what}: ${trimmed}\n${gutter}${userLine}${caret}`);
      }
    }
  }
  return [...notes.values()].join('\n');
}
