import { Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './account-badge.module.css';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The initials in a brand-coloured circle (a plain element: Mantine's Avatar is not on the first paint). */
const avatarStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: 34,
  height: 34,
  borderRadius: '50%',
  background: 'var(--mantine-color-brand-filled)',
  color: 'var(--mantine-color-white)',
  fontSize: 13,
  fontWeight: 700,
} as const;

/**
 * What the account button shows: the initials, the name on wide screens and a chevron. The button is named by
 * its text, "Account: <name>" (the name stays in the text, only visually hidden on narrow screens), so what a
 * sighted user reads is part of what a screen reader or voice control hears.
 */
export function AccountBadge({ name }: { name: string }): ReactNode {
  return (
    <>
      <span style={avatarStyle} aria-hidden>
        {initials(name) || <IconUser size={18} />}
      </span>
      <VisuallyHidden>Account: </VisuallyHidden>
      <Text size="sm" fw={600} c="white" maw={140} truncate className={classes.name}>
        {name}
      </Text>
      <IconChevronDown size={14} aria-hidden />
    </>
  );
}

export const accountButtonStyle = { display: 'flex', alignItems: 'center', gap: 8, color: 'white', minHeight: 40 };
