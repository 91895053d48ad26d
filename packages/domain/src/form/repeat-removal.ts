import type { Answers } from '../api/profile';
import { ADD_ANOTHER_DEFAULT_COUNT } from '../constants';
import { answerKeysUnder } from './answer-keys';
import type { AddAnotherQuestion, Question } from './question-types';
import { childrenOf } from './walk';

/** What one repeated block holds, position by position, so block n's keys line up with block n+1's. */
export interface RepeatItemKeys {
  /** Answer keys (with `_desc` companions), in the same order in every block. */
  answers: string[];
  /** Tab group ids inside the block. */
  tabs: string[];
  /** File questions' answer keys: their documents move with the block. */
  files: string[];
}

function collect(questions: readonly Question[], out: RepeatItemKeys): void {
  for (const q of questions) {
    if (q.kind === 'tabs') out.tabs.push(q.key);
    if (q.kind === 'file') out.files.push(q.key);
    collect(childrenOf(q), out);
  }
}

export function repeatItemKeys(question: AddAnotherQuestion, index: number): RepeatItemKeys {
  const item = question.items[index] ?? [];
  const out: RepeatItemKeys = { answers: item.flatMap(answerKeysUnder), tabs: [], files: [] };
  collect(item, out);
  return out;
}

/** A key whose content moves to another key: block n+1's answer or document becomes block n's. */
export interface KeyMove {
  from: string;
  to: string;
}

/** Everything a removal or a lower count changes; applied in one transaction by the server. */
export interface RepeatChange {
  /** The new number of blocks. */
  count: number;
  /** Every answer key of the blocks from the removed one on, with its new value ('' when cleared). */
  answers: Answers;
  /** Tab group ids with their new choice; null means back to the default (the entry is removed). */
  tabs: Record<string, string | null>;
  /** File answer keys whose documents move up one block, in order (first move first). */
  documentMoves: KeyMove[];
  /** File answer keys whose documents are gone (the removed block's, after the moves: the last block's). */
  documentsCleared: string[];
}

function clampCount(question: AddAnotherQuestion, saved: number | undefined): number {
  return Math.min(Math.max(saved ?? ADD_ANOTHER_DEFAULT_COUNT, ADD_ANOTHER_DEFAULT_COUNT), question.maxRepeats);
}

/**
 * Removing block `index` (0-based) of `count`: every later block moves up one
 * place (answers, `_desc` labels, tab choices, documents) and the last block is
 * emptied. With a single block there is nothing to move up: it is emptied and stays.
 */
export function removeRepeatItem(
  question: AddAnotherQuestion,
  state: { answers: Answers; tabs: Readonly<Record<string, string>>; count: number | undefined },
  index: number,
): RepeatChange {
  const count = clampCount(question, state.count);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`There is no block ${index + 1}.`);
  const change: RepeatChange = {
    count: Math.max(ADD_ANOTHER_DEFAULT_COUNT, count - 1),
    answers: {},
    tabs: {},
    documentMoves: [],
    documentsCleared: [],
  };
  for (let i = index; i < count; i++) {
    const here = repeatItemKeys(question, i);
    const next = i + 1 < count ? repeatItemKeys(question, i + 1) : undefined;
    here.answers.forEach((key, p) => (change.answers[key] = next ? (state.answers[next.answers[p] ?? ''] ?? '') : ''));
    here.tabs.forEach((key, p) => (change.tabs[key] = next ? (state.tabs[next.tabs[p] ?? ''] ?? null) : null));
    if (next) here.files.forEach((key, p) => change.documentMoves.push({ from: next.files[p] ?? '', to: key }));
    else change.documentsCleared.push(...here.files);
  }
  return change;
}

/**
 * Setting the count to `count`: blocks past it are emptied (answers, tabs,
 * documents), so a lower count never leaves answers behind that no page shows.
 */
export function setRepeatCount(question: AddAnotherQuestion, count: number): RepeatChange {
  const change: RepeatChange = { count, answers: {}, tabs: {}, documentMoves: [], documentsCleared: [] };
  for (let i = count; i < question.maxRepeats; i++) {
    const keys = repeatItemKeys(question, i);
    for (const key of keys.answers) change.answers[key] = '';
    for (const key of keys.tabs) change.tabs[key] = null;
    change.documentsCleared.push(...keys.files);
  }
  return change;
}
