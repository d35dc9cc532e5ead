// gpuarray as a user's project gets it: installed from the npm tarball into a separate package,
// type-checked under strict NodeNext and Bundler resolution, and run. The project is
// test/consumer/src/main.ts (every public name) plus every ```ts block of the Markdown docs.
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { ConsumerApp, DocBlock, docBlocks, makeConsumerApp, NpmMissingError, REPO } from './consumer-app.js';
import { DEVICE_SPECS } from './helpers.js';

const DOC_FILES = ['README.md', 'FEATURES.md', 'docs/ARCHITECTURE.md', 'docs/SCALING.md'].filter((f) => existsSync(join(REPO, f)));

/** Is `expected` a subsequence of the printed lines (other lines may come between)? */
function printsInOrder(stdout: string, expected: readonly string[]): string | null {
  const lines = stdout.split('\n').map((l) => l.trimEnd());
  let at = 0;
  for (const want of expected) {
    const found = lines.indexOf(want, at);
    if (found < 0) return want;
    at = found + 1;
  }
  return null;
}

describe('consumer package (npm pack -> a separate project)', function () {
  let app: ConsumerApp;
  const blocks: (DocBlock & { module: string })[] = [];
  const diagnostics = { nodenext: '', bundler: '' };

  before(function () {
    this.timeout(600_000);
    try {
      app = makeConsumerApp();
    } catch (e) {
      // Packing needs npm; a host with only a Node binary runs the rest of the suite.
      if (e instanceof NpmMissingError) this.skip();
      throw e;
    }
    for (const file of DOC_FILES) {
      docBlocks(file).forEach((b, n) => {
        const module = `doc-${file.replace(/[^A-Za-z0-9]+/g, '-')}-${n + 1}`;
        app.addSource(`${module}.ts`, b.code + '\n');
        blocks.push({ ...b, module });
      });
    }
    diagnostics.nodenext = app.typecheck('nodenext');
    diagnostics.bundler = app.typecheck('bundler');
  });
  after(() => app?.remove());

  it('ships the library, its types and kernel headers, and no tests, benchmarks, probes or examples', () => {
    const files = app.packedFiles;
    expect(files).to.include.members(['package.json', 'README.md', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'kernels/gpuarray/common.h']);
    const stray = files.filter((f) => /^(test|bench|examples|scripts|dist\/(test|bench|examples|scripts))\//.test(f) || f.endsWith('.map') || /^lib\/|^bindings\//.test(f));
    expect(stray, 'files that a consumer does not need').to.deep.equal([]);
  });

  it('type-checks under strict NodeNext resolution', () => {
    expect(diagnostics.nodenext, 'tsc -p tsconfig.nodenext.json').to.equal('');
  });

  it('type-checks under strict Bundler resolution', () => {
    expect(diagnostics.bundler, 'tsc -p tsconfig.bundler.json').to.equal('');
  });

  it('main.ts uses every runtime export of the package', () => {
    const source = readFileSync(join(REPO, 'test', 'consumer', 'src', 'main.ts'), 'utf8');
    const used = new Set([...source.matchAll(/\bgp\.(\w+)/g)].map((m) => m[1]));
    for (const m of source.matchAll(/import \{([^}]*)\} from 'gpuarray'/g)) {
      for (const spec of m[1].split(',')) used.add(spec.trim().split(/\s+as\s+/)[0]);
    }
    const missing = Object.keys(gp).filter((name) => !used.has(name));
    expect(missing, 'exports not exercised by test/consumer/src/main.ts (add a use of each)').to.deep.equal([]);
  });

  for (const spec of DEVICE_SPECS) {
    it(`main.ts runs [${spec}]`, function () {
      this.timeout(600_000);
      const r = app.run('main.js', spec);
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout.trim().split('\n').at(-1)).to.equal(`consumer ok on ${spec}`);
    });
  }

  describe('Markdown code blocks compile and print what their `// → ` comments say', () => {
    it('finds the README tour', () => {
      expect(blocks.filter((b) => b.file === 'README.md').length).to.be.at.least(4);
    });
    for (const file of DOC_FILES) {
      // Blocks are found in before(); one test per file reports every failing block.
      for (const spec of DEVICE_SPECS) {
        it(`${file} [${spec}]`, function () {
          this.timeout(600_000);
          const failures: string[] = [];
          for (const b of blocks.filter((x) => x.file === file)) {
            const where = `${b.file}:${b.line}`;
            for (const d of [diagnostics.nodenext, diagnostics.bundler]) {
              const mine = d.split('\n').filter((l) => l.includes(`${b.module}.ts`));
              if (mine.length) failures.push(`${where} does not compile:\n  ${mine.join('\n  ')}`);
            }
            const r = app.run(`${b.module}.js`, spec);
            if (r.status !== 0) failures.push(`${where} exited with ${r.status}:\n${r.stderr.slice(-2000)}`);
            else {
              const missing = printsInOrder(r.stdout, b.expected);
              if (missing !== null) failures.push(`${where} did not print '${missing}'; it printed:\n${r.stdout}`);
            }
          }
          expect(failures.join('\n\n')).to.equal('');
        });
      }
    }
  });
});
