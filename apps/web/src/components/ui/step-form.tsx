import { useId, type ReactNode, type Ref } from 'react';
import { Button } from './button';

interface StepFormProps {
  /** The step's heading; it names the form and takes focus when the step shows. */
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  submitLabel: string;
  /** The browser's own validation stays off: the step checks its fields itself. */
  onSubmit: () => void;
  children: ReactNode;
}

/** The form step of a multi-step flow (selling a card, withdrawing): fields, then go on. */
export function StepForm({ title, headingRef, submitLabel, onSubmit, children }: StepFormProps) {
  const titleId = useId();
  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-5"
    >
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-ink outline-none"
      >
        {title}
      </h2>
      {children}
      <Button type="submit" fullWidth className="sm:w-auto sm:self-end">
        {submitLabel}
      </Button>
    </form>
  );
}
