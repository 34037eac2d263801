import { normalizeRole, ROLES, type Role } from '@pos/core';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import { roleLabelKey } from '../../lib/roles';

interface RoleSelectProps {
  id: string;
  value: unknown;
  onChange: (role: Role) => void;
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/** Role picker showing the Thai role labels. */
export function RoleSelect({ id, value, onChange, onBlur, disabled, ...aria }: RoleSelectProps) {
  const t = useT();
  const current = normalizeRole(typeof value === 'string' ? value : null) ?? undefined;
  return (
    <Select
      value={current}
      onValueChange={(next) => {
        const role = normalizeRole(next);
        if (role) onChange(role);
      }}
      disabled={disabled}
    >
      <SelectTrigger id={id} onBlur={onBlur} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {t(roleLabelKey(role))}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
