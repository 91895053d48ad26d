import type { QuestionKind, QuestionOfKind } from '@admissions/domain';
import type { ReactNode } from 'react';
import type { QuestionProps } from './form-render-context';
import { AddAnotherQuestionField } from './fields/add-another-question';
import { AddressBlockQuestionField } from './fields/address-block-question';
import { CheckGroupQuestionField } from './fields/check-group-question';
import { CheckboxQuestionField } from './fields/checkbox-question';
import { ConditionGroupQuestionField } from './fields/condition-group-question';
import { ConditionalSelectQuestionField } from './fields/conditional-select-question';
import { ConfirmationGateQuestionField } from './fields/confirmation-gate-question';
import { DateQuestionField } from './fields/date-question';
import { DateWindowBannerQuestionField } from './fields/date-window-banner-question';
import { EmailQuestionField } from './fields/email-question';
import { FileQuestionField } from './fields/file-question';
import { MonthYearQuestionField } from './fields/month-year-question';
import { PhoneQuestionField } from './fields/phone-question';
import { RadioQuestionField } from './fields/radio-question';
import { SchoolBlockQuestionField } from './fields/school-block-question';
import { SelectQuestionField } from './fields/select-question';
import { SsnQuestionField } from './fields/ssn-question';
import { StaticQuestionField } from './fields/static-question';
import { TabsQuestionField } from './fields/tabs-question';
import { TextQuestionField } from './fields/text-question';
import { TextareaQuestionField } from './fields/textarea-question';

export type QuestionRenderer<K extends QuestionKind> = (props: QuestionProps<QuestionOfKind<K>>) => ReactNode;

/**
 * One renderer per question kind of the domain registry (QUESTION_KINDS).
 * The mapped type makes a new kind without a renderer a type error, so
 * adding a kind is one entry here and one file under fields/.
 */
export const QUESTION_RENDERERS: { readonly [K in QuestionKind]: QuestionRenderer<K> } = {
  text: TextQuestionField,
  textarea: TextareaQuestionField,
  date: DateQuestionField,
  'month-year': MonthYearQuestionField,
  phone: PhoneQuestionField,
  ssn: SsnQuestionField,
  email: EmailQuestionField,
  select: SelectQuestionField,
  'conditional-select': ConditionalSelectQuestionField,
  radio: RadioQuestionField,
  checkbox: CheckboxQuestionField,
  'check-group': CheckGroupQuestionField,
  'address-block': AddressBlockQuestionField,
  'school-block': SchoolBlockQuestionField,
  file: FileQuestionField,
  tabs: TabsQuestionField,
  'add-another': AddAnotherQuestionField,
  'confirmation-gate': ConfirmationGateQuestionField,
  'date-window-banner': DateWindowBannerQuestionField,
  static: StaticQuestionField,
  'condition-group': ConditionGroupQuestionField,
};
