import { Select } from '@mantine/core';
import { chatPollMs } from '@tibay/contract';
import { toast } from '../../lib/toast.ts';
import { adminChat, StaffInbox, useAssign, useChatAdmins } from '../chat/index.ts';

/** admin-v2's Support inbox (issue 16): every buyer's support conversation, assignable, answered in place. */
export default function SupportInboxPage() {
  const admins = useChatAdmins();
  const assign = useAssign();
  return (
    <StaffInbox
      client={adminChat}
      title="Support"
      empty="No support conversations yet."
      pollMs={chatPollMs.support}
      aside={(conversation) => (
        <Select
          label="Assigned to"
          placeholder="Nobody"
          size="xs"
          w={200}
          clearable
          data={(admins.data?.admins ?? []).map((admin) => ({ value: String(admin.id), label: admin.name }))}
          value={conversation.assignee ? String(conversation.assignee.id) : null}
          onChange={(value) =>
            assign.mutate(
              { conversationId: conversation.conversation_id, adminId: value ? Number(value) : null },
              { onError: (error) => toast(error.message, 'error') },
            )
          }
        />
      )}
    />
  );
}
