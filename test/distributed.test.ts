// gp.distributed, gp.nccl and the gpuarray-run launcher. Several ranks run as processes started
// by the launcher (test/fixtures/dist-rank.ts checks every collective for every dtype against
// a reference computed from all ranks' inputs): three cpu-backend processes exchanging over TCP
// on any machine, and on a host with two GPUs, two processes on cuda:0 and cuda:1 through NCCL
// (skipped, with the reason, where the host has fewer GPUs). In this process: one-rank groups on
// each backend, and NcclCommunicator.initAll over every device of the backend.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as gp from '../lib/index.js';
import { parseLauncherArgs } from '../lib/distributed/launcher.js';
import { describeEachDevice } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const LAUNCHER = join(here, '..', 'bin', 'gpuarray-run.js');
const RANK = join(here, 'fixtures', 'dist-rank.js');

function run(args: string[], env: Record<string, string | undefined>): { status: number | null; stdout: string; stderr: string; seconds: number } {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined && !['RANK', 'WORLD_SIZE', 'LOCAL_RANK', 'GPUARRAY_DIST_ADDRESS'].includes(k)) childEnv[k] = v;
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [LAUNCHER, ...args], { env: childEnv, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', seconds: (Date.now() - t0) / 1000 };
}

const okLines = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('DIST_OK')).sort();

describe('gpuarray-run: the launcher', () => {
  it('reads its command line like torchrun', () => {
    const p = parseLauncherArgs(['-n', '3', 'train.js', '--lr', '0.1']);
    expect(p).to.deep.include({ nprocPerNode: 3, nnodes: 1, nodeRank: 0, address: null, script: 'train.js' });
    expect(p.args).to.deep.equal(['--lr', '0.1']);
    const q = parseLauncherArgs(['--nproc-per-node=2', '--nnodes', '2', '--node-rank', '1', '--address', '10.0.0.1:29500', '--node-arg', '--enable-source-maps', 's.js']);
    expect(q).to.deep.include({ nprocPerNode: 2, nnodes: 2, nodeRank: 1, address: '10.0.0.1:29500', script: 's.js' });
    expect(q.nodeArgs).to.deep.equal(['--enable-source-maps']);
    expect(() => parseLauncherArgs(['-n', '0', 's.js'])).to.throw(RangeError, /-n needs an integer >= 1/);
    expect(() => parseLauncherArgs(['--nnodes', '2', 's.js'])).to.throw(RangeError, /needs --address/);
    expect(() => parseLauncherArgs(['--bogus', 's.js'])).to.throw(RangeError, /unknown option --bogus/);
    expect(() => parseLauncherArgs(['-n', '2'])).to.throw(RangeError, /no script/);
    expect(() => parseLauncherArgs(['--address', 'nohost', 's.js'])).to.throw(RangeError, /host:port/);
  });

  it('runs 3 cpu-backend ranks that agree on every collective for every dtype (TCP rendezvous)', () => {
    const r = run(['-n', '3', RANK, 'all'], { GPUARRAY_DEVICE: 'cpu' });
    expect(r.status, r.stdout + r.stderr).to.equal(0);
    const lines = okLines(r.stdout);
    expect(lines, r.stdout + r.stderr).to.have.length(3);
    lines.forEach((l, i) => expect(l).to.match(new RegExp(`^DIST_OK rank=${i} size=3 device=cpu backend=host checks=\\d+$`)));
  });

  it('exits non-zero when a rank fails, stopping the others (which learn why)', () => {
    const r = run(['-n', '3', RANK, 'fail'], { GPUARRAY_DEVICE: 'cpu' });
    expect(r.status).to.equal(1);
    expect(r.stderr).to.include('rank 1 fails on purpose');
    expect(r.stderr).to.match(/gpuarray-run: rank \d exited with code 1; stopping the other ranks/);
    expect(r.stdout).to.not.include('UNEXPECTED');
    expect(r.seconds).to.be.below(60);
  });

  it('stops ranks that call different collectives, naming both calls', () => {
    const r = run(['-n', '2', RANK, 'mismatch'], { GPUARRAY_DEVICE: 'cpu' });
    expect(r.status).to.not.equal(0);
    expect(r.stderr).to.include('DistributedError');
    expect(r.stderr).to.include('rank 0 called allReduce(float32, sum, 2 elements), rank 1 called broadcast(root 0, float32, 2 elements)');
  });

  it('runs 2 ranks on cuda:0 and cuda:1 through NCCL (a host with two GPUs)', function () {
    if (gp.cuda.isAvailable() === false || gp.withDevice('cuda:0', () => gp.cuda.deviceCount()) < 2) {
      this.skip(); // this host lacks two GPUs
    }
    const r = run(['-n', '2', RANK, 'all'], { GPUARRAY_DEVICE: undefined });
    expect(r.status, r.stdout + r.stderr).to.equal(0);
    const lines = okLines(r.stdout);
    expect(lines, r.stdout + r.stderr).to.have.length(2);
    lines.forEach((l, i) => expect(l).to.match(new RegExp(`^DIST_OK rank=${i} size=2 device=cuda:${i} backend=nccl checks=\\d+$`)));
  });
});

