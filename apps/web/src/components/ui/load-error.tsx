import { Button } from './button';

interface LoadErrorProps {
  /** The sentence that says what failed ("We could not load the trades."). */
  message: string;
  onRetry: () => void;
  /** True while the retry runs: the button says so and waits. */
  isRetrying?: boolean;
}

/** A read that failed, in words, with one way forward. */
export function LoadError({ message, onRetry, isRetrying = false }: LoadErrorProps) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-[12px] bg-rejected-bg p-4">
      <p className="text-sm text-rejected">{message}</p>
      <Button variant="secondary" isLoading={isRetrying} loadingText="Loading..." onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
