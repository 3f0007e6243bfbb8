import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { bestSellerDropdown } from '@tibay/contract';
import { Link } from 'react-router';

/** The phones' best-seller category dropdown (lazily loaded by BestSellers, after the first paint). */
export default function BestSellerMenu({
  category,
  current,
  onChoose,
  opened,
  onChange,
}: {
  category: number;
  current: string;
  onChoose: (category: number) => void;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  return (
    <Menu position="bottom-start" shadow="md" width={220} opened={opened} onChange={onChange}>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={`Best seller category: ${current}`}
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Best seller categories">
        {bestSellerDropdown.map((entry) => (
          <Menu.Item
            key={entry.category_id}
            leftSection={
              entry.category_id === category ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />
            }
            onClick={() => onChoose(entry.category_id)}
          >
            {entry.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/shopbycategory" fw={700}>
          SEE MORE
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
