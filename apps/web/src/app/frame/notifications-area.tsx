// The toast area's component on its own, so a dynamic import can load it apart from the notifications store.
export { Notifications as default } from '@mantine/notifications';
