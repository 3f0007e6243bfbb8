import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const link = /(https?:\/\/[^\s<>"']+)/g;

/** A message as plain text (React escapes it; nothing is rendered as HTML), its web links made clickable. */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(link);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Anchor
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            key={index}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow"
            c="inherit"
            td="underline"
            style={{ wordBreak: 'break-all' }}
          >
            {part}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const manilaDay = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const manilaTime = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit' });

/** The day a message belongs to, in the Philippines: the date banner's text. */
export function dayLabel(iso: string): string {
  return manilaDay.format(new Date(iso));
}

export function timeLabel(iso: string): string {
  return manilaTime.format(new Date(iso));
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "5 minutes ago", "yesterday": the conversation list's time of last_updated. */
export function relativeLabel(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.345],
    ['month', 12],
    ['year', Number.POSITIVE_INFINITY],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size)
      return unit === 'second' && Math.abs(value) < 45 ? 'just now' : relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}
