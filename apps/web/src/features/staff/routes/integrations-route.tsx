import { ApiReference } from '../../integrations/components/api-reference';
import { IntegrationsOffice } from '../../integrations/components/integrations-office';
import { staffRoute } from '../components/staff-page';

/** /staff/integrations (issue 45): API tokens, webhooks and scheduled exports, for administrators (`manage_team`). */
export const IntegrationsRoute = staffRoute('manage_team', 'Integrations', IntegrationsOffice);

/** /staff/integrations/api: the read API's reference, drawn from its OpenAPI document, for the same members. */
export const ApiReferenceRoute = staffRoute('manage_team', 'API reference', ApiReference);
