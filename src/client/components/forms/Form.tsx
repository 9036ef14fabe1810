// The state of a form that is checked with a shared superstruct struct and sent
// to the API: its values, which errors to show, the submit button's state
// (SPEC §4) and the message after sending (SPEC §8).
//
// - The checking (the structs, superstruct: checking.ts) loads when the form is
//   first typed in or sent, not with the page (issue 12); a form may pass its
//   struct as a loader for the same reason.
// - Errors show after the first submit attempt, and then follow the visitor's
//   typing. Not on leaving a field: the message it would insert pushes the
//   submit button down between the press and the release of a click on it,
//   and the click is lost.
// - A failed send keeps every value and the form's idempotency key, so sending
//   again is a retry the server recognises. Only after a success does an edit
//   start a new form fill (and a new key).
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
import type { Struct } from 'superstruct';
import { HttpError, RetryLater } from '../../../shared/errors.ts';
import { t } from '../../../shared/i18n.ts';
import type { SubmitResult, SubmitState } from './SubmitButton.tsx';
import { newIdempotencyKey } from './idempotency.ts';

export interface FormStatus {
  state: SubmitState;
  result: SubmitResult | null;
  /** 'Thanks you for your request', 'Sorry an error occured, check your internet' or the summary of field errors. */
  message: string | null;
  /** A second line, e.g. the server's word on a rate limit. */
  detail: string | null;
}

export interface UseForm {
  values: Record<string, string>;
  set(name: string, value: string): void;
  /** The message to show under a field now, if any. */
  error(name: string): string | undefined;
  status: FormStatus;
  /** The page is hydrated: the form is sent by the page's code (before, by the browser). */
  ready: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

const IDLE: FormStatus = { state: 'idle', result: null, message: null, detail: null };

/** A struct, or a loader of one (a struct that should not load with the page). */
export type StructSource<T> = Struct<T, unknown> | (() => Promise<Struct<T, unknown>>);

interface Checker<T> {
  errors(values: Record<string, string>): Record<string, string>;
  clean(values: Record<string, string>): T;
}

/** The value of the field `id` in the page, if there is one (in the browser). */
function shownValue(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : undefined;
}

async function loadChecker<T>(source: StructSource<T>): Promise<Checker<T>> {
  const [checking, struct] = await Promise.all([import('./checking.ts'), typeof source === 'function' ? source() : source]);
  return { errors: (values) => checking.fieldErrors(struct, values), clean: (values) => checking.cleanFields(struct, values) };
}

export function useForm<T, A = unknown>(options: {
  names: string[];
  struct: StructSource<T>;
  /** The element id of each field, to move the focus to the first wrong one. */
  idOf: (name: string) => string;
  send: (fields: T, idempotencyKey: string) => Promise<A>;
  /** Values to start from (e.g. a profile's saved details); '' for any other field. */
  initial?: Record<string, string>;
  /** The message after a success; default 'Thanks you for your request'; null: none. */
  successMessage?: (answer: A) => string | null;
  /** The message after a failure; default 'Sorry an error occured, check your internet'. */
  failureMessage?: (error: unknown) => string;
  /** Fields emptied after a success (e.g. passwords). */
  clearOnSuccess?: string[];
  /** Where the form starts: the server's answer to this form sent without JavaScript. */
  restored?: { errors: Record<string, string>; status: FormStatus };
}): UseForm {
  const { names, struct, idOf, send, initial, successMessage, failureMessage, clearOnSuccess, restored } = options;
  const ready = useHydrated();
  // Hydrating, a field starts from what it shows: the server's value, or what the visitor typed
  // before the form's code arrived (a form taken over on first use, lib/island.tsx).
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((n) => [n, (ready ? undefined : shownValue(idOf(n))) ?? initial?.[n] ?? ''])),
  );
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(() => restored?.errors ?? {});
  const [status, setStatus] = useState<FormStatus>(() => restored?.status ?? IDLE);
  const key = useRef<string | null>(null);
  const busy = useRef(false);
  const [checker, setChecker] = useState<Checker<T> | null>(null);
  const loading = useRef<Promise<Checker<T>> | null>(null);
  const prepare = () =>
    (loading.current ??= loadChecker(struct).then(
      (loaded) => {
        setChecker(() => loaded);
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    ));

  // Checked when first read: nothing reads them before a submit, and every server render built (and
  // threw away) a StructError, its stack captured, for the empty fields.
  let checked: Record<string, string> | undefined;
  const errors = () => (checked ??= checker?.errors(values) ?? {});

  return {
    values,
    ready,
    status,
    set(name, value) {
      void prepare().catch(() => undefined);
      setValues((v) => ({ ...v, [name]: value }));
      setServerErrors(({ [name]: _, ...rest }) => rest);
      if (status.state === 'done') {
        // After a success an edit is a new request; after a failure, a retry.
        if (status.result === 'valid') key.current = null;
        setStatus(IDLE);
      }
    },
    error(name) {
      return attempted ? (errors()[name] ?? serverErrors[name]) : serverErrors[name];
    },
    onSubmit(event) {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      prepare().then(
        (loaded) => {
          busy.current = false;
          submit(loaded);
        },
        () => {
          busy.current = false;
          setStatus({ state: 'done', result: 'invalid', message: t('messages.networkError'), detail: null });
        },
      );
    },
  };

  function submit(loaded: Checker<T>) {
    setAttempted(true);
    const found = loaded.errors(values);
    const wrong = names.find((n) => found[n]);
    if (wrong) {
      setStatus({ state: 'done', result: 'invalid', message: t('forms.errors.summary'), detail: null });
      document.getElementById(idOf(wrong))?.focus();
      return;
    }
    const fields = loaded.clean(values);
    key.current ??= newIdempotencyKey();
    busy.current = true;
    setStatus({ state: 'processing', result: null, message: null, detail: null });
    send(fields, key.current).then(
      (answer) => {
        busy.current = false;
        if (clearOnSuccess?.length) setValues((v) => ({ ...v, ...Object.fromEntries(clearOnSuccess.map((n) => [n, ''])) }));
        const message = successMessage ? successMessage(answer) : t('messages.requestThanks');
        setStatus({ state: 'done', result: 'valid', message, detail: null });
      },
      (error: unknown) => {
        busy.current = false;
        const about = error instanceof HttpError && error.statusCode === 400 ? error : undefined;
        if (about?.field && about.fieldMessage && names.includes(about.field)) setServerErrors({ [about.field]: about.fieldMessage });
        // A refusal for now (a rate limit, an import holding the store) says what to do.
        const detail = error instanceof RetryLater ? error.message : null;
        setStatus({
          state: 'done',
          result: 'invalid',
          message: failureMessage ? failureMessage(error) : t('messages.networkError'),
          detail,
        });
      },
    );
  }
}

/** Where the form says how sending went: a polite live region, present from the start so it is announced. */
export function FormStatusMessage({ status }: { status: FormStatus }) {
  const tone = status.result === 'valid' ? 'success' : status.result === 'invalid' ? 'error' : 'none';
  return (
    <div className={`form-status form-status--${tone}`} role="status" aria-live="polite">
      {status.message && <p className="form-status__message">{status.message}</p>}
      {status.detail && <p className="form-status__detail">{status.detail}</p>}
    </div>
  );
}

/** The fields of a form in a responsive grid. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="field-grid">{children}</div>;
}
