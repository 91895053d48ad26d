import { childrenOf, type Question, type TabsQuestion } from '@admissions/domain';

function fileKeysUnder(questions: readonly Question[]): string[] {
  return questions.flatMap((q) => (q.kind === 'file' ? [q.key] : fileKeysUnder(childrenOf(q))));
}

/** The file questions a switch to `toTab` leaves behind (their answers are cleared, SPEC section 4). */
export function fileKeysLeftBy(group: TabsQuestion, toTab: string): string[] {
  return fileKeysUnder(group.tabs.filter((t) => t.id !== toTab).flatMap((t) => t.questions));
}
