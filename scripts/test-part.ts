// `npm run test:part -- K N`: run the K-th of N parts of the built test suite (files dealt out in
// turn, by name), so a GPU host whose calls are time-limited runs the whole suite in N calls.
// `npm run test:part -- all N`: the N parts at once, each in its own process, each part's output
// printed when it ends (the whole suite on both backends took 5 minutes this way on the H200 host,
// 16 cores, where one process takes about 14).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const [kArg, nArg] = process.argv.slice(2);
const n = Number(nArg);
const all = kArg === 'all';
const k = Number(kArg);
if (!Number.isInteger(n) || n < 1 || (!all && (!Number.isInteger(k) || k < 1 || k > n))) {
  console.error('usage: npm run test:part -- K N   (1 <= K <= N), or -- all N');
  process.exit(2);
}
const files = (function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.test.js') ? [join(dir, e.name)] : [],
  );
})('dist/test')
  .map((f) => relative('.', f))
  .sort();
const partFiles = (p: number) => files.filter((_, i) => i % n === p - 1);
const mochaArgs = (p: number) => ['mocha', '--no-config', '--require', 'dist/test/backends-banner.js', '--timeout', '300000', '--reporter', 'dot', ...partFiles(p)];

if (!all) {
  console.log(`test part ${k} of ${n}: ${partFiles(k).length} files`);
  const r = spawnSync('npx', mochaArgs(k), { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
const runs = Array.from({ length: n }, (_, i) => {
  const p = i + 1;
  return new Promise<number>((resolve) => {
    const child = spawn('npx', mochaArgs(p), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      console.log(`\n==== test part ${p} of ${n}: ${partFiles(p).length} files, exit ${code}\n${out}`);
      resolve(code ?? 1);
    });
  });
});
const codes = await Promise.all(runs);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
