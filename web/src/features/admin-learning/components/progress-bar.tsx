/** A labelled progress bar (the native element: screen readers read its value) with its percent. */
export function ProgressBar({
  label,
  value,
  testId,
  tone = 'default',
}: {
  label: string;
  /** 0–100 */
  value: number;
  testId: string;
  tone?: 'default' | 'failed';
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <span className={`progress progress--${tone}`}>
      <progress
        className="progress__bar"
        max={100}
        value={percent}
        aria-label={label}
        data-testid={testId}
        data-value={percent}
      />
      <span className="progress__text" aria-hidden="true">
        {percent}%
      </span>
    </span>
  );
}
