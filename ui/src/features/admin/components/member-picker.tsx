import { useState } from 'react';
import type { AdminUser } from '@evergrade/contracts';

type Props = { label: string; candidates: AdminUser[]; busy: boolean; onPick: (userId: number) => void; action: string; emptyText: string };

export const fullName = (u: Pick<AdminUser, 'first_name' | 'last_name' | 'email'>) => `${u.first_name} ${u.last_name}`.trim() || u.email;

/** Choose one person from the school's users and add them. */
export function MemberPicker({ label, candidates, busy, onPick, action, emptyText }: Props) {
  const [picked, setPicked] = useState('');
  if (candidates.length === 0) return <p className="text-muted small">{emptyText}</p>;
  return (
    <div className="inline-form">
      <select className="input" aria-label={label} value={picked} onChange={(e) => setPicked(e.target.value)}>
        <option value="">{label}…</option>
        {candidates.map((u) => (
          <option key={u.user_id} value={u.user_id}>
            {fullName(u)} · {u.email}
            {u.class ? ` · Grade ${u.class}` : ''}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary"
        disabled={!picked || busy}
        onClick={() => {
          onPick(Number(picked));
          setPicked('');
        }}
      >
        {action}
      </button>
    </div>
  );
}
