import { Accordion, Box, Container, List, Paper, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageBanner } from '../../components/page-banner.tsx';
import { type FaqItem, faqTabs } from './faq-content.ts';
import classes from './faqs-page.module.css';

/** The starting tab from navigation state ({ tab: 1..5 }), else 1. */
function tabFromState(state: unknown): string {
  const tab = Number((state as { tab?: unknown } | null)?.tab);
  return faqTabs.some((entry) => entry.value === tab) ? String(tab) : '1';
}

function Answer({ item }: { item: FaqItem }) {
  return (
    <Box className={classes.answer}>
      {item.answer.map((part) =>
        Array.isArray(part) ? (
          <List key={part.join()} size="sm" spacing={2} className={classes.list}>
            {part.map((entry) => (
              <List.Item key={entry}>{entry}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={part} size="sm">
            {part}
          </Text>
        ),
      )}
    </Box>
  );
}

/** FAQ/help (spec 3 §2.5): five tabs; the starting tab can come in navigation state; items expand and collapse. */
export default function FaqsPage() {
  const location = useLocation();
  const [tab, setTab] = useState(() => tabFromState(location.state));
  // A new navigation to /FAQs with another tab in its state switches to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (location.key) re-reads the state
  useEffect(() => {
    setTab(tabFromState(location.state));
  }, [location.key, location.state]);

  return (
    <>
      <PageBanner
        title="Frequently asked questions"
        crumb="FAQs"
        subtitle="Answers about Tibay, orders, delivery, deals and payments."
      />
      <Container size="lg" py="xl">
        <Tabs value={tab} onChange={(value) => value && setTab(value)} variant="pills" radius="sm" keepMounted={false}>
          <Tabs.List className={classes.tabs} aria-label="Help topics">
            {faqTabs.map((entry) => (
              <Tabs.Tab key={entry.value} value={String(entry.value)} className={classes.tab}>
                {entry.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {faqTabs.map((entry) => (
            <Tabs.Panel key={entry.value} value={String(entry.value)} pt="lg">
              <Paper withBorder radius="md" className={classes.panel}>
                <Accordion
                  chevronPosition="right"
                  variant="default"
                  classNames={{ control: classes.control, label: classes.label }}
                >
                  {entry.items.map((item) => (
                    <Accordion.Item key={item.question} value={item.question}>
                      <Accordion.Control>{item.question}</Accordion.Control>
                      <Accordion.Panel>
                        <Answer item={item} />
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </Paper>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </>
  );
}
