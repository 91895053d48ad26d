import { afterEach, describe, expect, it } from 'vitest';
import {
  everyThreadsNice,
  newThreadsAt,
  niceOf,
  ownThreadId,
  THREAD_PRIORITIES_VISIBLE,
} from '../../../infra/worker-threads/thread-nice.test-helper';
import { makePdf, makePng } from '../test-files';
import { createConverterThread, type ConverterThread } from './converter-thread';

let thread: ConverterThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe('the conversion thread', () => {
  it('converts files asked for at once, in turn, on a thread below the server in priority', async () => {
    const before = THREAD_PRIORITIES_VISIBLE ? everyThreadsNice() : new Map<string, number>();
    thread = createConverterThread({ timeoutMs: 30_000 });
    const [photo, transcript] = await Promise.all([
      thread.run('image-to-pdf', await makePng()),
      thread.run('sanitize-pdf', await makePdf()),
    ]);
    expect(Buffer.from(photo!.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(transcript!.subarray(0, 5)).toString()).toBe('%PDF-');
    if (THREAD_PRIORITIES_VISIBLE) {
      // The conversion thread (and any thread it started) runs at nice 10, as LibreOffice does; this test's thread as it was.
      expect(newThreadsAt(10, before)).not.toEqual([]);
      expect(niceOf(ownThreadId())).toBe(before.get(ownThreadId()));
    }
  });
});
