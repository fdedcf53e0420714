import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textOf } from '@portal/contract/messages';

interface FieldProps<T extends FieldValues> {
  /** The form; its output type (after the schema's transforms) does not matter to one field. */
  form: UseFormReturn<T, unknown, FieldValues>;
  /** The spec's field name; it is also the input's `name`. */
  name: Path<T>;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** Fields whose rules depend on this one (confirmPW on password), checked again when it changes. */
  deps?: Path<T>[];
  multiline?: boolean;
  hint?: ReactNode;
}

/**
 * The message under a field, shown only once the field was touched or the form submitted (spec
 * section 4). A schema's rule names a catalogue key; a library's own message is shown as it is.
 */
function useFieldError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  name: Path<T>,
): string | undefined {
  const { t } = useTranslation();
  const { errors, touchedFields, isSubmitted } = form.formState;
  const touched = Boolean((touchedFields as Record<string, unknown>)[name]) || isSubmitted;
  const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return touched && message ? textOf(t, message) : undefined;
}

const idOf = (name: string) => `field-${name}`;

/**
 * What every field of the account forms has around its control: the label, a hint, and the message
 * under the whole control (a password's show button included) in the form's error style, so the
 * control keeps its width on a phone.
 */
function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children}
      {hint && <Form.Text>{hint}</Form.Text>}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

/** The control's side of a field's message: marked invalid and described by the message while there is one. */
const invalidProps = (id: string, error: string | undefined) => ({
  isInvalid: Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  deps,
  multiline,
  hint,
}: FieldProps<T>) {
  const error = useFieldError(form, name);
  const id = idOf(name);
  const common = { autoComplete, ...invalidProps(id, error) };
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <Form.Control {...form.register(name, { deps })} {...common} as="textarea" rows={3} />
      ) : (
        <Form.Control {...form.register(name, { deps })} {...common} type={type} />
      )}
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label,
  autoComplete = 'current-password',
  deps,
}: Omit<FieldProps<T>, 'type' | 'multiline'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const error = useFieldError(form, name);
  const id = idOf(name);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <InputGroup>
        <Form.Control
          {...form.register(name, { deps })}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          {...invalidProps(id, error)}
        />
        <Button
          variant="outline-secondary"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={t(visible ? 'passwordField.hideLabel' : 'passwordField.showLabel', {
            field: label.toLowerCase(),
          })}
          aria-controls={id}
        >
          {visible ? t('passwordField.hide') : t('passwordField.show')}
        </Button>
      </InputGroup>
    </FieldFrame>
  );
}
