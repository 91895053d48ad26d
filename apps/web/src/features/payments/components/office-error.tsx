// A refused office call (the payments panel and page): the console's own CallError.
export { CallError as OfficeError } from '../../../components/ui/call-error';
