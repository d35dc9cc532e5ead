// Adversarial: the compile cache and the precompiled header under another local user and a
// careless one (issue 13). Compiled code from the cache runs inside the process, so the cache
// folder must be private, its entries unforgeable, and odd files in it misses, never hangs.
// Each case runs fresh processes on every backend; "another user" is uid 65534 (nobody), which
// needs root to arrange (as in CI here): those cases are skipped, and say so, when not root.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Nvrtc } from '../../bindings/nvrtc.js';
import type { CompileRequest } from '../../lib/device/backend.js';
import { DiskCache, SCRATCH_HOST } from '../../lib/device/compile-cache.js';
import { NvrtcCompiler } from '../../lib/device/cuda/compiler.js';
import { verifyPch } from '../../lib/device/cpu/pch.js';
import { userIncludeDigest } from '../../lib/device/include-deps.js';
import { DEVICE_SPECS } from '../helpers.js';
import { buildFakeNvrtc, buildSharedLibrary, childEnv, HAVE_CXX, tempDir } from '../foundation-support.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'cache-child.js');
const ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

interface Child {
  status: number | null;
  report: any;
  stderrLines: string[];
  all: string;
}

/** The child in a fresh node process; a hang is cut at 60 s (status null). */
function child(args: string[], env: Record<string, string | undefined>): Child {
  const r = spawnSync(process.execPath, [CHILD, ...args], { env: childEnv(env), encoding: 'utf8', timeout: 60_000 });
  const last = (r.stdout ?? '').trim().split('\n').pop() ?? '';
  let report: any = null;
  try {
    report = JSON.parse(last);
  } catch {
    report = null;
  }
  const stderr = r.stderr ?? '';
  return { status: r.status, report, stderrLines: stderr.split('\n').filter((l) => l.trim() !== ''), all: `${r.stdout}\n${stderr}` };
}

const entries = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'));
const keyOf = (file: string) => file.replace(/\.bin$/, '');
const mode = (p: string) => lstatSync(p).mode & 0o777;

/** A shared object whose constructor leaves `marker` behind: proof that a planted binary ran. */
function markerLibrary(dir: string, marker: string): Buffer {
  const src = `#include <cstdio>\n__attribute__((constructor)) static void planted() { FILE* f = fopen("${marker}", "w"); if (f) fclose(f); }\n`;
  return readFileSync(buildSharedLibrary(join(dir, 'planted.so'), src));
}

