export interface DeactivateAccountModalProps {
  isOpen: boolean;
  onClose: () => void;
}

// Placeholder: replaced in this session by the owner of this file.
export function DeactivateAccountModal(props: DeactivateAccountModalProps) {
  return props.isOpen ? null : null;
}
