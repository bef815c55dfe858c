import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@rian/proto-contracts/orders';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { fieldMessages } from '@/lib/message';
import { useAuthStore } from '@/stores/auth-store';
import type { PriceLookup, Product } from '@/types/api';
import { usePlaceOrder } from '../api/place-order';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { checkoutBody } from '../lib/checkout-body';
import { INITIAL_DRAFT, ORDER_STEPS, effectivePrice, orderReducer, type OrderStep } from '../lib/order-draft';
import { RECEIPT_FIELDS, validateReceipt, type ReceiptErrors } from '../lib/receipt-form';
import { CheckoutStepper, type StepperItem } from './checkout-stepper';
import { PackageStep } from './package-step';
import { InvoiceStep } from './invoice-step';
import { PaymentStep } from './payment-step';
import { OrderPlaced } from './order-placed';
import { CheckoutDone, JoinGroupStep } from './checkout-ending';
import '../i18n';
import '../checkout.css';

/** The member's prices for the product today, as the app layer reads them from catalog. */
export type PriceLookupState = {
  data: PriceLookup | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** Where the visitor's sign-in is: e-mail (and password of an existing account) or registration. */
export type SignInStage = 'email' | 'password' | 'register';

export type CheckoutDialogProps = {
  product: Product;
  prices: PriceLookupState;
  /** the price chosen on the product page, where the package step starts */
  chosenPriceId?: string | null;
  /** buy-now steps 1–2 for a visitor: the app layer renders auth's inline sign-in here */
  signIn: (slot: { onStageChange: (stage: SignInStage) => void; onSignedIn: () => void }) => ReactNode;
  /** the product's bank accounts (catalog), shown for a bank transfer */
  bankAccounts: ReactNode;
  onClose: () => void;
};

type Phase = 'account' | 'order' | 'group' | 'done';

/**
 * "Buy now" (spec 02 §2): a signed-in member gets the order dialog (package, invoice, payment, done);
 * a visitor gets the buy-now stepper (check e-mail, register, pay — the order dialog's steps —,
 * request to join the group, done). Opened on demand in its own chunk.
 */
export default function CheckoutDialog({
  product,
  prices,
  chosenPriceId = null,
  signIn,
  bankAccounts,
  onClose,
}: CheckoutDialogProps) {
  const { t } = useTranslation();
  const [visitor] = useState(() => !useAuthStore.getState().token);
  const [phase, setPhase] = useState<Phase>(visitor ? 'account' : 'order');
  const [stage, setStage] = useState<SignInStage>('email');
  // one key per opening: a retry (or a second click) re-sends it, and orders answers the first order
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, dispatch] = useReducer(orderReducer, INITIAL_DRAFT);
  const [receiptErrors, setReceiptErrors] = useState<ReceiptErrors>({});
  const [placed, setPlaced] = useState<OrderView | null>(null);
  const placeOrder = usePlaceOrder();
  const bodyRef = useRef<HTMLDivElement>(null);

  const lookup = prices.data;
  const price = lookup ? effectivePrice(lookup, draft.priceId, chosenPriceId) : null;

  // a new step starts at its top (the dialog scrolls on small screens)
  useEffect(() => {
    const dialog = bodyRef.current?.closest('.dialog');
    if (dialog) dialog.scrollTop = 0;
  }, [phase, draft.step, placed]);

  function goto(step: OrderStep) {
    placeOrder.reset();
    dispatch({ type: 'goto', step });
  }

  function invoiceNext(): boolean {
    const errors = validateReceipt(draft.receipt);
    setReceiptErrors(errors);
    if (Object.values(errors).some(Boolean)) return false;
    goto('payment');
    return true;
  }

  function confirm() {
    if (!price || placeOrder.isPending) return;
    placeOrder.mutate(
      { body: checkoutBody(product, price, draft), idempotencyKey },
      {
        onSuccess: (reply) => setPlaced(reply.order),
        onError: (error) => {
          // the invoice fields the server refused go back to their form
          const fields = isApiError(error) ? fieldMessages(error, RECEIPT_FIELDS) : {};
          if (draft.receipt.want && Object.keys(fields).length > 0) {
            setReceiptErrors(fields);
            dispatch({ type: 'goto', step: 'invoice' });
          }
        },
      },
    );
  }

  // ----- the stepper: the order dialog's four steps, or buy-now's five -----
  const orderIndex = ORDER_STEPS.indexOf(draft.step);
  const orderSteps: StepperItem[] = ORDER_STEPS.map((step, index) => ({
    key: step,
    label: t(`checkout.steps.${step}`),
    // spec 02 §2: an earlier step is clickable (step 2 from step 3 resets the payment type to 4)
    onSelect: phase === 'order' && !placed && index < orderIndex ? () => goto(step) : undefined,
  }));
  let stepper: ReactNode;
  let subStepper: ReactNode = null;
  if (visitor) {
    const steps = (['email', 'register', 'pay', 'group', 'done'] as const).map((key) => ({
      key,
      label: t(`checkout.steps.${key}`),
    }));
    const current =
      phase === 'account'
        ? stage === 'register'
          ? 1
          : 0
        : phase === 'order'
          ? 2
          : phase === 'group'
            ? 3
            : 4;
    stepper = (
      <CheckoutStepper
        steps={steps}
        current={current}
        label={t('checkout.stepsLabel')}
        testId="checkout-stepper"
      />
    );
    if (phase === 'order' && lookup && price) {
      subStepper = (
        <CheckoutStepper
          steps={orderSteps}
          current={placed ? ORDER_STEPS.length - 1 : orderIndex}
          label={t('checkout.subStepsLabel')}
          testId="checkout-substeps"
        />
      );
    }
  } else {
    const steps = [...orderSteps, { key: 'done', label: t('checkout.steps.done') }];
    stepper = (
      <CheckoutStepper
        steps={steps}
        current={phase === 'done' ? 3 : orderIndex}
        label={t('checkout.stepsLabel')}
        testId="checkout-stepper"
      />
    );
  }

  let body: ReactNode;
  if (phase === 'account') {
    body = (
      <>
        <p className="checkout-lead">{t(`checkout.account.${stage}`)}</p>
        {signIn({ onStageChange: setStage, onSignedIn: () => setPhase('order') })}
      </>
    );
  } else if (phase === 'group') {
    body = <JoinGroupStep onNext={() => setPhase('done')} />;
  } else if (phase === 'done') {
    body = <CheckoutDone onClose={onClose} />;
  } else if (placed) {
    body = (
      <OrderPlaced
        order={placed}
        bankAccounts={bankAccounts}
        onNext={() => setPhase(visitor ? 'group' : 'done')}
        onLeave={onClose}
      />
    );
  } else if (prices.isError) {
    body = (
      <div className="checkout-step">
        <Alert>{t('checkout.package.error')}</Alert>
        <Button variant="secondary" onClick={() => void prices.refetch()}>
          {t('checkout.retry')}
        </Button>
      </div>
    );
  } else if (!lookup || prices.isPending) {
    body = <Spinner label={t('checkout.package.loading')} />;
  } else if (!price) {
    // spec 02 §4: no price for this member today: nothing to buy
    body = (
      <div className="checkout-step" data-testid="checkout-no-price">
        <Alert tone="info">{t('checkout.package.none')}</Alert>
        <div className="checkout-actions">
          <Button size="lg" onClick={onClose} data-testid="checkout-close">
            {t('checkout.close')}
          </Button>
        </div>
      </div>
    );
  } else if (draft.step === 'package') {
    body = (
      <PackageStep
        product={product}
        lookup={lookup}
        price={price}
        draft={draft}
        dispatch={dispatch}
        onNext={() => goto('invoice')}
      />
    );
  } else if (draft.step === 'invoice') {
    body = (
      <InvoiceStep
        product={product}
        receipt={draft.receipt}
        errors={receiptErrors}
        onErrors={setReceiptErrors}
        dispatch={dispatch}
        onBack={() => goto('package')}
        onNext={invoiceNext}
      />
    );
  } else {
    body = (
      <PaymentStep
        product={product}
        price={price}
        draft={draft}
        dispatch={dispatch}
        pending={placeOrder.isPending}
        error={placeOrder.error}
        onBack={() => goto('invoice')}
        onConfirm={confirm}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={visitor ? t('checkout.titleVisitor') : t('checkout.title')}
        description={product.title}
        closeLabel={t('checkout.close')}
        className="checkout-dialog"
        data-testid="checkout-dialog"
        // a long form: a stray click beside it must not throw the answers away (Escape and × still close)
        onInteractOutside={(event) => event.preventDefault()}
      >
        <div ref={bodyRef} className="checkout-body">
          {stepper}
          {subStepper}
          {body}
        </div>
      </DialogContent>
    </Dialog>
  );
}