for (const spec of DEVICE_SPECS) {
  describe(`adversarial: the compile cache's trust model [${spec}]`, function () {
    this.timeout(300_000);
    const env = (dir: string, extra: Record<string, string> = {}) => ({ GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: spec, ...extra });

    /** A cache folder filled by one run of `ops`; returns its path. */
    function filled(tag: string): string {
      const dir = join(tempDir(tag), 'cache');
      const r = child(['ops'], env(dir));
      expect(r.report, r.all).to.include({ ok: true, cacheDir: dir });
      expect(entries(dir).length).to.be.at.least(2);
      return dir;
    }

    it('creates the folder 0700 and entries, secret and PCH files 0600 under umask 000', () => {
      const dir = join(tempDir('umask'), 'a', 'cache');
      const r = child(['ops'], env(dir, { ADV_UMASK: '000' }));
      expect(r.report, r.all).to.include({ ok: true, cacheDir: dir });
      expect(mode(dir)).to.equal(0o700);
      const files = readdirSync(dir);
      expect(entries(dir).length).to.be.at.least(2);
      for (const f of files.filter((f) => !f.startsWith('pch-'))) expect(mode(join(dir, f)), f).to.equal(0o600);
      for (const p of files.filter((f) => f.startsWith('pch-'))) {
        expect(mode(join(dir, p))).to.equal(0o700);
        expect(mode(join(dir, p, 'gpuarray'))).to.equal(0o700);
        expect(mode(join(dir, p, 'checksum'))).to.equal(0o600);
        expect(mode(join(dir, p, 'gpuarray', 'common.h.gch'))).to.equal(0o600);
      }
    });

    it('a folder owned by another user, or writable by group/others: one warning, memory only, nothing read or written there', function () {
      if (!ROOT) this.skip(); // chown to another user needs root
      const base = tempDir('owner');
      const theirs = join(base, 'theirs');
      mkdirSync(theirs, { mode: 0o700 });
      chownSync(theirs, NOBODY, NOBODY);
      const open = join(base, 'open');
      mkdirSync(open);
      chmodSync(open, 0o777);
      const groupW = join(base, 'group');
      mkdirSync(groupW);
      chmodSync(groupW, 0o770);
      // A folder of ours under a world-writable, non-sticky folder of someone else: it can be swapped.
      const shared = join(base, 'shared');
      mkdirSync(shared);
      chownSync(shared, NOBODY, NOBODY);
      chmodSync(shared, 0o777);
      const under = join(shared, 'cache');
      mkdirSync(under, { mode: 0o700 });
      for (const [dir, why] of [
        [theirs, /is owned by uid 65534, not by this user \(uid 0\)/],
        [open, /is writable by its group \(mode 777\)/],
        [groupW, /is writable by its group \(mode 770\)/],
        [under, /shared is owned by uid 65534, neither this user nor root/],
      ] as const) {
        const r = child(['ops'], env(dir));
        expect(r.report, r.all).to.include({ ok: true, cacheDir: null });
        expect(r.stderrLines, dir).to.have.length(1);
        expect(r.stderrLines[0]).to.match(/^gpuarray: warning: compile cache folder .* is not safe to load code from \(/);
        expect(r.stderrLines[0]).to.match(why);
        expect(r.stderrLines[0]).to.match(/compiled kernels stay in memory for this process$/);
        expect(readdirSync(dir), dir).to.deep.equal([]);
      }
    });

    it('an entry planted with a correct unkeyed trailer (SHA-256, as the format documents) is never loaded: recompiled and replaced', () => {
      const dir = filled('plant');
      const work = tempDir('plant-lib');
      const marker = join(work, 'PLANTED-CODE-RAN');
      const planted = markerLibrary(work, marker);
      for (const f of entries(dir)) {
        const p = join(dir, f);
        const real = readFileSync(p);
        const t = Buffer.alloc(48);
        real.copy(t, 0, real.length - 48, real.length - 40); // the magic, as read from a real entry
        t.writeBigUInt64LE(BigInt(planted.length), 8);
        createHash('sha256').update(planted).digest().copy(t, 16);
        writeFileSync(p, Buffer.concat([planted, t]));
      }
      const r = child(['ops'], env(dir));
      expect(existsSync(marker), 'the planted library ran in the victim process').to.equal(false);
      expect(r.report, r.all).to.include({ ok: true });
      expect(r.stderrLines).to.deep.equal([]);
      const c = new DiskCache(dir);
      for (const f of entries(dir)) {
        const got = c.get(keyOf(f));
        expect(got, f).to.not.equal(null);
        expect(Buffer.from(got!).equals(planted), f).to.equal(false);
      }
    });

    it('a FIFO, a folder or a symlink in place of an entry is a miss: no hang, no warning, replaced by a regular file', () => {
      for (const kind of ['fifo', 'folder', 'symlink'] as const) {
        const dir = filled(`odd-${kind}`);
        const outside = tempDir(`odd-${kind}-target`);
        for (const f of entries(dir)) {
          const p = join(dir, f);
          if (kind === 'symlink') {
            // A valid entry, moved where others could change it, and linked back.
            copyFileSync(p, join(outside, f));
            rmSync(p);
            symlinkSync(join(outside, f), p);
          } else {
            rmSync(p);
            if (kind === 'fifo') expect(spawnSync('mkfifo', [p]).status).to.equal(0);
            else {
              mkdirSync(p);
              writeFileSync(join(p, 'x'), 'a file inside');
            }
          }
        }
        const r = child(['ops'], env(dir));
        expect(r.status, `${kind}: ${r.all}`).to.equal(0);
        expect(r.report, kind).to.include({ ok: true, cacheDir: dir });
        expect(r.stderrLines, kind).to.deep.equal([]);
        const c = new DiskCache(dir);
        for (const f of entries(dir)) {
          expect(lstatSync(join(dir, f)).isFile(), `${kind} ${f}`).to.equal(true);
          expect(c.get(keyOf(f)), `${kind} ${f}`).to.not.equal(null);
        }
      }
    });

    it('an entry that verifies but does not load (not a binary; a library without the kernel) is recompiled and replaced', () => {
      const other = readFileSync(buildSharedLibrary(join(tempDir('stale-lib'), 'other.so'), 'extern "C" int gpa_adv_unrelated() { return 7; }\n'));
      for (const [what, body] of [
        ['not a binary', Buffer.from('this is not a kernel binary of any kind, but its trailer verifies')],
        ['a library without the kernel', other],
      ] as const) {
        const dir = filled('stale');
        const c = new DiskCache(dir);
        for (const f of entries(dir)) c.put(keyOf(f), body); // valid trailers, under the folder's own secret
        for (let run = 0; run < 2; run++) {
          const r = child(['ops'], env(dir));
          expect(r.report, `${what}, run ${run}: ${r.all}`).to.include({ ok: true });
          expect(r.stderrLines).to.deep.equal([]);
        }
        for (const f of entries(dir)) {
          const got = c.get(keyOf(f));
          expect(got, f).to.not.equal(null);
          expect(Buffer.from(got!).equals(body), `${what}: ${f} was replaced`).to.equal(false);
        }
      }
    });

    it('user headers reached through -I and #include are part of the key (nested, and through a macro)', () => {
      const dir = join(tempDir('headers'), 'cache');
      const inc = tempDir('headers-inc');
      const write = (val: string, inner: string) => {
        writeFileSync(join(inc, 'val.h'), `#include "inner.h"\n#define VAL (${val} + INNER)\n`);
        writeFileSync(join(inc, 'inner.h'), `#define INNER ${inner}\n`);
      };
      for (const how of ['plain', 'macro']) {
        write('7', '100');
        expect(child(['header', inc, how], env(dir)).report, how).to.deep.equal({ value: 107 });
        expect(child(['header', inc, how], env(dir)).report, `${how}, again`).to.deep.equal({ value: 107 });
        write('8', '100');
        expect(child(['header', inc, how], env(dir)).report, `${how}: val.h changed`).to.deep.equal({ value: 108 });
        write('8', '200');
        expect(child(['header', inc, how], env(dir)).report, `${how}: the header val.h includes changed`).to.deep.equal({ value: 208 });
      }
    });

    it('the scratch folder is made again when it disappears mid-run', function () {
      if (spec !== 'cpu') this.skip(); // NVRTC compiles in memory: only the cpu backend's compiler uses a scratch folder
      const dir = join(tempDir('scratch'), 'cache');
      const r = child(['scratch-gone'], env(dir));
      expect(r.report, r.all).to.include({ ok: true });
      expect(r.report.removed).to.be.at.least(1);
      expect(readdirSync(dir).filter((f) => f.startsWith('tmp-'))).to.deep.equal([]);
    });

    it('scratch folders of dead processes of this host are removed at start-up; live ones and other hosts\' stay', () => {
      const dir = filled('dead');
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      const deadPid = Number(dead.stdout);
      expect(deadPid).to.be.greaterThan(0);
      const names = {
        dead: `tmp-${SCRATCH_HOST}-${deadPid}-Ab12Cd`,
        live: `tmp-${SCRATCH_HOST}-${process.pid}-Ab12Cd`,
        otherHost: `tmp-another.host-${deadPid}-Ab12Cd`,
      };
      for (const n of Object.values(names)) {
        mkdirSync(join(dir, n));
        writeFileSync(join(dir, n, 'left.cpp'), '// left by a killed compile');
      }
      const r = child(['ops'], env(dir));
      expect(r.report, r.all).to.include({ ok: true });
      expect(existsSync(join(dir, names.dead))).to.equal(false);
      expect(existsSync(join(dir, names.live))).to.equal(true);
      expect(existsSync(join(dir, names.otherHost))).to.equal(true);
    });
  });
}

if (DEVICE_SPECS.includes('cpu')) {
  describe('adversarial: the precompiled header\'s trust model [cpu]', function () {
    this.timeout(300_000);

    it('a PCH replaced with an unkeyed checksum, or in a folder of another user, is rebuilt before use', function () {
      const dir = join(tempDir('pchtrust'), 'cache');
      const run = () => child(['ops'], { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: 'cpu' });
      const first = run();
      expect(first.report, first.all).to.include({ ok: true });
      if (!/precompiled header/.test(first.report.compiler)) {
        console.log(`      (no precompiled header with this compiler: ${first.report.compiler})`);
        expect(first.report.compiler).to.not.match(/gcc version/);
        return;
      }
      const pchDir = () => join(dir, readdirSync(dir).find((f) => f.startsWith('pch-') && !f.endsWith('.tmp'))!);
      const pch = pchDir();
      const gch = join(pch, 'gpuarray', 'common.h.gch');
      expect(verifyPch(pch, new DiskCache(dir))).to.equal(true);

      // Another user's bytes with the checksum anyone can compute.
      const planted = Buffer.from('gpch' + 'planted precompiled header '.repeat(40));
      writeFileSync(gch, planted);
      writeFileSync(join(pch, 'checksum'), `${planted.length} ${createHash('sha256').update(planted).digest('hex')}\n`);
      for (const f of entries(dir)) rmSync(join(dir, f)); // force compiles, which use the PCH
      expect(run().report).to.include({ ok: true });
      expect(readFileSync(join(pchDir(), 'gpuarray', 'common.h.gch')).equals(planted)).to.equal(false);
      expect(verifyPch(pchDir(), new DiskCache(dir))).to.equal(true);

      if (!ROOT) return; // (chown needs root)
      chownSync(pchDir(), NOBODY, NOBODY);
      expect(verifyPch(pchDir(), new DiskCache(dir))).to.equal(false);
      for (const f of entries(dir)) rmSync(join(dir, f));
      expect(run().report).to.include({ ok: true });
      expect(statSync(pchDir()).uid).to.equal(process.getuid!());
      expect(verifyPch(pchDir(), new DiskCache(dir))).to.equal(true);
    });
  });
}

describe('adversarial: user headers in the key (the include scan itself)', () => {
  it('follows -I, -I=, --include-path=, quoted includes beside the includer, absolute paths and trailing comments; a macro include is null', () => {
    const inc = tempDir('scan');
    mkdirSync(join(inc, 'sub'));
    writeFileSync(join(inc, 'a.h'), '#include "sub/b.h" // the next one\n');
    writeFileSync(join(inc, 'sub', 'b.h'), '#include "c.h"\n');
    writeFileSync(join(inc, 'sub', 'c.h'), '#define C 1\n');
    const src = '#include <a.h>  /* angle */\nextern "C" __global__ void k(int* p) { p[0] = C; }\n';
    const before = ['-I' + inc, '-I=' + inc, '--include-path=' + inc].map((o) => userIncludeDigest(src, [o]));
    expect(before[0]).to.match(/^[0-9a-f]{64}$/);
    expect(before[1]).to.equal(before[0]);
    expect(before[2]).to.equal(before[0]);
    writeFileSync(join(inc, 'sub', 'c.h'), '#define C 2\n'); // two levels down, beside its includer
    expect(userIncludeDigest(src, ['-I' + inc])).to.not.equal(before[0]);
    // Absolute includes count without any -I.
    const abs = `#include "${join(inc, 'sub', 'c.h')}"\n`;
    const d1 = userIncludeDigest(abs, []);
    writeFileSync(join(inc, 'sub', 'c.h'), '#define C 3\n');
    expect(userIncludeDigest(abs, [])).to.not.equal(d1);
    // Not found in the user's folders: the toolkit's or system's, by name only (stable).
    expect(userIncludeDigest('#include <cmath>\n', ['-I' + inc])).to.equal(userIncludeDigest('#include <cmath>\n', ['-I' + inc]));
    expect(userIncludeDigest('#define H "a.h"\n#include H\n', ['-I' + inc])).to.equal(null);
  });
});

if (HAVE_CXX) describe('adversarial: the cuda compiler\'s disk cache (against a stand-in NVRTC, so this runs without a GPU)', () => {
  let fake: Nvrtc;
  before(function () {
    this.timeout(60_000);
    const n = Nvrtc.load(Infinity, [buildFakeNvrtc(join(tempDir('adv-nvrtc'), 'libnvrtc.so.13'), 13)]);
    if ('error' in n) throw new Error(n.error);
    fake = n;
  });
  const counted = () => {
    const spy = { calls: 0, version: fake.version, supportedArchs: () => fake.supportedArchs(), compile: (...a: Parameters<Nvrtc['compile']>) => (spy.calls++, fake.compile(...a)) };
    return spy;
  };
  const req = (source: string, options: string[] = []): CompileRequest => ({ source, kernels: [{ name: 'k', paramTypes: ['int*'] }], options });

  it('a cached image that verifies but does not load is compiled again and replaced', () => {
    const dir = tempDir('adv-nvstale');
    const r = req('extern "C" __global__ void k(int* p) { p[0] = 1; }');
    const first = new NvrtcCompiler(fake, { major: 9, minor: 0 }, new DiskCache(dir));
    const good = Buffer.from(first.compile(r).image);
    const key = first.keyFor(r);
    new DiskCache(dir).put(key, Buffer.from('a stale image under a valid trailer'));
    const spy = counted();
    const seen: boolean[] = [];
    const c = new NvrtcCompiler(spy, { major: 9, minor: 0 }, new DiskCache(dir));
    const loaded = c.load(r, ({ image, fromCache }) => {
      seen.push(!!fromCache);
      if (!Buffer.from(image).equals(good)) throw new Error('cannot load this image');
      return image;
    });
    expect(Buffer.from(loaded).equals(good)).to.equal(true);
    expect(seen).to.deep.equal([true, false]);
    expect(spy.calls).to.equal(1);
    expect(Buffer.from(new DiskCache(dir).get(key)!).equals(good)).to.equal(true);
  });

  it('a changed user header is a new key; a macro include skips the disk cache', () => {
    const dir = tempDir('adv-nvhdr');
    const inc = tempDir('adv-nvinc');
    writeFileSync(join(inc, 'val.h'), '#define VAL 7\n');
    const r = req('#include "val.h"\nextern "C" __global__ void k(int* p) { p[0] = VAL; }', [`-I${inc}`]);
    const c = new NvrtcCompiler(fake, { major: 9, minor: 0 }, new DiskCache(dir));
    const k7 = c.keyFor(r);
    writeFileSync(join(inc, 'val.h'), '#define VAL 8\n');
    expect(c.keyFor(r)).to.not.equal(k7);
    const macro = req('#define H "val.h"\n#include H\nextern "C" __global__ void k(int* p) { p[0] = VAL; }', [`-I${inc}`]);
    const spy = counted();
    const m = new NvrtcCompiler(spy, { major: 9, minor: 0 }, new DiskCache(dir));
    const before = entries(dir).length;
    m.compile(macro);
    m.compile(macro);
    expect(spy.calls).to.equal(2);
    expect(entries(dir).length).to.equal(before);
  });
});
