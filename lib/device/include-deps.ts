// The user's own headers as part of a disk-cache key. A kernel can pull in files through
// `#include` (with `-I` folders in its options, or by absolute path); their text shapes the
// binary as much as the source does, so the key hashes what each include resolves to. The scan
// is static and errs on the side of hashing more: every include line counts, taken or not. An
// include it cannot resolve the way the compiler would (a macro, too many files) makes the
// kernel skip the disk cache instead of risking a stale binary.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const INCLUDE = /^[ \t]*#[ \t]*include(?:_next)?[ \t]*(?:"([^"\n]*)"|<([^>\n]*)>|([^\n]*))/gm;
const MAX_FILES = 500;
const MAX_BYTES = 64 * 2 ** 20;

/** The folders named by -I options (`-Idir`, `--include-path=dir`, `-I dir`), resolved against the working folder. */
export function includeDirsOf(options: readonly string[]): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    let d: string | undefined;
    if (o === '-I' || o === '--include-path') d = options[++i];
    else if (o.startsWith('--include-path=')) d = o.slice('--include-path='.length);
    else if (o.startsWith('-I')) d = o.slice(2).replace(/^=/, '');
    if (d) dirs.push(resolve(d));
  }
  return dirs;
}

/** Files forced in by options (NVRTC's --pre-include / -include). */
function preIncludesOf(options: readonly string[]): string[] {
  const files: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (o === '-include' || o === '--pre-include') files.push(options[++i] ?? '');
    else if (o.startsWith('--pre-include=')) files.push(o.slice('--pre-include='.length));
    else if (o.startsWith('-include=')) files.push(o.slice('-include='.length));
  }
  return files.filter((f) => f !== '');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * A digest of every user header `source` reaches, or null when the kernel must not use the disk
 * cache. Names found in none of the user's folders (nor by absolute path) are the toolkit's,
 * the system's or gpuarray's own, which the compiler fingerprint already covers: they enter the
 * digest by name only.
 */
export function userIncludeDigest(source: string, options: readonly string[]): string | null {
  const dirs = includeDirsOf(options);
  const h = createHash('sha256');
  const seen = new Set<string>();
  let bytes = 0;
  // [text, folder of the file that holds it (null: the kernel source, which has no folder)]
  const queue: [string, string | null][] = [[source, null]];
  const visit = (label: string, path: string | null): boolean => {
    h.update(`${label}\0${path ?? '-'}\0`);
    if (path === null || seen.has(path)) return true;
    seen.add(path);
    if (seen.size > MAX_FILES) return false;
    const text = readFileSync(path, 'utf8');
    bytes += text.length;
    if (bytes > MAX_BYTES) return false;
    h.update(text).update('\0');
    queue.push([text, dirname(path)]);
    return true;
  };
  try {
    for (const f of preIncludesOf(options)) if (!visit(`pre ${f}`, resolveInclude(f, true, null, dirs))) return null;
    while (queue.length > 0) {
      const [text, here] = queue.shift()!;
      for (const m of text.matchAll(INCLUDE)) {
        if (m[3] !== undefined) {
          if (m[3].trim() === '') continue;
          return null; // #include MACRO: only the preprocessor knows the file
        }
        const quoted = m[1] !== undefined;
        const name = quoted ? m[1] : m[2];
        if (!visit(`${quoted ? '"' : '<'}${name}`, resolveInclude(name, quoted, here, dirs))) return null;
      }
    }
  } catch {
    return null; // unreadable header: let the compiler report it, but do not cache
  }
  return h.digest('hex');
}

/** Where the compiler would find `name` among the user's files: beside the includer (quoted), then the -I folders. */
function resolveInclude(name: string, quoted: boolean, here: string | null, dirs: readonly string[]): string | null {
  if (isAbsolute(name)) return isFile(name) ? resolve(name) : null;
  const candidates = [...(quoted && here !== null ? [here] : []), ...dirs];
  for (const d of candidates) {
    const p = join(d, name);
    if (isFile(p)) return resolve(p);
  }
  return null;
}
