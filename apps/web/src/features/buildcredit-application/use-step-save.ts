import { creditApplicationMessages as words } from '@tibay/contract';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSubmission } from './api.ts';
import { useDraftSaved } from './components/application-shell.tsx';

/**
 * NEXT and SAVE AS DRAFT of a form step: check the step (formats; required fields unless a draft), save it, then
 * go to the next step, or mark the application Draft, say so and go home after 1.5 s. A refusal shows the server's
 * field messages; anything else 'There was an error saving your application. Please try again later'.
 */
export function useStepSave<Saved>(step: {
  errorsOf: (draft: boolean) => Record<string, string>;
  setErrors: (errors: Record<string, string>) => void;
  save: (draft: boolean) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  allowNavigation: () => void;
  next: string;
}) {
  const submission = useSubmission();
  const navigate = useNavigate();
  const draftSaved = useDraftSaved();
  const run = async (draft: boolean) => {
    const problems = step.errorsOf(draft);
    step.setErrors(problems);
    if (Object.keys(problems).length) {
      toast(words.fillRequired, 'error');
      return;
    }
    try {
      step.onSaved(await step.save(draft));
      step.allowNavigation();
      if (draft) {
        await submission.mutateAsync({ status: 'Draft', termsAccepted: false });
        draftSaved();
      } else navigate(step.next);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.fields) step.setErrors(error.fields);
      toast(error.status === 400 || error.status === 409 ? error.message : words.saveError, 'error');
    }
  };
  return { run, drafting: submission.isPending };
}
