import { useQueryClient } from '@tanstack/react-query';
import { useStudent, studentQueryKey } from '../../../features/auth/api/get-student';
import { updateStudentProfile } from '../../../features/profile/api/update-student-profile';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { ProfileInfoForm } from '../../../features/profile/components/profile-info-form';
import { ProfilePage } from '../../../components/profile-page';
import { formatDate } from '../../../lib/format';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';

export function StudentProfileRoute() {
  const q = useStudent();
  const client = useQueryClient();
  const p = q.data;
  return (
    <ProfilePage status={q.status} onRetry={() => void q.refetch()}>
      {p && (
        <ProfileInfoForm
          key={`${p.firstName}|${p.lastName}`}
          initial={{ firstName: p.firstName, lastName: p.lastName }}
          readOnly={[
            { label: 'Email', value: p.email },
            { label: 'Class', value: p.class ? `Grade ${p.class}` : '' },
            { label: 'Section', value: p.section },
            { label: 'Enrollment date', value: p.enrollmentDate ? formatDate(p.enrollmentDate) : '' },
          ]}
          save={({ firstName, lastName }) => updateStudentProfile({ firstName, lastName })}
          onSaved={({ firstName, lastName }, position) => {
            useSessionStore.getState().setStudent({ firstName, lastName });
            void invalidateAt(client, studentQueryKey, position);
          }}
        />
      )}
      <ChangePasswordForm />
    </ProfilePage>
  );
}
