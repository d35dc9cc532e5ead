// CUDA IPC between two processes: this process exports a view of an array
// (gp.cuda.ipcHandle), a child maps it (gp.cuda.openIpcHandle in test/fixtures/ipc-child.ts),
// reads it and writes over it, and this process sees the child's writes. The cpu backend refuses
// IPC with a TypeError naming what to do instead.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ipc-child.js');

describeEachDevice('CUDA IPC', (spec) => {
  if (spec === 'cpu') {
    it('is refused on the cpu backend, saying what to use instead', () => {
      expect(() => gp.cuda.ipcHandle(gp.arange(4))).to.throw(TypeError, /cpu backend's arrays are ordinary memory/);
    });
    return;
  }

  it('shares a view of an array with another process, which reads it and writes over it', () => {
    const a = gp.arange(1000, 'float32');
    const v = a.slice('100:300');
    const h = gp.cuda.ipcHandle(v);
    expect(h).to.include({ kind: 'gpuarray.cuda-ipc', dtype: 'float32', device: a.device.id, pid: process.pid });
    expect(h.shape).to.deep.equal([200]);
    expect(h.handle).to.match(/^[0-9a-f]{128}$/);
    expect(h.offset).to.be.at.least(400);
    expect(h.allocationBytes).to.be.at.least(4000);
    a.device.synchronize(); // the child reads what is queued here
    const r = spawnSync(process.execPath, [CHILD, JSON.stringify(h)], { env: { ...process.env, GPUARRAY_DEVICE: spec }, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stdout + r.stderr).to.equal(0);
    const got = JSON.parse(r.stdout.trim().split('\n').pop()!) as { shape: number[]; dtype: string; seen: number[]; headSeen: number[]; device: string };
    expect(got.shape).to.deep.equal([200]);
    expect(got.dtype).to.equal('float32');
    expect(got.device).to.equal(spec);
    expect(got.seen).to.deep.equal(Array.from({ length: 200 }, (_, i) => 100 + i));
    expect(got.headSeen).to.deep.equal([100, 101]);
    const after = Array.from(a.toTypedArray() as Float32Array);
    expect(after.slice(0, 100)).to.deep.equal(Array.from({ length: 100 }, (_, i) => i));
    expect(after.slice(100, 300).every((x) => x === -1)).to.equal(true);
    expect(after.slice(300)).to.deep.equal(Array.from({ length: 700 }, (_, i) => 300 + i));
  });

  it('checks handles and views before mapping anything', () => {
    const h = gp.cuda.ipcHandle(gp.arange(10, 'float32'));
    expect(() => gp.cuda.openIpcHandle({ ...h, handle: 'zz' })).to.throw(TypeError, /expected the object/);
    expect(() => gp.cuda.openIpcHandle(h, [1 << 20], 'float64')).to.throw(RangeError, /outside the shared allocation/);
    expect(() => gp.cuda.openIpcHandle(h, null, null, { strid: [] } as gp.OpenIpcHandleOptions)).to.throw(TypeError, /unknown option 'strid'/);
  });
});
