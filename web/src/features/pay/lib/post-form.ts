import type { CardForm } from '@rian/proto-contracts/payments';

/** Leaves the page the way the provider expects: a hidden form posted to its address (spec 02 §4 "Card"). */
export function postHiddenForm(form: CardForm, doc: Document = document): HTMLFormElement {
  const el = doc.createElement('form');
  el.method = form.method;
  el.action = form.action;
  el.hidden = true;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    el.appendChild(input);
  }
  doc.body.appendChild(el);
  el.submit();
  return el;
}