describeEachDevice('gp.distributed: a group of one', (spec) => {
  afterEach(() => gp.distributed.destroy());

  it('init() without a launcher is rank 0 of 1 on the current device; its collectives are copies', () => {
    const comm = gp.distributed.init();
    expect(gp.distributed.isInitialized()).to.equal(true);
    expect([comm.rank, comm.worldSize, gp.distributed.getRank(), gp.distributed.getWorldSize()]).to.deep.equal([0, 1, 0, 1]);
    expect(comm.device.spec).to.equal(spec);
    expect(comm.backend).to.equal(spec === 'cpu' || !gp.nccl.isAvailable() ? 'host' : 'nccl');
    const x = gp.array(Float32Array.of(1.5, -2, 3.25, 8));
    for (const op of ['sum', 'prod', 'max', 'min', 'avg'] as const) expect(Array.from(gp.distributed.allReduce(x, { op }).toTypedArray() as Float32Array)).to.deep.equal([1.5, -2, 3.25, 8]);
    const i64 = gp.array(BigInt64Array.of(-7n, 9n));
    const out = gp.distributed.reduce(i64, gp.emptyLike(i64), { op: 'avg' });
    expect(Array.from(out.toTypedArray() as BigInt64Array)).to.deep.equal([-7n, 9n]);
    const g = gp.distributed.allGather(x.reshape(2, 2));
    expect(g.shape).to.deep.equal([1, 2, 2]);
    expect(g.toArray()).to.deep.equal([[[1.5, -2], [3.25, 8]]]);
    expect(gp.distributed.reduceScatter(x).toArray()).to.deep.equal([1.5, -2, 3.25, 8]);
    const got = gp.zeros(4, 'float32');
    comm.group(() => {
      comm.send(x, 0);
      comm.recv(got, 0);
    });
    expect(got.toArray()).to.deep.equal([1.5, -2, 3.25, 8]);
    gp.distributed.barrier();
    expect(() => gp.distributed.init()).to.throw(TypeError, /already joined/);
    expect(String(comm)).to.equal(`<Communicator rank 0 of 1 on ${spec} (${comm.backend})>`);
    gp.distributed.destroy();
    expect(gp.distributed.isInitialized()).to.equal(false);
    expect(() => comm.allReduce(x)).to.throw(TypeError, /after destroy/);
    expect(() => gp.distributed.getRank()).to.throw(TypeError, /init\(\) first/);
  });

  it('checks its options and the environment before joining anything', () => {
    expect(() => gp.distributed.init({ rank: 2, worldSize: 2 })).to.throw(RangeError, /rank 2 is not in \[0, 2\)/);
    expect(() => gp.distributed.init({ worldSize: 1.5 })).to.throw(TypeError, /worldSize must be a non-negative integer/);
    expect(() => gp.distributed.init({ address: 'nohost' })).to.throw(RangeError, /host:port/);
    expect(() => gp.distributed.init({ ranks: 2 } as gp.InitOptions)).to.throw(TypeError, /unknown option 'ranks'/);
    expect(gp.distributed.isInitialized()).to.equal(false);
  });

  it('NcclCommunicator.initAll over every device of the backend: one rank per device', () => {
    const count = gp.cuda.deviceCount();
    const comms = gp.nccl.NcclCommunicator.initAll(count);
    try {
      expect(comms.map((c) => [c.rank, c.worldSize, c.device.id])).to.deep.equal(comms.map((_, i) => [i, count, i]));
      // Rank i holds i + 1 + k: the sum over ranks is count * (count + 1) / 2 + count * k.
      const xs = comms.map((c, i) => gp.withDevice(c.device, () => gp.array(Float64Array.from({ length: 1000 }, (_, k) => i + 1 + k))));
      gp.nccl.groupStart();
      comms.forEach((c, i) => c.allReduce(xs[i]));
      gp.nccl.groupEnd();
      const want = Array.from({ length: 1000 }, (_, k) => (count * (count + 1)) / 2 + count * k);
      for (const x of xs) expect(Array.from(x.toTypedArray() as Float64Array)).to.deep.equal(want);
      const gathered = comms[0].group(() => comms.map((c, i) => c.allGather(xs[i].slice('0:2'))));
      for (const g of gathered) expect(g.toArray()).to.deep.equal(Array.from({ length: count }, () => want.slice(0, 2)));
    } finally {
      for (const c of comms) c.destroy();
    }
    expect(() => gp.nccl.NcclCommunicator.initAll([0, 0])).to.throw(RangeError, /appears twice/);
    expect(() => gp.nccl.NcclCommunicator.initAll(count + 1)).to.throw(RangeError, /does not exist/);
  });

  it('gp.nccl reports the library; the unique id is 128 bytes', function () {
    if (spec === 'cpu') {
      expect(gp.nccl.getUniqueId()).to.be.instanceOf(Uint8Array).with.length(128);
      return;
    }
    if (!gp.nccl.isAvailable()) throw new Error(`NCCL is not loadable on this GPU host: ${gp.nccl.unavailableReason()}`);
    expect(gp.nccl.getVersion()).to.be.at.least(21000);
    expect(gp.nccl.getUniqueId()).to.have.length(128);
  });
});
