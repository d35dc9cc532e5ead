// Constructs the cpu backend cannot run: its threads of a block run one after another, so
// anything that needs them to meet (shared memory, barriers, warp exchanges) is refused up front.
const CONSTRUCTS: readonly [RegExp, string][] = [
  [/\b__shared__\b/, '__shared__'],
  [/\b__syncthreads\w*\s*\(/, '__syncthreads'],
  [/\b__syncwarp\s*\(/, '__syncwarp'],
  [/\b__shfl\w*\s*\(/, 'warp shuffle (__shfl*)'],
  [/\b__(ballot|any|all|match|reduce_\w+)_sync\s*\(/, 'warp vote/match (__*_sync)'],
  [/\b__activemask\s*\(/, '__activemask'],
  [/\bcooperative_groups\b/, 'cooperative_groups'],
];

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');

/** The first construct in `source` the cpu backend cannot run, or null. */
export function findHostUnsupported(source: string): string | null {
  const code = stripComments(source);
  for (const [re, what] of CONSTRUCTS) if (re.test(code)) return what;
  return null;
}
