import { PasswordChecklist, PasswordMatch } from '../../../components/password-checklist';
import { PasswordField } from '../../../components/password-field';

type Props = { password: string; confirm: string; onPassword: (v: string) => void; onConfirm: (v: string) => void; label?: string };

export function NewPasswordFields({ password, confirm, onPassword, onConfirm, label = 'Password' }: Props) {
  return (
    <>
      <PasswordField
        label={label}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        name="password"
        describedBy="password-rules"
      />
      <PasswordChecklist password={password} id="password-rules" />
      <PasswordField
        label={`Confirm ${label.toLowerCase()}`}
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
        name="confirm"
        invalid={!!confirm && confirm !== password}
      />
      <PasswordMatch password={password} confirm={confirm} />
    </>
  );
}
