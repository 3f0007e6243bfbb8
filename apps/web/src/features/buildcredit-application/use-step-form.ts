import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * A step's form: the values, the field errors (a red border that clears once the field is filled), and whether
 * anything differs from what was last loaded or saved (the leave guard's "unsaved changes").
 */
export function useStepForm<T extends Record<string, unknown>>(loaded: T | null) {
  const [baseline, setBaseline] = useState<T | null>(loaded);
  const [values, setValues] = useState<T | null>(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (loaded && baseline === null) {
      setBaseline(loaded);
      setValues(loaded);
    }
  }, [loaded, baseline]);

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((old) => (old ? { ...old, [field]: value } : old));
    const filled = value !== null && value !== undefined && String(value).trim() !== '';
    if (filled) {
      setErrors((old) => {
        if (!(field in old)) return old;
        const { [field as string]: _, ...rest } = old;
        return rest;
      });
    }
  }, []);

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline]);

  return {
    values,
    set,
    setValues,
    errors,
    setErrors,
    dirty,
    /** What was saved becomes the new baseline (nothing unsaved). */
    markSaved(saved: T) {
      setBaseline(saved);
      setValues(saved);
    },
  };
}
