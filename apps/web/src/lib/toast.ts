import { notifications } from '@mantine/notifications';

/** Toasts (rendered as alerts): one at a time, so a new one replaces the one showing. */
export function toast(message: string, kind: 'success' | 'error' | 'info' = 'info') {
  notifications.clean();
  notifications.show({
    message,
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'brand',
    withCloseButton: true,
    // Mantine leaves the toast's X unnamed (axe: button-name).
    closeButtonProps: { 'aria-label': 'Close' },
  });
}
