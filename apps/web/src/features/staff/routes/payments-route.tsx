import { PaymentsOffice } from '../../payments/components/payments-office';
import { staffRoute } from '../components/staff-page';

/** /staff/payments (issue 43): the payments list, for members with the `payments` right. */
export const PaymentsRoute = staffRoute('payments', 'Payments', PaymentsOffice);
