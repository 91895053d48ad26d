import { USA, isHidden, type LookupBlock, type Question } from '@admissions/domain';
import { Fragment, type ReactNode } from 'react';
import type { FormRenderContext } from '../form-render-context';
import { LookupField } from './lookup-field';

/**
 * The parts of an address or school block, with the lookup widget on the
 * block's search part. The print view has no widget, and a block whose
 * country is set to another country than the United States is entered by
 * hand: the directories and ZIP codes are US-only.
 */
export function renderBlockParts(
  block: LookupBlock,
  questions: readonly Question[],
  ctx: FormRenderContext,
  renderQuestions: (questions: readonly Question[]) => ReactNode,
): ReactNode {
  const countryKey = block.questions.find((q) => q.part === 'country')?.key;
  const country = countryKey ? (ctx.answers[countryKey] ?? '') : '';
  const lookupOn = !ctx.readOnly && (country === '' || country === USA);
  return questions.map((q) => {
    const searchHere = lookupOn && 'part' in q && q.part === block.searchPart && q.kind === 'text' && !isHidden(q, ctx.answers);
    return (
      <Fragment key={q.key}>
        {searchHere ? <LookupField block={block} question={q as Parameters<typeof LookupField>[0]['question']} ctx={ctx} /> : renderQuestions([q])}
      </Fragment>
    );
  });
}
