/**
 * The life of a copy held in memory (residentCopy.ts), with a source whose
 * revision the test moves: used only while current, read again after a
 * change, every replaced or discarded copy released exactly once, no load
 * until one is wanted when asked so, and nothing used after close.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ResidentCopy, type CopySource } from '../../main/search/residentCopy.js';

interface Copy {
  revision: string;
  serial: number;
}

class Library implements CopySource<Copy> {
  revisionNow: string | null = '1';
  reads = 0;
  released: number[] = [];
  /** Moves the revision while a read is under way (another writer). */
  changeDuringRead = false;
  failNext = false;
  /** An import's transaction open on the main connection. */
  inTransaction = false;

  busy(): boolean {
    return this.inTransaction;
  }

  revision(): string | null {
    return this.revisionNow;
  }

  /** Settles when the latest read has returned (or thrown). */
  lastRead: Promise<void> = Promise.resolve();

  async read(stopped: () => boolean): Promise<Copy | null> {
    const at = this.revisionNow;
    this.reads += 1;
    let done = () => {};
    this.lastRead = new Promise((resolve) => (done = resolve));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.failNext) {
        this.failNext = false;
        throw new Error('unreadable');
      }
      if (this.changeDuringRead) {
        this.changeDuringRead = false;
        this.revisionNow = `${this.revisionNow}+`;
      }
      return stopped() || at === null ? null : { revision: at, serial: this.reads };
    } finally {
      done();
    }
  }

  async release(copy: Copy): Promise<void> {
    this.released.push(copy.serial);
  }
}

describe('a copy held in memory', () => {
  test('is used only while the revision matches; a change drops it (released once) and the next use reads it again', async () => {
    const lib = new Library();
    const copy = new ResidentCopy(lib);
    assert.equal(copy.use(), null, 'nothing loaded yet; this use starts a load');
    assert.equal(await copy.ready(), true, 'ready() joins the load the use started');
    assert.equal(lib.reads, 1);
    assert.equal(copy.use()?.serial, 1);
    lib.revisionNow = '2';
    assert.equal(copy.use(), null, 'stale: not used');
    assert.equal(await copy.ready(), true);
    assert.equal(copy.use()?.revision, '2');
    assert.deepEqual(lib.released, [1], 'the stale copy was released, once');
    await copy.close();
    assert.deepEqual(lib.released, [1, 2], 'close releases the current copy');
    assert.equal(copy.use(), null);
    assert.equal(copy.isReady, false);
    assert.equal(lib.reads, 2, 'no load after close');
  });

  test('a copy the library overtook during the read is discarded, and loads pause after a failure', async () => {
    const lib = new Library();
    const copy = new ResidentCopy(lib);
    lib.changeDuringRead = true;
    assert.equal(await copy.ready(), false);
    assert.deepEqual(lib.released, [1], 'the overtaken copy is released');
    assert.equal(copy.use(), null);
    assert.equal(lib.reads, 1, 'a use right after a failed load does not start another');
    assert.equal(await copy.ready(), true, 'ready() still loads on request');
    lib.revisionNow = '3';
    lib.failNext = true;
    assert.equal(await copy.ready(), false, 'a read that throws answers false');
    assert.equal(copy.use(), null);
    assert.equal(lib.reads, 3);
    await copy.close();
  });

  test('while the library keeps changing under its loads, uses wait longer after each overtaken load, and a good load resets the wait', async () => {
    const lib = new Library();
    let clock = 0;
    const copy = new ResidentCopy(lib, { now: () => clock });
    /**
     * Uses the copy at `at` ms while another writer commits during any read; whether that use started a read.
     * A started load is waited for by events, not by time (a busy machine can take longer than any fixed wait):
     * its read returns, then the load's own continuations run before the next macrotask.
     */
    const useAt = async (at: number): Promise<boolean> => {
      clock = at;
      lib.changeDuringRead = true;
      const reads = lib.reads;
      copy.use();
      const started = lib.reads > reads;
      if (started) await lib.lastRead;
      await new Promise((resolve) => setImmediate(resolve));
      return started;
    };
    assert.equal(await useAt(0), true, 'the first use loads; the read is overtaken');
    assert.equal(await useAt(4_999), false);
    assert.equal(await useAt(5_000), true, '5 s after the first overtaken load');
    assert.equal(await useAt(14_999), false, 'then 10 s');
    assert.equal(await useAt(15_000), true);
    assert.equal(await useAt(34_999), false, 'then 20 s');
    assert.equal(await useAt(35_000), true);
    assert.equal(await useAt(75_000), true, 'then 40 s');
    assert.equal(await useAt(154_999), false, 'then 80 s');
    assert.equal(await useAt(155_000), true);
    assert.equal(await useAt(234_999), false, 'and no longer than 80 s');
    assert.equal(await useAt(235_000), true);
    assert.equal(lib.reads, 7);

    clock = 400_000;
    assert.equal(await copy.ready(), true, 'the writer stopped: ready() loads a current copy');
    lib.revisionNow = 'after';
    assert.equal(await useAt(400_001), true, 'a good load reset the wait: the next stale use reads at once');
    assert.equal(await useAt(405_000), false);
    assert.equal(await useAt(405_001), true, 'and waits 5 s after that overtaken load, not 80');
    await copy.close();
  });

  test('with loadOnUse false, uses start nothing until ready() is called; from then on they reload after changes', async () => {
    const lib = new Library();
    const copy = new ResidentCopy(lib, { loadOnUse: false });
    assert.equal(copy.use(), null);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(lib.reads, 0);
    assert.equal(await copy.ready(), true);
    lib.revisionNow = '2';
    assert.equal(copy.use(), null, 'stale, and a reload starts');
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(lib.reads, 2);
    assert.equal(copy.use()?.revision, '2');
    await copy.close();
  });

  test('while the library is written through this connection, uses start no load; afterwards the next use does', async () => {
    const lib = new Library();
    const copy = new ResidentCopy(lib);
    assert.equal(await copy.ready(), true);
    lib.inTransaction = true;
    lib.revisionNow = '2';
    for (let i = 0; i < 3; i += 1) assert.equal(copy.use(), null, 'stale during the import');
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(lib.reads, 1, 'no copy read while it could not match');
    lib.inTransaction = false;
    assert.equal(copy.use(), null, 'this use starts the load');
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(lib.reads, 2);
    assert.equal(copy.use()?.revision, '2');
    await copy.close();
  });

  test('close during a load: the load answers false, and the copy it read is released', async () => {
    const lib = new Library();
    const copy = new ResidentCopy(lib);
    const loading = copy.ready();
    await copy.close();
    assert.equal(await loading, false);
    assert.equal(copy.use(), null);
    assert.deepEqual(lib.released, [], 'a read stopped by close returns nothing to release');
  });
});
