import { buildForm } from '@admissions/domain';
import { describe, expect, test } from 'vitest';
import { createAnswersSaver } from './answers-saver';
import { createAnswersStore } from './answers-store';
import { sampleFormTenant } from '../../../../../../test/tenants';

const form = buildForm(sampleFormTenant('NFC'));

describe('answers store', () => {
  test('the edits are exactly the difference from the saved answers', () => {
    const store = createAnswersStore(form);
    store.setSaved({ first_name: 'Ada', last_name: 'Byron' });

    store.change({ last_name: 'Lovelace' });
    expect(store.getSnapshot().edits).toEqual({ last_name: 'Lovelace' });
    expect(store.getSnapshot().answers).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });

    store.change({ last_name: 'Byron' });
    expect(store.getSnapshot().edits).toEqual({});
  });

  test('a change that hides a block clears its answers', () => {
    const store = createAnswersStore(form);
    store.setSaved({ mailing_addr_same_as_perm_addr: 'N', mailing_city: 'Boston' });

    store.change({ mailing_addr_same_as_perm_addr: 'Y' });

    expect(store.getSnapshot().edits).toEqual({ mailing_addr_same_as_perm_addr: 'Y', mailing_city: '' });
  });

  test('edits made while a save is on its way stay unsaved', () => {
    const store = createAnswersStore(form);
    store.change({ first_name: 'Ad' });
    const sent = store.getSnapshot().edits;
    store.change({ first_name: 'Ada', last_name: 'L' });

    store.markSaved(sent);

    expect(store.getSnapshot().edits).toEqual({ first_name: 'Ada', last_name: 'L' });
  });

  test("newly loaded saved answers keep the user's edits on top", () => {
    const store = createAnswersStore(form);
    store.change({ first_name: 'Ada' });

    store.setSaved({ first_name: 'Grace', city: 'Paris' });

    expect(store.getSnapshot().answers).toEqual({ first_name: 'Ada', city: 'Paris' });
    expect(store.getSnapshot().edits).toEqual({ first_name: 'Ada' });
  });

  test('answers the server cleared itself are shown and saved as empty', () => {
    const store = createAnswersStore(form);
    store.setSaved({ college_transcript_upload: 'a.pdf' });

    store.clearSaved(['college_transcript_upload']);

    expect(store.getSnapshot()).toEqual({ answers: { college_transcript_upload: '' }, edits: {} });
  });
});

describe('answers saver', () => {
  test('saves one at a time and never sends the same edits twice', async () => {
    const store = createAnswersStore(form);
    const sent: Record<string, string>[] = [];
    let release: () => void = () => {};
    const save = createAnswersSaver(
      store,
      (answers) => {
        sent.push(answers);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      () => {},
    );

    store.change({ first_name: 'Ada' });
    const first = save();
    const second = save();
    await Promise.resolve();
    store.change({ last_name: 'L' });
    release();
    await first;
    await Promise.resolve();
    release();
    await second;

    expect(sent).toEqual([{ first_name: 'Ada' }, { last_name: 'L' }]);
    expect(store.getSnapshot().edits).toEqual({});
  });

  test('a failed save keeps the edits for the next try', async () => {
    const store = createAnswersStore(form);
    const save = createAnswersSaver(
      store,
      () => Promise.reject(new Error('offline')),
      () => {},
    );
    store.change({ first_name: 'Ada' });

    await expect(save()).rejects.toThrow('offline');

    expect(store.getSnapshot().edits).toEqual({ first_name: 'Ada' });
  });
});
