import { useTranslation } from 'react-i18next';
import type { MemberGroupMember } from '@rian/proto-contracts/learning-groups';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { User } from '@/types/api';
import { useHomeGroups } from '../../api/member-home';
import { useGroupDialogStore } from '../../stores/group-dialog-store';
import type { MemberGroupButton } from '../member-side-panel';
import { GroupDialog } from './group-dialog';
import '../../i18n-groups';
import './member-groups.css';

/** The side panel's group buttons: one per group of the course (social = Facebook, messaging = LINE). */
export function useMemberGroupButtons(): MemberGroupButton[] {
  const { t } = useTranslation();
  const groups = useHomeGroups();
  const open = useGroupDialogStore((s) => s.open);
  return (groups.data?.items ?? []).map((g) => ({
    kind: g.type === 'line' ? 'messaging' : 'social',
    label: t(g.type === 'line' ? 'memberGroups.button.line' : 'memberGroups.button.facebook'),
    onOpen: () => open(g.id),
  }));
}

function JoinPrompt({
  group,
  onOpen,
  onLater,
}: {
  group: MemberGroupMember;
  onOpen: () => void;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  const line = group.type === 'line';
  return (
    <Dialog open>
      <DialogContent
        className="member-dialog member-dialog--prompt"
        title={t(line ? 'memberGroups.prompt.titleLine' : 'memberGroups.prompt.titleFacebook')}
        description={t('memberGroups.prompt.text', { name: group.name })}
        closeLabel={t('memberGroups.prompt.later')}
        dismissible={false}
        data-testid={`group-prompt-${group.type}`}
      >
        <div className="group-dialog__actions">
          <Button variant="primary" onClick={onOpen} data-testid="group-prompt-open">
            {t('memberGroups.prompt.open')}
          </Button>
          <Button variant="secondary" onClick={onLater} data-testid="group-prompt-later">
            {t('memberGroups.prompt.later')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The member area's groups (spec 01 §4 "Group join", §2 group dialogs): one join prompt at a time
 * for each group of the course the member has not asked to join — "later" puts it off for this
 * browser session — and the group dialog the prompts and the side panel's buttons open. `enabled`
 * holds the prompts back while something else must come first (the stand-by dialog, the terms).
 */
export function MemberGroups({ user, enabled = true }: { user: User; enabled?: boolean }) {
  const groups = useHomeGroups();
  const { openGroupId, later, open, close, putOff } = useGroupDialogStore();
  const items = groups.data?.items ?? [];
  const openGroup = items.find((g) => g.id === openGroupId) ?? null;
  const prompt = enabled && !openGroup ? items.find((g) => !g.request && !later.includes(g.id)) : undefined;
  return (
    <>
      {prompt && (
        <JoinPrompt
          key={prompt.id}
          group={prompt}
          onOpen={() => {
            putOff(prompt.id);
            open(prompt.id);
          }}
          onLater={() => putOff(prompt.id)}
        />
      )}
      {openGroup && (
        <GroupDialog
          group={openGroup}
          courseCode={groups.data?.courseCode ?? null}
          user={user}
          onClose={close}
        />
      )}
    </>
  );
}
