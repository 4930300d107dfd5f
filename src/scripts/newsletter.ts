/**
 * Sends the newsletter form in the background and says how it went in the form's live region.
 * Without JavaScript the form posts to the endpoint as an ordinary form. The field at fault
 * is marked invalid, described by the message and focused; nothing is sent twice at once.
 */
import { formProblem, isSuccess, newsletterClient, OUTCOME_MESSAGES, subscribe, type SubscribeOutcome } from '../lib/newsletter/subscribe';

const SENDING = 'Sender påmeldinga …';

export function enhanceNewsletterForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) enhance(form);
}

function enhance(form: HTMLFormElement): void {
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const consent = form.querySelector<HTMLInputElement>('input[name="consent"]');
  const result = form.querySelector<HTMLElement>('[data-newsletter-result]');
  if (!email || !consent || !result) return;
  const endpoint = form.action;
  const client = newsletterClient(endpoint);
  let busy = false;
  // Our own messages replace the browser's validation bubbles.
  form.noValidate = true;

  const mark = (field: HTMLInputElement | null) => {
    for (const input of [email, consent]) {
      if (input === field) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', result.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
  };

  const show = (outcome: SubscribeOutcome) => {
    result.textContent = OUTCOME_MESSAGES[outcome];
    result.dataset['outcome'] = isSuccess(outcome) ? 'ok' : 'error';
    const field = outcome === 'invalid-email' || outcome === 'missing-email' ? email : outcome === 'consent-required' ? consent : null;
    mark(field);
    field?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const problem = formProblem(email.value, consent.checked);
    if (problem) return show(problem);
    busy = true;
    form.setAttribute('aria-busy', 'true');
    result.textContent = SENDING;
    delete result.dataset['outcome'];
    void subscribe(client, endpoint, email.value, true)
      .then((outcome) => {
        show(outcome);
        if (isSuccess(outcome)) {
          form.reset();
          mark(null);
        }
      })
      .finally(() => {
        busy = false;
        form.removeAttribute('aria-busy');
      });
  });
}
