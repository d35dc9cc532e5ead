// The backend registry (lib/device/backend-registry.ts): device specs are parsed and devices
// opened through it, so a backend is its folder plus one registry line. A fake backend proves it,
// and no module outside the registry and the backend folders imports a backend folder.
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { BackendUnavailableError } from '../bindings/errors.js';
import type { BackendKind } from '../lib/device/backend.js';
import { backendEntries, backendOfDlpack, defaultCandidates, dlpackForms, fallbackFor, parseDeviceSpec, registerBackend } from '../lib/device/backend-registry.js';
import { availableDeviceSpecs, openDevice } from '../lib/device/device.js';
import { REPO } from './consumer-app.js';

const BACKEND_DIRS = ['lib/device/cuda', 'lib/device/cpu'];

function sources(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

describe('backend registry', () => {
  it('registers cuda then cpu, and parses their specs', () => {
    expect(backendEntries().map((e) => e.kind)).to.deep.equal(['cuda', 'cpu']);
    expect(parseDeviceSpec('cuda')).to.deep.equal({ kind: 'cuda', ordinal: 0 });
    expect(parseDeviceSpec(' cuda:3 ')).to.deep.equal({ kind: 'cuda', ordinal: 3 });
    expect(parseDeviceSpec('cpu')).to.deep.equal({ kind: 'cpu', ordinal: 0 });
    expect(() => parseDeviceSpec('cpu:1')).to.throw(TypeError, /^the cpu backend has only device 0, got cpu:1$/);
    expect(() => parseDeviceSpec('tpu')).to.throw(TypeError, /^invalid device "tpu"; expected 'cuda', 'cuda:N' or 'cpu'$/);
    expect(() => parseDeviceSpec(7 as never)).to.throw(TypeError, /^the device must be a string: 'cuda', 'cuda:N' or 'cpu', got 7$/);
  });

  it('a fake backend is one registry entry: specs, opening and availability follow it', () => {
    const kind = 'fake' as BackendKind;
    const remove = registerBackend({ kind, singleDevice: false, probe: () => ({ count: 2, note: 'fake' }), open: (n) => ({ error: `fake device ${n} is imaginary` }) });
    try {
      expect(parseDeviceSpec('fake:1')).to.deep.equal({ kind, ordinal: 1 });
      expect(() => parseDeviceSpec('tpu')).to.throw(TypeError, /expected 'cuda', 'cuda:N', 'cpu', 'fake' or 'fake:N'$/);
      expect(() => openDevice('fake:1')).to.throw(BackendUnavailableError, /fake device 1 is imaginary/);
      expect(availableDeviceSpecs()).to.not.include('fake:0');
    } finally {
      remove();
    }
    expect(() => parseDeviceSpec('fake')).to.throw(TypeError, /invalid device/);
  });

  it('the default-device rule and DLPack device types are registry data', () => {
    expect(defaultCandidates().map((e) => e.kind)).to.deep.equal(['cuda', 'cpu']);
    expect(fallbackFor('cuda')?.kind).to.equal('cpu');
    expect(fallbackFor('cpu')).to.equal(null);
    expect(backendOfDlpack(2)?.kind).to.equal('cuda');
    expect(backendOfDlpack(1)?.kind).to.equal('cpu');
    expect(dlpackForms()).to.equal('kDLCUDA (2) and kDLCPU (1)');
    // A fake that may be the default ranks by its priority; one without asDefault is never tried.
    const kind = 'fake' as BackendKind;
    const remove = registerBackend({ kind, singleDevice: true, probe: () => ({ count: 1, note: 'fake' }), open: () => ({ error: 'imaginary' }), asDefault: { priority: 50, unusable: 'no fake', fallback: 'using the fake' } });
    try {
      expect(defaultCandidates().map((e) => e.kind)).to.deep.equal(['cuda', 'fake', 'cpu']);
      expect(fallbackFor('fake')?.kind).to.equal('cpu');
    } finally {
      remove();
    }
  });

  it('only the registry and the backend folders import a backend folder', () => {
    const leaks: string[] = [];
    for (const file of sources('lib')) {
      if (file === 'lib/device/backend-registry.ts' || BACKEND_DIRS.some((d) => file.startsWith(`${d}/`))) continue;
      const text = readFileSync(join(REPO, file), 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(?\s*)'(\.[^']+)'/g)) {
        const target = relative(REPO, normalize(join(REPO, dirname(file), m[1])));
        if (BACKEND_DIRS.some((d) => target.startsWith(`${d}/`))) leaks.push(`${file} -> ${target}`);
      }
    }
    expect(leaks).to.deep.equal([]);
  });
});
