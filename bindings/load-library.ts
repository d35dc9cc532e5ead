// Open the first loadable library among candidates, remembering why each one failed.
import koffi from 'koffi';

export type LibraryHandle = ReturnType<typeof koffi.load>;

export interface LoadedLibrary {
  lib: LibraryHandle;
  path: string;
}

export function loadFirst(what: string, candidates: readonly string[]): LoadedLibrary | { error: string } {
  const failures: string[] = [];
  for (const path of candidates) {
    try {
      return { lib: koffi.load(path), path };
    } catch (e) {
      failures.push(`${path}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return { error: `no loadable ${what} (tried ${failures.join('; ') || 'nothing'})` };
}
