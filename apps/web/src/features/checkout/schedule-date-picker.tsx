import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

interface Props {
  label: string;
  value: string | null;
  minDate: string;
  onChange: (value: string | null) => void;
  error?: string | null;
}

/** The pick-up or delivery date (loaded with the page's first use; @mantine/dates is not in the main bundle). */
export default function ScheduleDatePicker({ label, value, minDate, onChange, error }: Props) {
  return (
    <DatePickerInput
      label={label}
      value={value}
      onChange={(next) => onChange(next)}
      minDate={minDate}
      valueFormat="MMMM D, YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      placeholder="Choose a date"
      error={error}
      popoverProps={{ withinPortal: true }}
      maw={320}
    />
  );
}
