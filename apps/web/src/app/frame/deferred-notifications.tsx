import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { useIdle } from '../../components/deferred.tsx';

const Notifications = lazy(() => import('./notifications-area.tsx'));

/**
 * The toast area. Its code (transitions, positioning) loads after the first paint, or at once when a toast is
 * shown before that; toasts shown meanwhile wait in the store and appear when it mounts.
 */
export function DeferredNotifications(props: NotificationsProps) {
  const idle = useIdle();
  const state = useNotifications();
  const needed = idle || state.notifications.length > 0 || state.queue.length > 0;
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
