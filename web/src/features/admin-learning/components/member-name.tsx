import { useMember } from '../api/people';

/** A member named by user id: name and e-mail from auth (the id while it loads or if unknown). */
export function MemberName({ userId }: { userId: string }) {
  const member = useMember(userId);
  const user = member.data;
  if (!user) {
    return (
      <span className="learning-admin__id" data-testid="enrolment-member">
        {userId}
      </span>
    );
  }
  return (
    <span className="learning-admin__member" data-testid="enrolment-member" data-user-id={userId}>
      {user.firstName} {user.lastName}
      <span className="table__sub">{user.email}</span>
    </span>
  );
}
