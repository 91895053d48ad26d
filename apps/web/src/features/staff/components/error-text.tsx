// The console's refused calls (shared with the payments and messages parts): components/ui/call-error.tsx.
export { CallError } from '../../../components/ui/call-error';
