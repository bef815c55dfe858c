import { useTranslation } from 'react-i18next';

export type StepperItem = {
  key: string;
  label: string;
  /** a step the buyer may go back to */
  onSelect?: () => void;
};

/**
 * A visible, numbered stepper (spec 02 §2): steps before the current one are done, the current one
 * is `aria-current="step"`; a step with `onSelect` is a button (going back). Narrow screens keep
 * only the current step's label beside the numbers.
 */
export function CheckoutStepper({
  steps,
  current,
  label,
  testId,
}: {
  steps: readonly StepperItem[];
  current: number;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const currentStep = steps[current];
  return (
    <div className="checkout-stepper">
      <ol
        className="checkout-stepper__list"
        aria-label={label}
        data-testid={testId}
        style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
      >
        {steps.map((step, index) => {
          const state = index < current ? 'is-done' : index === current ? 'is-current' : 'is-next';
          const body = (
            <>
              <span className="checkout-stepper__number" aria-hidden="true">
                {index < current ? '✓' : index + 1}
              </span>
              <span className="checkout-stepper__label">{step.label}</span>
            </>
          );
          return (
            <li
              key={step.key}
              className={`checkout-stepper__item ${state}`}
              aria-current={index === current ? 'step' : undefined}
              data-step={step.key}
            >
              {step.onSelect ? (
                <button
                  type="button"
                  className="checkout-stepper__button"
                  onClick={step.onSelect}
                  aria-label={t('checkout.goToStep', { name: step.label })}
                  data-testid={`${testId}-${step.key}`}
                >
                  {body}
                </button>
              ) : (
                <span className="checkout-stepper__static">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
      {currentStep && (
        <p className="checkout-stepper__caption" aria-live="polite">
          {t('checkout.stepOf', { step: current + 1, count: steps.length, name: currentStep.label })}
        </p>
      )}
    </div>
  );
}
