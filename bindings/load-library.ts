// Open the first loadable library among candidates, remembering why each one failed.
import koffi from 'koffi';

export type LibraryHandle = ReturnType<typeof koffi.load>;

export interface LoadedLibrary {
  lib: LibraryHandle;
  path: string;
}

/** Open one library; the loader's reason (first line) when it cannot. */
export function tryLoad(path: string): LoadedLibrary | { error: string } {
  try {
    return { lib: koffi.load(path), path };
  } catch (e) {
    return { error: `${path}: ${(e as Error).message.split('\n')[0].replace(/^Failed to load shared library:\s*/, '')}` };
  }
}

export function loadFirst(what: string, candidates: readonly string[]): LoadedLibrary | { error: string } {
  const failures: string[] = [];
  for (const path of candidates) {
    const r = tryLoad(path);
    if (!('error' in r)) return r;
    failures.push(r.error);
  }
  return { error: `no loadable ${what} (tried ${failures.join('; ') || 'nothing'})` };
}

/**
 * The first of `candidates` that loads and that `open` accepts (it declares the functions and
 * asks the library its version; a throw means "not this one"), or why none did.
 */
export function openFirst<T>(what: string, hint: string, candidates: readonly string[], open: (loaded: LoadedLibrary) => T): T | { error: string } {
  const failures: string[] = [];
  for (const path of candidates) {
    const r = tryLoad(path);
    if ('error' in r) {
      failures.push(r.error);
      continue;
    }
    try {
      return open(r);
    } catch (e) {
      failures.push(`${path}: ${(e as Error).message}`);
    }
  }
  return { error: `no usable ${what} (${hint}): ${failures.join('; ') || 'no candidates'}` };
}
