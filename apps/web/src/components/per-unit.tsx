import classes from './per-unit.module.css';

/** " / bag" after a price: the product's selling unit (issue 11 item 12), readable beside the price. */
export function PerUnit({ unit, fz = 'xs' }: { unit: string; fz?: 'xs' | 'sm' }) {
  return (
    <span className={classes.unit} style={{ fontSize: `var(--mantine-font-size-${fz})` }}>
      {' '}
      / {unit}
    </span>
  );
}
