// Constructs the cpu backend cannot run. Shared memory, barriers, warp shuffles and votes run
// there (host_coop.h); these do not yet, and inline PTX has no host meaning. Matched on the
// source with comments removed.
const CONSTRUCTS: readonly [RegExp, string][] = [
  [/\b__(uni|match_any|match_all)(_sync)?\s*\(/, 'warp match (__match_any_sync/__match_all_sync/__uni)'],
  [/\b__reduce_\w+_sync\s*\(/, 'warp reduce (__reduce_*_sync)'],
  [/\bcooperative_groups\b/, 'cooperative_groups'],
  [/\b(asm|__asm__)\s*(volatile\s*|__volatile__\s*)?\(/, 'inline PTX assembly (asm)'],
];

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');

/** Every construct in `source` the cpu backend cannot run, in the table's order (empty: none). */
export function findHostUnsupported(source: string): string[] {
  const code = stripComments(source);
  return CONSTRUCTS.filter(([re]) => re.test(code)).map(([, what]) => what);
}
