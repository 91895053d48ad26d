export { FormPageBody, type FormRenderContext } from './form-page-body';
export { QUESTION_RENDERERS } from './question-renderers';
export { focusAnswerField } from './focus-answer-field';
