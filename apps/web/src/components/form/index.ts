export { FormPageBody, type FormRenderContext } from './form-page-body';
export { QUESTION_RENDERERS } from './question-renderers';
export { focusAnswerField } from './focus-answer-field';
export { FILE_MESSAGES, fileErrors, formatFileSize } from './fields/file-rules';
