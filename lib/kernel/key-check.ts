// GPUARRAY_CHECK_KEYS=1 (set by the test suite): on every memo hit, the engines rebuild what a
// specialisation key stands for and compare. A key that leaves out an input of the code generator
// would otherwise run a kernel built for other arguments, silently; with the check it fails loudly.

let enabled: boolean | null = null;

/** Whether memo hits are checked (read once, on first use, so a test runner can set it first). */
export function checkingKeys(): boolean {
  return (enabled ??= process.env.GPUARRAY_CHECK_KEYS === '1');
}

/** Memo hits checked so far, per engine (the test suite asserts each engine is wired). */
export const checkedHits = new Map<string, number>();

/** Throws when one key stood for two different things (kernel sources, launch layouts). */
export function assertSameBuild(engine: string, key: string | number, first: string, now: string): void {
  checkedHits.set(engine, (checkedHits.get(engine) ?? 0) + 1);
  if (first === now) return;
  let at = 0;
  while (at < first.length && first[at] === now[at]) at++;
  const near = (s: string) => JSON.stringify(s.slice(Math.max(0, at - 40), at + 80));
  throw new Error(
    `gpuarray internal error (GPUARRAY_CHECK_KEYS): the ${engine} key ${String(key)} stands for two different builds; ` +
      `first differing at character ${at}: ${near(first)} vs ${near(now)}`,
  );
}
