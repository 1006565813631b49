export interface DeleteAccountModalProps {
  isOpen: boolean;
  onClose: () => void;
}

// Placeholder: replaced in this session by the owner of this file.
export function DeleteAccountModal(props: DeleteAccountModalProps) {
  return props.isOpen ? null : null;
}
