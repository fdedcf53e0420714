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
  const common = { autoComplete, isInvalid: Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {multiline ? (
        <Form.Control {...form.register(name, { deps })} {...common} as="textarea" rows={3} />
      ) : (
        <Form.Control {...form.register(name, { deps })} {...common} type={type} />
      )}
      {hint && <Form.Text>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
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
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          {...form.register(name, { deps })}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          isInvalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
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
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}
