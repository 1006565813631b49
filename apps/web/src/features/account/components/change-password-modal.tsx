export interface ChangePasswordModalProps {
  isOpen: boolean;
  onClose: () => void;
}

// Placeholder: replaced in this session by the owner of this file.
export function ChangePasswordModal(props: ChangePasswordModalProps) {
  return props.isOpen ? null : null;
}
