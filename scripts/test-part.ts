// `npm run test:part -- K N`: run the K-th of N parts of the built test suite (files dealt out in
// turn, by name), so a GPU host whose calls are time-limited runs the whole suite in N calls.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const [k, n] = process.argv.slice(2).map(Number);
if (!Number.isInteger(k) || !Number.isInteger(n) || n < 1 || k < 1 || k > n) {
  console.error('usage: npm run test:part -- K N   (1 <= K <= N)');
  process.exit(2);
}
const files = (function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.test.js') ? [join(dir, e.name)] : [],
  );
})('dist/test')
  .map((f) => relative('.', f))
  .sort()
  .filter((_, i) => i % n === k - 1);
console.log(`test part ${k} of ${n}: ${files.length} files`);
const r = spawnSync('npx', ['mocha', '--no-config', '--require', 'dist/test/backends-banner.js', '--timeout', '300000', '--reporter', 'dot', ...files], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
