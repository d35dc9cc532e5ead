import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('smoke', () => {
  it('adds two arange arrays (the seed vector add)', () => {
    const n = 1_000_000;
    const a = gp.arange(n, 'float32');
    const b = gp.full(n, 2.0, 'float32');
    const c = a.add(b);
    const host = c.toArray() as number[];
    expect(host.length).to.equal(n);
    for (let i = 0; i < n; i += 9973) expect(host[i]).to.equal(i + 2);
    expect(host[n - 1]).to.equal(1000001);
    expect(gp.equal(c, c).toArray()).to.satisfy((xs: boolean[]) => xs.every((x) => x));
  });
});
