// A user's project in a temporary folder: gpuarray installed from this checkout's `npm pack`
// tarball (so only the files package.json ships), its dependencies linked from this checkout's
// node_modules (no registry, no install scripts), and the sources of test/consumer/.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file runs from dist/test/). */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** No `npm` on PATH (a GPU host given only a Node binary): the consumer test cannot pack. */
export class NpmMissingError extends Error {
  constructor() {
    super('npm is not on PATH: cannot pack the package');
  }
}

export interface ConsumerApp {
  dir: string;
  /** What `npm pack` put in the tarball (paths inside the package). */
  packedFiles: string[];
  /** Write a source file under src/. */
  addSource(name: string, text: string): void;
  /** Type-check src/ with one of test/consumer's tsconfigs; returns tsc's diagnostics ('' when clean). */
  typecheck(config: 'nodenext' | 'bundler'): string;
  /** Run a compiled module of out/ on a device; stdout, stderr and status. */
  run(name: string, device: string): { status: number | null; stdout: string; stderr: string };
  remove(): void;
}

function link(app: string, pkg: string): void {
  const to = join(app, 'node_modules', pkg);
  mkdirSync(dirname(to), { recursive: true });
  symlinkSync(join(REPO, 'node_modules', pkg), to, 'dir');
}

export function makeConsumerApp(): ConsumerApp {
  const dir = mkdtempSync(join(tmpdir(), 'gpuarray-consumer-'));
  // dist/ is built by `npm test` before mocha starts: pack it as it is, without lifecycle scripts.
  let packOut: string;
  try {
    packOut = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new NpmMissingError();
    throw e;
  }
  const packed = JSON.parse(packOut) as { filename: string; files: { path: string }[] }[];
  const tarball = join(dir, packed[0].filename);
  cpSync(join(REPO, 'test', 'consumer'), dir, { recursive: true });
  const installed = join(dir, 'node_modules', 'gpuarray');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dep of Object.keys(pkg.dependencies ?? {})) link(dir, dep);
  link(dir, '@types/node');
  const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
  return {
    dir,
    packedFiles: packed[0].files.map((f) => f.path),
    addSource(name, text) {
      writeFileSync(join(dir, 'src', name), text);
    },
    typecheck(config) {
      const r = spawnSync(process.execPath, [tsc, '-p', `tsconfig.${config}.json`, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
      return r.status === 0 ? '' : `${r.stdout}${r.stderr}`.trim() || `tsc exited with ${r.status}`;
    },
    run(name, device) {
      const r = spawnSync(process.execPath, [join(dir, 'out', name)], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, GPUARRAY_DEVICE: device, GPUARRAY_PERFORMANCE_WARNINGS: '0' },
        timeout: 580_000, // under the test's 600 s: main.ts compiles a few hundred kernels on an empty cache (about 2 minutes alone; CI runs two test files at once)
      });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A ```ts block of a Markdown file, with the lines its `// → ` comments say it prints. */
export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  expected: string[];
}

/**
 * The ```ts blocks of a Markdown file. A block whose first code line is not an `import`
 * continues the block above it (the README's tour builds on earlier blocks), so it is joined to
 * that block's code. `// → text` after a statement is the exact line it prints.
 */
export function docBlocks(file: string): DocBlock[] {
  const lines = readFileSync(join(REPO, file), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let k = 0; k < lines.length; k++) {
    if (lines[k].trim() !== '```ts') continue;
    const start = k;
    const body: string[] = [];
    for (k++; k < lines.length && lines[k].trim() !== '```'; k++) body.push(lines[k]);
    const first = body.find((l) => l.trim() !== '') ?? '';
    const prev = blocks.at(-1);
    const code = !/^import\b/.test(first.trim()) && prev ? `${prev.code}\n${body.join('\n')}` : body.join('\n');
    const expected = body.flatMap((l) => {
      const m = /\/\/ → (.*)$/.exec(l);
      return m ? [m[1].trimEnd()] : [];
    });
    blocks.push({ file, line: start + 1, code, expected });
  }
  return blocks;
}
