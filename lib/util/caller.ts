// The gpuarray call a program made, for errors raised deep inside the library (a refused
// allocation during a graph capture names `GpuArray.add`, not `MemoryPool.malloc`): the outermost
// frame of the package's own code before the program's. Read from a stack trace, so only on
// error paths.
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's compiled root (dist/, holding lib/ and bindings/). */
const PACKAGE_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const OWN = [`${PACKAGE_ROOT}${sep}lib${sep}`, `${PACKAGE_ROOT}${sep}bindings${sep}`];

const FRAME = /^\s*at (?:async )?(?:(.+?) \()?(.+?):\d+:\d+\)?$/;

/** `Object.sqrt` → `sqrt`; `GpuArray.add` stays; anonymous frames give null. */
function cleanName(name: string | undefined): string | null {
  if (name === undefined || name === '<anonymous>') return null;
  const n = name.replace(/^(?:Object|Function|Module)\./, '').replace(/ \[as [^\]]+\]$/, '');
  return n.length > 0 ? n : null;
}

/**
 * The name of the outermost named frame of gpuarray's code below the first frame of the
 * program's code (e.g. `GpuArray.add`), or null when it cannot be told.
 */
export function libraryEntry(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  let last: string | null = null;
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m) continue;
    let file = m[2];
    if (file.startsWith('node:') || file === 'native') continue;
    if (file.startsWith('file://')) file = fileURLToPath(file);
    if (OWN.some((dir) => file.startsWith(dir))) {
      last = cleanName(m[1]) ?? last;
      continue;
    }
    return last;
  }
  return last;
}
