import { MessagesOffice } from '../../messages/components/messages-office';
import { staffRoute } from '../components/staff-page';
import { useListFilterOptions } from '../list/list-filter-options';

/** The messages with the console list's filters to aim them, as the list offers them to this member. */
function Messages() {
  return <MessagesOffice options={useListFilterOptions()} />;
}

/** /staff/messages (issue 46): messages to groups of applicants, for members with the `message` right. */
export const MessagesRoute = staffRoute('message', 'Messages', Messages);
