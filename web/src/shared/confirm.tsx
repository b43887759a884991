import { useI18n } from './i18n';

/**
 * A step that cannot be undone, asked a second time: the question, the "yes" and the safe answer. The safe
 * answer takes the focus, since the button that opened the question may be gone and the keyboard must land on
 * something harmless.
 */
export function Confirm(props: {
  question: string;
  /** The group's name for screen readers when the question alone does not say what it is about. */
  label?: string;
  yes: string;
  busy?: boolean;
  onYes(): void;
  onKeep(): void;
}) {
  const { t } = useI18n();
  return (
    <div className="actions" role="group" aria-label={props.label ?? props.question}>
      <p>{props.question}</p>
      <button type="button" className="danger" disabled={props.busy} onClick={props.onYes}>
        {props.yes}
      </button>
      <button type="button" className="secondary" autoFocus onClick={props.onKeep}>
        {t.keep}
      </button>
    </div>
  );
}
