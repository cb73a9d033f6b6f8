import { tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadQuiverCoreInNode } from './loadQuiverCoreInNode';
import { postProcessArrow, PostProcessingError } from './postProcess';
import type { PostProcessMessage, PostProcessReply } from './postProcessMessages';

// Post-processing runs off the main thread: the client posts each request to a module Worker
// (postProcess.worker.ts) and the worker script applies the rules with quiver-core.

/** A stand-in for the browser's Worker: records how it was started and what it was sent. */
class RecordingWorker {
  static started: RecordingWorker[] = [];
  readonly url: string;
  readonly options: WorkerOptions | undefined;
  readonly received: PostProcessMessage[] = [];
  onmessage: ((message: MessageEvent<PostProcessReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  /** How the stand-in answers a request (the real worker script, in the last test). */
  answer: (request: PostProcessMessage) => Promise<PostProcessReply | null> = () => Promise.resolve(null);

  constructor(url: URL | string, options?: WorkerOptions) {
    this.url = String(url);
    this.options = options;
    RecordingWorker.started.push(this);
  }

  postMessage(message: PostProcessMessage): void {
    this.received.push(message);
    void this.answer(message).then((reply) => {
      if (reply !== null) this.onmessage?.({ data: reply } as MessageEvent<PostProcessReply>);
    });
  }
}

function births(): Uint8Array {
  return tableToIPC(tableFromArrays({ state: ['CA', 'NY'], num: Float64Array.from([30, 20]) }), 'stream');
}

const renameNum = { operation: 'rename', options: { columns: { num: 'births' } } };

describe('post-processing in a Web Worker', () => {
  let mainThreadCoreLoads = 0;

  beforeAll(() => {
    vi.stubGlobal('Worker', RecordingWorker);
    // The main thread's fallback would import the core package; count it to show it does not.
    vi.doMock('./pkg/quiver_core.js', async (importOriginal) => {
      mainThreadCoreLoads += 1;
      return importOriginal();
    });
  });

  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('posts the Arrow bytes and the rules to one module worker and resolves with its answer', async () => {
    const answered = tableToIPC(tableFromArrays({ state: ['CA', 'NY'], births: Float64Array.from([30, 20]) }), 'stream');
    const ipc = births();

    const first = postProcessArrow(ipc, [null, renameNum]);
    const [worker] = RecordingWorker.started;
    expect(RecordingWorker.started).toHaveLength(1);
    expect(worker?.url).toMatch(/postProcess\.worker\.ts/);
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.received).toEqual([{ id: expect.any(Number) as number, ipc, rules: [renameNum] }]);

    const request = worker?.received[0] as { id: number };
    worker?.onmessage?.({ data: { id: request.id, ipc: answered } } as MessageEvent<PostProcessReply>);
    expect(await first).toBe(answered);

    const failing = postProcessArrow(ipc, [{ operation: 'rolling', options: { rolling_type: 'quantile' } }]);
    expect(RecordingWorker.started).toHaveLength(1);
    const second = worker?.received[1] as { id: number };
    expect(second.id).not.toBe(request.id);
    worker?.onmessage?.({ data: { id: second.id, error: { name: 'InvalidPostProcessing', message: 'Invalid rolling_type: quantile' } } } as MessageEvent<PostProcessReply>);
    await expect(failing).rejects.toEqual(new PostProcessingError('InvalidPostProcessing', 'Invalid rolling_type: quantile'));
    await expect(failing).rejects.toMatchObject({ name: 'InvalidPostProcessing' });
    expect(mainThreadCoreLoads).toBe(0);
  });

  it('does not start a worker when there is nothing to do', async () => {
    const ipc = births();
    expect(await postProcessArrow(ipc, [null])).toBe(ipc);
    expect(RecordingWorker.started).toHaveLength(1);
    expect(RecordingWorker.started[0]?.received).toHaveLength(2);
  });

  it("the worker script applies the rules with quiver-core and transfers the answer's buffer", async () => {
    await loadQuiverCoreInNode();
    const workerScope = self as unknown as { onmessage: ((message: MessageEvent<PostProcessMessage>) => Promise<void>) | null; postMessage: unknown };
    const replies: [PostProcessReply, Transferable[] | undefined][] = [];
    const postMessage = vi.fn((reply: PostProcessReply, transfer?: Transferable[]) => {
      replies.push([reply, transfer]);
    });
    workerScope.postMessage = postMessage;
    await import('./postProcess.worker');
    const [worker] = RecordingWorker.started;
    if (worker === undefined) throw new Error('no worker started');
    worker.answer = async (request) => {
      await workerScope.onmessage?.({ data: request } as MessageEvent<PostProcessMessage>);
      return replies.at(-1)?.[0] ?? null;
    };

    const renamed = tableFromIPC(await postProcessArrow(births(), [renameNum]));
    expect(renamed.schema.fields.map((field) => field.name)).toEqual(['state', 'births']);
    expect(renamed.getChild('births')?.toArray()).toEqual(Float64Array.from([30, 20]));
    const [reply, transfer] = replies[0] ?? [];
    expect(transfer).toEqual([reply?.ipc?.buffer]);

    await expect(postProcessArrow(births(), [{ operation: 'no_such_operation' }])).rejects.toMatchObject({ name: 'InvalidPostProcessing' });
  });
});
