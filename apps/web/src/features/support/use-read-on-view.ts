import { useEffect } from 'react';
import { useReadConversationMutation } from './api';

/** Opening a conversation with unread messages marks them read (the menu's count drops). */
export function useReadOnView(userId: string, conversationId: string | undefined, unread: number) {
  const [read] = useReadConversationMutation();
  useEffect(() => {
    if (!conversationId || unread === 0) return;
    void read({ userId, conversationId });
  }, [read, userId, conversationId, unread]);
}
