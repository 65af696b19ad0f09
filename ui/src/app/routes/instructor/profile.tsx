import { useQueryClient } from '@tanstack/react-query';
import { useInstructor, instructorQueryKey } from '../../../features/auth/api/get-instructor';
import { updateInstructorProfile } from '../../../features/profile/api/update-instructor-profile';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { ProfileInfoForm } from '../../../features/profile/components/profile-info-form';
import { ProfilePage } from '../../../components/profile-page';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';

export function InstructorProfileRoute() {
  const q = useInstructor();
  const client = useQueryClient();
  const p = q.data;
  return (
    <ProfilePage status={q.status} onRetry={() => void q.refetch()}>
      {p && (
        <ProfileInfoForm
          key={`${p.firstName}|${p.lastName}|${p.title}`}
          withTitle
          initial={{ firstName: p.firstName, lastName: p.lastName, title: p.title }}
          readOnly={[{ label: 'Email', value: p.email }]}
          save={({ firstName, lastName, title }) => updateInstructorProfile({ firstName, lastName, title: title ?? '' })}
          onSaved={({ firstName, lastName, title }, position) => {
            useSessionStore.getState().setInstructor({ firstName, lastName, title: title ?? '' });
            void invalidateAt(client, instructorQueryKey, position);
          }}
        />
      )}
      <ChangePasswordForm />
    </ProfilePage>
  );
}
