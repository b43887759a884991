import { Alert, Notice } from './alert';
import { useI18n } from './i18n';

/**
 * The last lines of a console form: the API's refusal (Alert), the status line of a form that stays open after
 * saving, and the row of Save (disabled while the request runs) and Close. A form that shows its refusal above
 * the fields leaves `error` out; a form that cannot be closed leaves `onClose` out.
 */
export function FormFooter(props: {
  busy: boolean;
  /** The submit button's text. */
  save: string;
  error?: string;
  /**
   * The status line's text; '' still renders the (empty) line, so that screen readers hear it when it
   * changes. Left out, there is no line.
   */
  notice?: string;
  onClose?(): void;
  /** Close as a secondary button (the default) or as a link, as the form's panel has it. */
  closeLook?: 'secondary' | 'link';
}) {
  const { t } = useI18n();
  return (
    <>
      <Alert message={props.error} />
      {props.notice !== undefined ? <Notice message={props.notice} /> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={props.busy}>
          {props.save}
        </button>
        {props.onClose ? (
          <button type="button" className={props.closeLook ?? 'secondary'} onClick={props.onClose}>
            {t.close}
          </button>
        ) : null}
      </div>
    </>
  );
}
