import {
  USA,
  isHidden,
  type AddressBlockQuestion,
  type AddressPart,
  type LookupBlock,
  type PartQuestion,
  type Question,
} from '@admissions/domain';
import { Fragment, type ReactNode } from 'react';
import type { FormRenderContext } from '../form-render-context';
import { LookupField } from './lookup-field';

type SearchQuestion = Parameters<typeof LookupField>[0]['question'];

/** The place parts of a block that a ZIP code completes. */
const PLACE_PARTS: ReadonlySet<string> = new Set<AddressPart>(['zip', 'city', 'state', 'country']);
const isPlacePart = (q: { part: string }): q is PartQuestion<AddressPart> => PLACE_PARTS.has(q.part);

/**
 * The parts of an address or school block, with the lookup widget on the
 * block's search part, and on the ZIP code of a school entered by hand (it
 * completes the school's city, state and country like an address). The print
 * view has no widget, and a block whose country is another than the United
 * States is entered by hand: the directories and ZIP codes are US-only.
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
  const zipSearch: AddressBlockQuestion | undefined =
    block.searchPart === 'zip'
      ? undefined
      : {
          kind: 'address-block',
          key: `${block.key}-place`,
          label: block.label,
          lookupCategory: 'address',
          searchPart: 'zip',
          questions: (block.questions as readonly PartQuestion<string>[]).filter(isPlacePart),
        };
  return questions.map((q) => {
    const part = 'part' in q && q.kind === 'text' && !isHidden(q, ctx.answers) ? q.part : undefined;
    const lookup =
      !lookupOn || part === undefined
        ? undefined
        : part === block.searchPart
          ? block
          : part === 'zip'
            ? zipSearch
            : undefined;
    return (
      <Fragment key={q.key}>
        {lookup ? <LookupField block={lookup} question={q as SearchQuestion} ctx={ctx} /> : renderQuestions([q])}
      </Fragment>
    );
  });
}
