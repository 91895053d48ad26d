// The applicant's own data: the public entry the retention job uses to delete an account with its files.
export { deleteAccount, type DeletedAccount, type DeleteAccountOptions } from './delete-account';
