// What the examples share: running main() when a file is executed directly (node
// dist/examples/vec_add.js) and not when it is imported (the demo, the tests).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where an example prints its lines (console.log by default; the tests capture them). */
export type Log = (line: string) => void;

/** Whether the module at `moduleUrl` is the program node was started with. */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

export function runIfMain(moduleUrl: string, main: (log: Log) => void): void {
  if (isMain(moduleUrl)) main(console.log);
}
